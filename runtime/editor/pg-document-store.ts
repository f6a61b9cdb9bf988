// Tenant documents and their revisions in PostgreSQL (DATABASE_URL), written over Kysely with numbered migrations:
// every server process reads the same documents. A publish appends the revision and replaces the tenant file in one
// transaction, and NOTIFY (sent on commit) tells every process that follows the store, which then loads and validates
// the document before serving it (runtime/server/tenant-follower.ts). A reader sees a whole revision or none: rows are
// never half-written. Without DATABASE_URL the documents are files (document-store.ts; see docs/decisions/0006).
import { type Generated, type Kysely, sql } from 'kysely';
import { listenWithReconnect } from '../infra/db/pg-listen';
import { openPgDb, type SqlDb } from '../infra/db/sql-db';
import { type AppendInput, FileTenantDocumentStore, SLUG, type Snapshot, type TenantChange, type TenantDocumentStore } from './document-store';
import { tenantDocumentMigrations } from './migrations';
import { type AppendResult, nextRevision, type Revision, type RevisionMeta } from './revisions';

const TENANT_CHANNEL = 'tenant_documents';

interface RevisionRow {
  slug: string;
  rev: number;
  kind: string;
  author: string;
  author_name: string;
  at: string;
  base_rev: number | null;
  restored_from: number | null;
  doc: string;
}

interface DocumentTables {
  tenant_documents: { slug: string; file: string; version: Generated<number | string>; updated_at: Generated<Date> };
  tenant_revisions: RevisionRow;
}

type Db = Kysely<DocumentTables>;

/** Serialises first-start seeding of the tenant table across processes starting together. */
const SEED_LOCK = 727276;

// biome-ignore lint/suspicious/noExplicitAny: a database row; each column is read by name and converted where the row is mapped
type Row = Record<string, any>;
const metaOf = (r: Row): RevisionMeta => ({
  rev: r.rev,
  kind: r.kind,
  author: r.author,
  authorName: r.author_name,
  at: r.at,
  ...(r.base_rev !== null ? { baseRev: r.base_rev } : {}),
  ...(r.restored_from !== null ? { restoredFrom: r.restored_from } : {}),
});
const revisionOf = (r: Row): Revision => ({ ...metaOf(r), doc: JSON.parse(r.doc) });
const META = ['slug', 'rev', 'kind', 'author', 'author_name', 'at', 'base_rev', 'restored_from'] as const;

function checkSlug(slug: string) {
  if (!SLUG.test(slug)) throw new Error(`invalid tenant slug ${JSON.stringify(slug)}`);
}

/** Thrown inside append's transaction to roll it back when another process took the revision number first. */
class LostRace extends Error {}

export class PgTenantDocumentStore implements TenantDocumentStore {
  readonly kind = 'postgres' as const;

  private constructor(
    private readonly store: SqlDb<DocumentTables>,
    private readonly connectionString: string,
    private readonly now: () => Date,
    /** The application_name of the LISTEN connection (pg_stat_activity shows it). */
    readonly listenerName: string,
  ) {}

  static async open(connectionString: string, options: { now?: () => Date; listenerName?: string } = {}): Promise<PgTenantDocumentStore> {
    const store = await openPgDb<DocumentTables>(connectionString, tenantDocumentMigrations, 5);
    return new PgTenantDocumentStore(store, connectionString, options.now ?? (() => new Date()), options.listenerName ?? 'tenant-documents-listener');
  }

  private get db(): Db {
    return this.store.db;
  }

  label(slug: string) {
    return `postgres:${slug}`;
  }

  async slugs() {
    return (await this.db.selectFrom('tenant_documents').select('slug').orderBy('slug').execute()).map((r) => r.slug);
  }

  async readText(slug: string) {
    if (!SLUG.test(slug)) return undefined;
    return (await this.db.selectFrom('tenant_documents').select('file').where('slug', '=', slug).executeTakeFirst())?.file;
  }

  async snapshot(slug: string): Promise<Snapshot> {
    if (!SLUG.test(slug)) return { text: undefined, live: undefined, head: undefined };
    // One statement: one view of the database, so the file and the revisions always belong together.
    const meta = sql.join(META.map((c) => sql.ref(c)));
    const r = await sql<{ file: string | null; live: Row | null; head: Row | null }>`
      SELECT (SELECT file FROM tenant_documents WHERE slug = ${slug}) AS file,
             (SELECT row_to_json(l) FROM (SELECT ${meta}, doc FROM tenant_revisions WHERE slug = ${slug} AND kind <> 'draft' ORDER BY rev DESC LIMIT 1) l) AS live,
             (SELECT row_to_json(h) FROM (SELECT ${meta} FROM tenant_revisions WHERE slug = ${slug} ORDER BY rev DESC LIMIT 1) h) AS head`.execute(this.db);
    // The SELECT without FROM always answers one row.
    const row = r.rows[0]!;
    return { text: row.file ?? undefined, live: row.live ? revisionOf(row.live) : undefined, head: row.head ? metaOf(row.head) : undefined };
  }

  async putText(slug: string, text: string) {
    checkSlug(slug);
    await this.db.transaction().execute((trx) => upsertFile(trx, slug, text));
  }

  /**
   * Imports tenant files. With `onlyIfEmpty`, nothing is written when the table already holds any tenant (the first
   * start of a cluster seeds it from the tenants folder once, whichever process gets there first). Returns how many
   * were written.
   */
  async importTexts(files: { slug: string; text: string }[], { onlyIfEmpty = false } = {}): Promise<number> {
    for (const f of files) checkSlug(f.slug);
    return this.db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`.execute(trx);
      if (onlyIfEmpty && (await trx.selectFrom('tenant_documents').select('slug').limit(1).executeTakeFirst())) return 0;
      for (const f of files) await upsertFile(trx, f.slug, f.text);
      return files.length;
    });
  }

  /** Imports revisions kept as files (an editor data folder), for tenants that have none here yet. */
  async importRevisions(slug: string, revisions: Revision[]): Promise<number> {
    checkSlug(slug);
    return this.db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(hashtext(${`tenant-revisions:${slug}`}))`.execute(trx);
      if (await trx.selectFrom('tenant_revisions').select('rev').where('slug', '=', slug).limit(1).executeTakeFirst()) return 0;
      for (const r of revisions) await insertRevision(trx, slug, r);
      return revisions.length;
    });
  }

  async get(slug: string, rev: number) {
    // rev is an INTEGER column: a larger number names no revision (rather than failing the query).
    if (!SLUG.test(slug) || !Number.isInteger(rev) || rev < 1 || rev > 2_147_483_647) return undefined;
    const r = await this.db.selectFrom('tenant_revisions').selectAll().where('slug', '=', slug).where('rev', '=', rev).executeTakeFirst();
    return r ? revisionOf(r) : undefined;
  }

  async head(slug: string) {
    if (!SLUG.test(slug)) return undefined;
    const r = await this.db.selectFrom('tenant_revisions').selectAll().where('slug', '=', slug).orderBy('rev', 'desc').limit(1).executeTakeFirst();
    return r ? revisionOf(r) : undefined;
  }

  async list(slug: string) {
    if (!SLUG.test(slug)) return [];
    return (await this.db.selectFrom('tenant_revisions').select(META).where('slug', '=', slug).orderBy('rev', 'desc').execute()).map(metaOf);
  }

  async latestLive(slug: string) {
    if (!SLUG.test(slug)) return undefined;
    const r = await this.db
      .selectFrom('tenant_revisions')
      .selectAll()
      .where('slug', '=', slug)
      .where('kind', '<>', 'draft')
      .orderBy('rev', 'desc')
      .limit(1)
      .executeTakeFirst();
    return r ? revisionOf(r) : undefined;
  }

  async append(slug: string, input: AppendInput, publishedText?: string): Promise<AppendResult> {
    checkSlug(slug);
    try {
      return await this.db.transaction().execute(async (trx): Promise<AppendResult> => {
        const head = await trx.selectFrom('tenant_revisions').select(META).where('slug', '=', slug).orderBy('rev', 'desc').limit(1).executeTakeFirst();
        // Nothing written yet: committing here changes nothing.
        if (head && head.rev !== input.baseRev) return { ok: false, conflict: metaOf(head) };
        const revision = nextRevision(head?.rev, input, this.now());
        try {
          await insertRevision(trx, slug, revision);
        } catch (e) {
          // Another process took this number first (the primary key): that is a conflict too.
          if ((e as { code?: string }).code === '23505') throw new LostRace();
          throw e;
        }
        if (publishedText !== undefined) await upsertFile(trx, slug, publishedText);
        const { doc: _doc, ...meta } = revision;
        return { ok: true, revision: meta };
      });
    } catch (e) {
      if (!(e instanceof LostRace)) throw e;
      const { doc: _doc, ...meta } = (await this.head(slug))!;
      return { ok: false, conflict: meta };
    }
  }

  /**
   * LISTENs on its own connection. After a lost connection it reconnects (every second until it can) and reports
   * `{ all: true }`, since notifications sent meanwhile were missed.
   */
  async follow(onChange: (change: TenantChange) => void, log: (message: string) => void = console.error) {
    return listenWithReconnect(this.connectionString, {
      channel: TENANT_CHANNEL,
      name: 'tenant documents',
      applicationName: this.listenerName,
      log,
      onNotification: (slug) => {
        if (SLUG.test(slug)) onChange({ slug });
      },
      onReconnect: () => onChange({ all: true }),
    });
  }

  async close() {
    await this.store.close();
  }
}

async function upsertFile(trx: Db, slug: string, text: string) {
  await trx
    .insertInto('tenant_documents')
    .values({ slug, file: text })
    .onConflict((oc) =>
      oc.column('slug').doUpdateSet((eb) => ({ file: eb.ref('excluded.file'), version: eb('tenant_documents.version', '+', 1), updated_at: sql`now()` })),
    )
    .execute();
  // Delivered when the transaction commits, never for one that rolls back.
  await sql`SELECT pg_notify(${TENANT_CHANNEL}, ${slug})`.execute(trx);
}

async function insertRevision(trx: Db, slug: string, r: Revision) {
  await trx
    .insertInto('tenant_revisions')
    .values({
      slug,
      rev: r.rev,
      kind: r.kind,
      author: r.author,
      author_name: r.authorName,
      at: r.at,
      base_rev: r.baseRev ?? null,
      restored_from: r.restoredFrom ?? null,
      doc: JSON.stringify(r.doc),
    })
    .execute();
}

/** PostgreSQL when a database URL is given (unless TENANT_STORE=files), else the files. */
export async function openTenantDocumentStore(options: {
  databaseUrl?: string;
  tenantStore?: string;
  tenantsDir: string;
  revisionsDir: string;
  log?: (m: string) => void;
}): Promise<TenantDocumentStore> {
  const files = new FileTenantDocumentStore(options.tenantsDir, options.revisionsDir);
  if (!options.databaseUrl || options.tenantStore === 'files') return files;
  const store = await PgTenantDocumentStore.open(options.databaseUrl);
  // First start on an empty database: the tenants folder seeds it (once, whichever process is first).
  const seeded = await store.importTexts(
    await Promise.all((await files.slugs()).map(async (slug) => ({ slug, text: (await files.readText(slug)) ?? '' }))).then((all) => all.filter((f) => f.text)),
    { onlyIfEmpty: true },
  );
  if (seeded) (options.log ?? console.log)(`tenant documents: PostgreSQL was empty; imported ${seeded} tenant files from ${options.tenantsDir}`);
  return store;
}
