// The editor's view of tenant documents: it opens a tenant's resolved document (its template applied, before schema
// defaults), saves drafts and publishes. Publishing writes the tenant file back as a merge patch over its template,
// atomically, only when the file as written passes the same validator as `npm run validate`, then reloads the
// tenant on the live server. The files and revisions live in a TenantDocumentStore: files by default, PostgreSQL with
// DATABASE_URL (document-store.ts).
import { join } from 'node:path';
import { effectiveLocks, lockedValue, setLockedValue } from '../document/locks';
import type { Json } from '../tenants/merge-patch';
import { publishTemplateChange, type TemplateChangeReport } from '../tenants/template-change';
import { writeFileAtomic } from './atomic-write';
import { loadTenantText } from '../tenants/load';
import type { Problem } from '../tenants/problems';
import { knownTemplates, parseJsonText, readJsonFile, resolveDocument, resolveTenantJson } from '../tenants/resolve';
import { validateTenantDocument } from '../tenants/validate';
import { SLUG, type TenantDocumentStore } from './document-store';
import { deepEqual, tenantFileFor } from './file-patch';
import type { RevisionMeta } from './revisions';

export interface OpenedDocument {
  slug: string;
  doc: Record<string, unknown>;
  head: RevisionMeta;
  live: RevisionMeta;
}

export type SaveResult =
  | { ok: true; revision: RevisionMeta; live: RevisionMeta }
  | { ok: false; status: 409; conflict: RevisionMeta }
  | { ok: false; status: 422; problems: Problem[] };

/** A value a template locks, as a platform admin edits it: a block's props, one prop of a block, or a pointer's value. */
export interface TemplateLock {
  block?: string;
  prop?: string;
  path?: string;
  reason: string;
  /** The locked block's type (its props are edited with the block's form). */
  blockType?: string;
  value: unknown;
}

/** A tenant a template publish reached, with the published revision it got. */
interface TemplateReach extends TemplateChangeReport {
  revision?: RevisionMeta;
}

export type TemplatePublishResult =
  | { ok: true; report: TemplateReach[] }
  | { ok: false; status: 400 | 404 | 422; error: string; report?: TemplateChangeReport[] };

export interface Author {
  email: string;
  name: string;
}

export class EditorDocuments {
  constructor(
    readonly store: TenantDocumentStore,
    private readonly templatesDir: string,
    private readonly onPublished: (slug: string) => void | Promise<void> = () => {},
  ) {}

  /** The revision log (get, list, latestLive). */
  get revisions(): TenantDocumentStore {
    return this.store;
  }

  /** Whether there is a tenant with this slug. */
  async exists(slug: string): Promise<boolean> {
    return SLUG.test(slug) && (await this.store.readText(slug)) !== undefined;
  }

  // biome-ignore lint/suspicious/noExplicitAny: a JSON document (tenant document or revision) walked by key; Ajv, not TypeScript, checks its shape
  private async resolved(slug: string): Promise<Record<string, any> | undefined> {
    const text = await this.store.readText(slug);
    return text === undefined ? undefined : resolveTenantJson(parseJsonText(text, this.store.label(slug)), this.templatesDir);
  }

  /** Every tenant's slug and name (names read from the resolved documents). */
  async list(): Promise<{ slug: string; name: string }[]> {
    const out: { slug: string; name: string }[] = [];
    for (const slug of await this.store.slugs()) {
      try {
        const doc = await this.resolved(slug);
        if (doc) out.push({ slug, name: typeof doc.name === 'string' ? doc.name : slug });
      } catch {
        out.push({ slug, name: slug });
      }
    }
    return out;
  }

  /** The document the editor works on: the newest revision, after taking in a tenant file changed outside the editor. */
  async open(slug: string): Promise<OpenedDocument | undefined> {
    if (!SLUG.test(slug)) return undefined;
    const { text, live, head } = await this.store.snapshot(slug);
    if (text === undefined) return undefined;
    const current = resolveTenantJson(parseJsonText(text, this.store.label(slug)), this.templatesDir);
    if (!live || !deepEqual(live.doc, current)) {
      // Based on the head read with the file: if anyone saved since, this is refused (their revision stands).
      await this.store.append(slug, { baseRev: head?.rev, kind: 'imported', author: '', authorName: 'the tenant file on disk', doc: current });
    }
    const { doc, ...headMeta } = (await this.store.head(slug))!;
    const { doc: _live, ...liveMeta } = (await this.store.latestLive(slug))!;
    return { slug, doc, head: headMeta, live: liveMeta };
  }

  /** A template as tenants of it inherit it (its own template applied). */
  resolvedTemplate(name: string): Record<string, Json> {
    const base = resolveDocument({ template: name }, this.templatesDir) as Record<string, Json>;
    delete base.$schema;
    return base;
  }

  private templateFile(name: string): Record<string, Json> | undefined {
    return knownTemplates(this.templatesDir).includes(name) ? (readJsonFile(join(this.templatesDir, `${name}.json`)) as Record<string, Json>) : undefined;
  }

  /** The templates, each with the values its own file locks (what a platform admin edits and publishes). */
  templates(): { name: string; locks: TemplateLock[] }[] {
    return knownTemplates(this.templatesDir).map((name) => {
      const file = this.templateFile(name)!;
      const locks = (Array.isArray(file.locks) ? file.locks : []) as unknown as { block?: string; prop?: string; path?: string; reason: string }[];
      return {
        name,
        locks: locks.map((lock) => {
          const found = lockedValue(file, lock);
          if (lock.block && !lock.prop) {
            const block = (found as { block?: { type: string; props?: unknown } } | undefined)?.block;
            return { ...lock, blockType: block?.type, value: block?.props ?? {} };
          }
          return { ...lock, value: found };
        }),
      };
    });
  }

  /**
   * Publishes new locked values of a template (by the lock's place in its list): the tenants it changes are reported,
   * nothing is written when one of them would not be served, and each changed tenant is reloaded on this server.
   */
  async publishTemplate(name: string, values: { lock: number; value: unknown }[], author: Author): Promise<TemplatePublishResult> {
    const file = this.templateFile(name);
    if (!file) return { ok: false, status: 404, error: `There is no template called ${JSON.stringify(name)}.` };
    const locks = (Array.isArray(file.locks) ? file.locks : []) as unknown as { block?: string; prop?: string; path?: string; reason: string }[];
    if (!Array.isArray(values) || !values.length)
      return { ok: false, status: 400, error: 'Send the locked values to publish: {"values": [{"lock": 0, "value": …}]}.' };
    const next = structuredClone(file);
    for (const v of values) {
      const lock = Number.isInteger(v?.lock) ? locks[v.lock] : undefined;
      if (!lock) return { ok: false, status: 400, error: `The ${name} template has no lock number ${JSON.stringify(v?.lock)}; it has ${locks.length}.` };
      if (!setLockedValue(next, lock, v.value))
        return { ok: false, status: 422, error: `The ${name} template's own file does not hold block ${lock.block}; change it in the template it comes from.` };
    }
    const tenants: { slug: string; text: string }[] = [];
    for (const slug of await this.store.slugs()) {
      const text = await this.store.readText(slug);
      if (text !== undefined) tenants.push({ slug, text });
    }
    const published = publishTemplateChange(this.templatesDir, tenants, name, JSON.stringify(next, null, 2) + '\n', writeFileAtomic);
    if (!published.written) {
      const broken = published.report.filter((r) => r.problems.length).map((r) => r.slug);
      return {
        ok: false,
        status: 422,
        error: `Not published: ${broken.join(', ')} would not be served with these values. Fix the problems listed first.`,
        report: published.report,
      };
    }
    const report: TemplateReach[] = [];
    for (const r of published.report) report.push({ ...r, revision: await this.republish(r.slug, author) });
    return { ok: true, report };
  }

  /**
   * Publishes a tenant again after its template changed, the way the Publish button does: its resolved document becomes
   * a published revision by `author` and its file is written again, which tells every other process to reload it (the
   * PostgreSQL store's NOTIFY, the tenants folder's watchers). A draft in progress stays on top, with the template's
   * new locked values (staff cannot change those, and a draft with the old ones could not be published).
   */
  private async republish(slug: string, author: Author): Promise<RevisionMeta | undefined> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const { text, live, head } = await this.store.snapshot(slug);
      if (text === undefined) return undefined;
      const current = resolveTenantJson(parseJsonText(text, this.store.label(slug)), this.templatesDir) as Record<string, Json>;
      const draft = head && live && head.rev !== live.rev ? await this.store.get(slug, head.rev) : undefined;
      const by = { author: author.email, authorName: author.name };
      const appended = await this.store.append(slug, { baseRev: head?.rev, kind: 'published', ...by, doc: current }, text);
      if (!appended.ok) continue; // someone saved meanwhile: publish on top of their revision
      await this.onPublished(slug);
      if (draft) {
        const rebased = structuredClone(draft.doc);
        for (const lock of effectiveLocks(this.resolvedTemplate(String(current.template)), undefined)) {
          const value = lockedValue(current, lock);
          setLockedValue(rebased, lock, lock.block && !lock.prop ? (value as { block?: { props?: unknown } } | undefined)?.block?.props : value);
        }
        await this.store.append(slug, { baseRev: appended.revision.rev, kind: 'draft', author: draft.author, authorName: draft.authorName, doc: rebased });
      }
      return appended.revision;
    }
    await this.onPublished(slug);
    return undefined;
  }

  /** The tenant file that publishing `doc` writes. */
  async fileFor(slug: string, doc: Record<string, unknown>): Promise<Record<string, Json>> {
    const original = parseJsonText((await this.store.readText(slug)) ?? '{}', this.store.label(slug)) as Record<string, Json>;
    return tenantFileFor(this.resolvedTemplate(String(doc.template)), doc as Record<string, Json>, original);
  }

  /** Problems of the file as it would be written, found exactly as `npm run validate` finds them. */
  checkFile(slug: string, file: Record<string, Json>): Problem[] {
    const loaded = loadTenantText(slug, JSON.stringify(file), this.templatesDir);
    return loaded.ok ? [] : loaded.problems;
  }

  async save(
    slug: string,
    input: { baseRev: number; doc: Record<string, unknown>; publish: boolean; author: Author; restoredFrom?: unknown },
  ): Promise<SaveResult> {
    const { doc } = input;
    // The audit log says "restored revision N": N must be a revision of this site, not any number a client sends.
    const restoredFrom = input.restoredFrom;
    if (restoredFrom !== undefined && (!Number.isInteger(restoredFrom) || !(await this.store.get(slug, restoredFrom as number)))) {
      return {
        ok: false,
        status: 422,
        problems: [
          { path: 'restoredFrom', message: `${JSON.stringify(restoredFrom)} is not a revision of this site, so it cannot be restored`, code: 'editor' },
        ],
      };
    }
    const identity: Problem[] = [];
    if (doc.slug !== slug) identity.push({ path: 'slug', message: `the site id cannot be changed in the editor (it must stay "${slug}")`, code: 'editor' });
    // Staff pick one of the templates, never a path: another site's live document must not become this one's base.
    if (typeof doc.template !== 'string' || !knownTemplates(this.templatesDir).includes(doc.template)) {
      identity.push({
        path: 'template',
        message: `template ${JSON.stringify(doc.template)} is not one of the templates (${knownTemplates(this.templatesDir).join(', ')})`,
        code: 'editor',
      });
    }
    if (identity.length) return { ok: false, status: 422, problems: identity };
    let written: Record<string, Json> | undefined;
    if (input.publish) {
      const result = validateTenantDocument(doc);
      if (!result.ok) return { ok: false, status: 422, problems: result.problems };
      written = await this.fileFor(slug, doc);
      const problems = this.checkFile(slug, written);
      if (problems.length) return { ok: false, status: 422, problems };
    }
    const appended = await this.store.append(
      slug,
      {
        baseRev: input.baseRev,
        kind: input.publish ? 'published' : 'draft',
        author: input.author.email,
        authorName: input.author.name,
        doc,
        restoredFrom: restoredFrom as number | undefined,
      },
      written ? JSON.stringify(written, null, 2) + '\n' : undefined,
    );
    if (!appended.ok) return { ok: false, status: 409, conflict: appended.conflict };
    if (written) await this.onPublished(slug);
    const { doc: _doc, ...live } = (await this.store.latestLive(slug))!;
    return { ok: true, revision: appended.revision, live };
  }
}
