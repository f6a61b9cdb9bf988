// Where tenant documents and their revisions live: one interface, two backends. Files are the default (tenants/*.json,
// the source `npm run validate` checks in CI, and revision files under the editor's data folder); with DATABASE_URL
// they live in PostgreSQL (pg-document-store.ts), so every server process reads the same documents and a publish on
// one process reaches the others through LISTEN/NOTIFY. `npm run tenants -- import|export` moves them between the two.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LoadedTenant } from '../tenants/load';
import { loadTenantText, tenantFiles } from '../tenants/load';
import { writeFileAtomic } from './atomic-write';
import { RevisionStore, type AppendResult, type Revision, type RevisionKind, type RevisionMeta } from './revisions';

export const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export interface AppendInput {
  baseRev: number | undefined;
  kind: RevisionKind;
  author: string;
  authorName: string;
  doc: Record<string, unknown>;
  restoredFrom?: number;
}

/** A change seen by `follow`: one tenant's file (a slug), or everything (after a lost connection). */
export type TenantChange = { slug: string } | { all: true };

export interface Snapshot {
  text: string | undefined;
  live: Revision | undefined;
  head: RevisionMeta | undefined;
}

export interface TenantDocumentStore {
  readonly kind: 'files' | 'postgres';
  /** How problems name a tenant's file: its path, or "postgres:{slug}". */
  label(slug: string): string;
  /** Slugs of every tenant file, sorted. */
  slugs(): Promise<string[]>;
  /** The tenant file's JSON text (a merge patch over its template), or undefined when there is no such tenant. */
  readText(slug: string): Promise<string | undefined>;
  /**
   * The tenant file, its newest live revision and the head, read together: a publish committed meanwhile shows in all
   * three or in none (the editor compares the file with the live revision to take in files changed outside it).
   */
  snapshot(slug: string): Promise<Snapshot>;
  /** Writes a tenant file outside the editor (imports); no revision is recorded. Other processes are told. */
  putText(slug: string, text: string): Promise<void>;
  get(slug: string, rev: number): Promise<Revision | undefined>;
  head(slug: string): Promise<Revision | undefined>;
  /** Newest first, without the documents. */
  list(slug: string): Promise<RevisionMeta[]>;
  /** The newest revision that is (or was) live: published, or imported from the tenant file. */
  latestLive(slug: string): Promise<Revision | undefined>;
  /**
   * Appends a revision based on `baseRev` (refused with the head when the head has moved on). With `publishedText`, that
   * text becomes the tenant's file too: durably, before this resolves, and other processes are told.
   */
  append(slug: string, input: AppendInput, publishedText?: string): Promise<AppendResult>;
  /** Calls `onChange` for every tenant file changed by any process; resolves to a function that stops following. */
  follow(onChange: (change: TenantChange) => void, log?: (message: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** The default: tenant files in a folder, revisions as files (revisions.ts). A folder watcher (TenantRegistry.watch)
 *  follows changes, so `follow` here reports nothing. */
export class FileTenantDocumentStore implements TenantDocumentStore {
  readonly kind = 'files' as const;
  readonly revisions: RevisionStore;

  constructor(
    readonly tenantsDir: string,
    revisionsDir: string,
    now?: () => Date,
  ) {
    this.revisions = new RevisionStore(revisionsDir, now);
  }

  fileOf(slug: string): string | undefined {
    return SLUG.test(slug) ? join(this.tenantsDir, `${slug}.json`) : undefined;
  }

  label(slug: string) {
    return this.fileOf(slug) ?? slug;
  }

  async slugs() {
    return tenantFiles(this.tenantsDir)
      .map((f) => f.slice(f.lastIndexOf('/') + 1, -'.json'.length))
      .filter((s) => SLUG.test(s));
  }

  async readText(slug: string) {
    const file = this.fileOf(slug);
    if (!file || !existsSync(file)) return undefined;
    try {
      return readFileSync(file, 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw e;
    }
  }

  async snapshot(slug: string): Promise<Snapshot> {
    // Revision files are written before the tenant file: read the head before and after, and again if it moved.
    for (let attempt = 0; ; attempt++) {
      const before = this.revisions.head(slug);
      const text = await this.readText(slug);
      const live = this.revisions.latestLive(slug);
      const head = this.revisions.head(slug);
      if (head?.rev === before?.rev || attempt >= 5) {
        const { doc: _doc, ...meta } = head ?? ({} as Revision);
        return { text, live, head: head ? meta : undefined };
      }
    }
  }

  async putText(slug: string, text: string) {
    const file = this.fileOf(slug);
    if (!file) throw new Error(`invalid tenant slug ${JSON.stringify(slug)}`);
    writeFileAtomic(file, text);
  }

  async get(slug: string, rev: number) {
    return this.revisions.get(slug, rev);
  }

  async head(slug: string) {
    return this.revisions.head(slug);
  }

  async list(slug: string) {
    return this.revisions.list(slug);
  }

  async latestLive(slug: string) {
    return this.revisions.latestLive(slug);
  }

  async append(slug: string, input: AppendInput, publishedText?: string) {
    const appended = this.revisions.append(slug, input);
    // The revision first, then the file: a crash between the two leaves a published revision the file does not show
    // yet, and the editor's next open takes the file back in as an 'imported' revision (nothing is lost or torn).
    if (appended.ok && publishedText !== undefined) await this.putText(slug, publishedText);
    return appended;
  }

  async follow() {
    return async () => {};
  }

  async close() {}
}

/** Loads (resolves, migrates, validates) one tenant from a store; undefined when the store has no such tenant. */
export async function loadStoredTenant(store: TenantDocumentStore, slug: string, templatesDir: string): Promise<LoadedTenant | undefined> {
  const text = await store.readText(slug);
  return text === undefined ? undefined : loadTenantText(slug, text, templatesDir, store.label(slug));
}

export async function loadStoredTenants(store: TenantDocumentStore, templatesDir: string): Promise<LoadedTenant[]> {
  const loaded: LoadedTenant[] = [];
  for (const slug of await store.slugs()) {
    const t = await loadStoredTenant(store, slug, templatesDir);
    if (t) loaded.push(t);
  }
  return loaded;
}
