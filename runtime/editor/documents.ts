// The editor's view of tenant documents: it opens a tenant's resolved document (its template applied, before schema
// defaults), saves drafts and publishes. Publishing writes the tenant file back as a merge patch over its template,
// atomically, only when the file as written passes the same validator as `npm run validate`, then reloads the
// tenant on the live server.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Json } from '../tenants/merge-patch';
import { loadTenant, tenantFiles } from '../tenants/load';
import type { Problem } from '../tenants/problems';
import { knownTemplates, readJsonFile, resolveDocument, resolveTenantFile } from '../tenants/resolve';
import { validateTenantDocument } from '../tenants/validate';
import { writeFileAtomic } from './atomic-write';
import { deepEqual, tenantFileFor } from './file-patch';
import { RevisionStore, type RevisionMeta } from './revisions';

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

export interface Author {
  email: string;
  name: string;
}

export class EditorDocuments {
  constructor(
    private readonly tenantsDir: string,
    private readonly templatesDir: string,
    readonly revisions: RevisionStore,
    private readonly onPublished: (file: string) => void = () => {},
  ) {}

  fileOf(slug: string): string | undefined {
    if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug)) return undefined;
    const file = join(this.tenantsDir, `${slug}.json`);
    return existsSync(file) ? file : undefined;
  }

  /** Every tenant file's slug and name (names read from the resolved documents). */
  list(): { slug: string; name: string }[] {
    return tenantFiles(this.tenantsDir).map((file) => {
      const slug = file.slice(file.lastIndexOf('/') + 1, -'.json'.length);
      try {
        const doc = resolveTenantFile(file, this.templatesDir);
        return { slug, name: typeof doc.name === 'string' ? doc.name : slug };
      } catch {
        return { slug, name: slug };
      }
    });
  }

  /** The document the editor works on: the newest revision, after taking in a tenant file changed on disk. */
  open(slug: string): OpenedDocument | undefined {
    const file = this.fileOf(slug);
    if (!file) return undefined;
    const onDisk = resolveTenantFile(file, this.templatesDir);
    const live = this.revisions.latestLive(slug);
    if (!live || !deepEqual(live.doc, onDisk)) {
      const head = this.revisions.head(slug);
      this.revisions.append(slug, { baseRev: head?.rev, kind: 'imported', author: '', authorName: 'the tenant file on disk', doc: onDisk });
    }
    const head = this.revisions.head(slug)!;
    const { doc, ...headMeta } = head;
    const { doc: _live, ...liveMeta } = this.revisions.latestLive(slug)!;
    return { slug, doc, head: headMeta, live: liveMeta };
  }

  private resolvedTemplate(name: string): Record<string, Json> {
    const base = resolveDocument({ template: name }, this.templatesDir) as Record<string, Json>;
    delete base.$schema;
    return base;
  }

  /** The tenant file that publishing `doc` writes. */
  fileFor(slug: string, doc: Record<string, unknown>): Record<string, Json> {
    const file = this.fileOf(slug)!;
    const original = readJsonFile(file) as Record<string, Json>;
    return tenantFileFor(this.resolvedTemplate(String(doc.template)), doc as Record<string, Json>, original);
  }

  /** Problems of the file as it would be written, found exactly as `npm run validate` finds them. */
  checkFile(slug: string, file: Record<string, Json>): Problem[] {
    const dir = mkdtempSync(join(tmpdir(), 'editor-check-'));
    try {
      const path = join(dir, `${slug}.json`);
      writeFileSync(path, JSON.stringify(file));
      const loaded = loadTenant(path, this.templatesDir);
      return loaded.ok ? [] : loaded.problems;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  save(slug: string, input: { baseRev: number; doc: Record<string, unknown>; publish: boolean; author: Author; restoredFrom?: number }): SaveResult {
    const file = this.fileOf(slug)!;
    const { doc } = input;
    const identity: Problem[] = [];
    if (doc.slug !== slug) identity.push({ path: 'slug', message: `the site id cannot be changed in the editor (it must stay "${slug}")`, code: 'editor' });
    // Staff pick one of the templates, never a path: another site's live document must not become this one's base.
    if (typeof doc.template !== 'string' || !knownTemplates(this.templatesDir).includes(doc.template)) {
      identity.push({ path: 'template', message: `template ${JSON.stringify(doc.template)} is not one of the templates (${knownTemplates(this.templatesDir).join(', ')})`, code: 'editor' });
    }
    if (identity.length) return { ok: false, status: 422, problems: identity };
    let written: Record<string, Json> | undefined;
    if (input.publish) {
      const result = validateTenantDocument(doc);
      if (!result.ok) return { ok: false, status: 422, problems: result.problems };
      written = this.fileFor(slug, doc);
      const problems = this.checkFile(slug, written);
      if (problems.length) return { ok: false, status: 422, problems };
    }
    const appended = this.revisions.append(slug, {
      baseRev: input.baseRev,
      kind: input.publish ? 'published' : 'draft',
      author: input.author.email,
      authorName: input.author.name,
      doc,
      restoredFrom: input.restoredFrom,
    });
    if (!appended.ok) return { ok: false, status: 409, conflict: appended.conflict };
    if (written) {
      writeFileAtomic(file, JSON.stringify(written, null, 2) + '\n');
      this.onPublished(file);
    }
    const { doc: _doc, ...live } = this.revisions.latestLive(slug)!;
    return { ok: true, revision: appended.revision, live };
  }
}
