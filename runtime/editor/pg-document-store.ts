// Tenant documents and their revisions in PostgreSQL (DATABASE_URL): every server process reads the same documents.
// A publish appends the revision and replaces the tenant file in one transaction, and NOTIFY (sent on commit) tells
// every process that follows the store, which then loads and validates the document before serving it
// (runtime/server/tenant-follower.ts). A reader sees a whole revision or none: rows are never half-written.
import pg from 'pg';
import { openPgPool } from '../infra/db/durable-pg';
import { FileTenantDocumentStore, SLUG, type AppendInput, type Snapshot, type TenantChange, type TenantDocumentStore } from './document-store';
import { restoredFromCheck, type AppendResult, type Revision, type RevisionMeta } from './revisions';

const TENANT_CHANNEL = 'tenant_documents';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS tenant_documents (
  slug TEXT PRIMARY KEY,
  file TEXT NOT NULL,
  version BIGINT NOT NULL DEFAULT 1,
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS tenant_revisions (
  slug TEXT NOT NULL,
  rev INTEGER NOT NULL,
  kind TEXT NOT NULL,
  author TEXT NOT NULL,
  author_name TEXT NOT NULL,
  at TEXT NOT NULL,
  base_rev INTEGER,
  restored_from INTEGER,
  doc TEXT NOT NULL,
  PRIMARY KEY (slug, rev)
);
`;

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
const META = 'slug, rev, kind, author, author_name, at, base_rev, restored_from';

function checkSlug(slug: string) {
  if (!SLUG.test(slug)) throw new Error(`invalid tenant slug ${JSON.stringify(slug)}`);
}

export class PgTenantDocumentStore implements TenantDocumentStore {
  readonly kind = 'postgres' as const;

  private constructor(
    private readonly pool: pg.Pool,
    private readonly connectionString: string,
    private readonly now: () => Date,
    /** The application_name of the LISTEN connection (pg_stat_activity shows it). */
    readonly listenerName: string,
  ) {}

  static async open(connectionString: string, options: { now?: () => Date; listenerName?: string } = {}): Promise<PgTenantDocumentStore> {
    const pool = await openPgPool(connectionString, SCHEMA, 5);
    return new PgTenantDocumentStore(pool, connectionString, options.now ?? (() => new Date()), options.listenerName ?? 'tenant-documents-listener');
  }

  label(slug: string) {
    return `postgres:${slug}`;
  }

  async slugs() {
    return (await this.pool.query('SELECT slug FROM tenant_documents ORDER BY slug')).rows.map((r) => r.slug as string);
  }

  async readText(slug: string) {
    if (!SLUG.test(slug)) return undefined;
    const r = await this.pool.query('SELECT file FROM tenant_documents WHERE slug = $1', [slug]);
    return r.rows[0]?.file as string | undefined;
  }

  async snapshot(slug: string): Promise<Snapshot> {
    if (!SLUG.test(slug)) return { text: undefined, live: undefined, head: undefined };
    // One statement: one view of the database, so the file and the revisions always belong together.
    const r = await this.pool.query(
      `SELECT (SELECT file FROM tenant_documents WHERE slug = $1) AS file,
              (SELECT row_to_json(l) FROM (SELECT ${META}, doc FROM tenant_revisions WHERE slug = $1 AND kind <> 'draft' ORDER BY rev DESC LIMIT 1) l) AS live,
              (SELECT row_to_json(h) FROM (SELECT ${META} FROM tenant_revisions WHERE slug = $1 ORDER BY rev DESC LIMIT 1) h) AS head`,
      [slug],
    );
    const row = r.rows[0];
    return { text: row.file ?? undefined, live: row.live ? revisionOf(row.live) : undefined, head: row.head ? metaOf(row.head) : undefined };
  }

  async putText(slug: string, text: string) {
    checkSlug(slug);
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      await upsertFile(client, slug, text);
      await client.query('COMMIT');
    } catch (e) {
      await client.query('ROLLBACK').catch(() => {});
      throw e;
    } finally {
      client.release();
    }
  }

  /**
   * Imports tenant files. With `onlyIfEmpty`, nothing is written when the table already holds any tenant (the first
   * start of a cluster seeds it from the tenants folder once, whichever process gets there first). Returns how many
   * were written.
   */
  async importTexts(files: { slug: string; text: string }[], { onlyIfEmpty = false } = {}): Promise<number> {
    for (const f of files) checkSlug(f.slug);
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK]);
      if (onlyIfEmpty && (await client.query('SELECT 1 FROM tenant_documents LIMIT 1')).rowCount) {
        await client.query('ROLLBACK');
        return 0;
      }
      for (const f of files) await upsertFile(client, f.slug, f.text);
      await client.query('COMMIT');
      return files.length;
    } catch (e) {
      await client.query('ROLLBACK').catch(() => {});
      throw e;
    } finally {
      client.release();
    }
  }

  /** Imports revisions kept as files (an editor data folder), for tenants that have none here yet. */
  async importRevisions(slug: string, revisions: Revision[]): Promise<number> {
    checkSlug(slug);
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`tenant-revisions:${slug}`]);
      if ((await client.query('SELECT 1 FROM tenant_revisions WHERE slug = $1 LIMIT 1', [slug])).rowCount) {
        await client.query('ROLLBACK');
        return 0;
      }
      for (const r of revisions) await insertRevision(client, slug, r);
      await client.query('COMMIT');
      return revisions.length;
    } catch (e) {
      await client.query('ROLLBACK').catch(() => {});
      throw e;
    } finally {
      client.release();
    }
  }

  async get(slug: string, rev: number) {
    // rev is an INTEGER column: a larger number names no revision (rather than failing the query).
    if (!SLUG.test(slug) || !Number.isInteger(rev) || rev < 1 || rev > 2_147_483_647) return undefined;
    const r = await this.pool.query(`SELECT ${META}, doc FROM tenant_revisions WHERE slug = $1 AND rev = $2`, [slug, rev]);
    return r.rows[0] ? revisionOf(r.rows[0]) : undefined;
  }

  async head(slug: string) {
    if (!SLUG.test(slug)) return undefined;
    const r = await this.pool.query(`SELECT ${META}, doc FROM tenant_revisions WHERE slug = $1 ORDER BY rev DESC LIMIT 1`, [slug]);
    return r.rows[0] ? revisionOf(r.rows[0]) : undefined;
  }

  async list(slug: string) {
    if (!SLUG.test(slug)) return [];
    return (await this.pool.query(`SELECT ${META} FROM tenant_revisions WHERE slug = $1 ORDER BY rev DESC`, [slug])).rows.map(metaOf);
  }

  async latestLive(slug: string) {
    if (!SLUG.test(slug)) return undefined;
    const r = await this.pool.query(`SELECT ${META}, doc FROM tenant_revisions WHERE slug = $1 AND kind <> 'draft' ORDER BY rev DESC LIMIT 1`, [slug]);
    return r.rows[0] ? revisionOf(r.rows[0]) : undefined;
  }

  async append(slug: string, input: AppendInput, publishedText?: string): Promise<AppendResult> {
    checkSlug(slug);
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const head = (await client.query(`SELECT ${META} FROM tenant_revisions WHERE slug = $1 ORDER BY rev DESC LIMIT 1`, [slug])).rows[0];
      if (head && head.rev !== input.baseRev) {
        await client.query('ROLLBACK');
        return { ok: false, conflict: metaOf(head) };
      }
      restoredFromCheck(input.restoredFrom, head?.rev);
      const revision: Revision = {
        rev: (head?.rev ?? 0) + 1,
        kind: input.kind,
        author: input.author,
        authorName: input.authorName,
        at: this.now().toISOString(),
        ...(head ? { baseRev: head.rev } : {}),
        ...(input.restoredFrom ? { restoredFrom: input.restoredFrom } : {}),
        doc: input.doc,
      };
      try {
        await insertRevision(client, slug, revision);
      } catch (e) {
        // Another process took this number first (the primary key): that is a conflict too.
        if ((e as { code?: string }).code !== '23505') throw e;
        await client.query('ROLLBACK');
        const now = await this.head(slug);
        const { doc: _doc, ...meta } = now!;
        return { ok: false, conflict: meta };
      }
      if (publishedText !== undefined) await upsertFile(client, slug, publishedText);
      await client.query('COMMIT');
      const { doc: _doc, ...meta } = revision;
      return { ok: true, revision: meta };
    } catch (e) {
      await client.query('ROLLBACK').catch(() => {});
      throw e;
    } finally {
      client.release();
    }
  }

  /**
   * LISTENs on its own connection. After a lost connection it reconnects (every second until it can) and reports
   * `{ all: true }`, since notifications sent meanwhile were missed.
   */
  async follow(onChange: (change: TenantChange) => void, log: (message: string) => void = console.error) {
    let client: pg.Client | undefined;
    let stopped = false;
    let retry: NodeJS.Timeout | undefined;
    const connect = async (afterLoss: boolean): Promise<void> => {
      const c = new pg.Client({ connectionString: this.connectionString, application_name: this.listenerName });
      c.on('notification', (n) => {
        if (n.channel === TENANT_CHANNEL && n.payload && SLUG.test(n.payload)) onChange({ slug: n.payload });
      });
      const lost = (why: string) => {
        if (stopped || client !== c) return;
        client = undefined;
        log(`tenant documents: the PostgreSQL notification connection was lost (${why}); reconnecting`);
        c.end().catch(() => {});
        retry = setTimeout(() => void connect(true).catch(() => {}), 1000);
      };
      c.on('error', (e) => lost(e.message));
      c.on('end', () => lost('closed'));
      try {
        await c.connect();
        await c.query(`LISTEN ${TENANT_CHANNEL}`);
      } catch (e) {
        c.end().catch(() => {});
        if (!afterLoss) throw e;
        log(`tenant documents: could not listen yet (${(e as Error).message}); trying again`);
        if (!stopped) retry = setTimeout(() => void connect(true).catch(() => {}), 1000);
        return;
      }
      if (stopped) return void c.end().catch(() => {});
      client = c;
      if (afterLoss) onChange({ all: true });
    };
    await connect(false);
    return async () => {
      stopped = true;
      clearTimeout(retry);
      const c = client;
      client = undefined;
      await c?.end().catch(() => {});
    };
  }

  async close() {
    await this.pool.end();
  }
}

async function upsertFile(client: pg.PoolClient, slug: string, text: string) {
  await client.query(
    `INSERT INTO tenant_documents (slug, file) VALUES ($1, $2)
     ON CONFLICT (slug) DO UPDATE SET file = EXCLUDED.file, version = tenant_documents.version + 1, updated_at = now()`,
    [slug, text],
  );
  // Delivered when the transaction commits, never for one that rolls back.
  await client.query('SELECT pg_notify($1, $2)', [TENANT_CHANNEL, slug]);
}

async function insertRevision(client: pg.PoolClient, slug: string, r: Revision) {
  await client.query(
    'INSERT INTO tenant_revisions (slug, rev, kind, author, author_name, at, base_rev, restored_from, doc) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)',
    [slug, r.rev, r.kind, r.author, r.authorName, r.at, r.baseRev ?? null, r.restoredFrom ?? null, JSON.stringify(r.doc)],
  );
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
