// Which site owns which uploaded image (the editor's media library): one interface, two backends. SQLite in the
// editor's data folder by default; PostgreSQL with DATABASE_URL, so an image uploaded through one server process is
// listed, served and deleted by all of them (the bytes themselves are in S3 with S3_BUCKET). Committed before it resolves.
import pg from 'pg';
import { openDurableSqlite } from '../infra/db/durable-sqlite';
import { openPgPool } from '../infra/db/durable-pg';
import type { MediaItem } from './media';

export interface MediaIndex {
  readonly kind: 'sqlite' | 'postgres';
  insert(item: MediaItem): Promise<void>;
  /** Newest first. */
  list(tenant: string): Promise<MediaItem[]>;
  get(tenant: string, id: string): Promise<MediaItem | undefined>;
  delete(tenant: string, id: string): Promise<void>;
  close(): Promise<void>;
}

const SCHEMA = `CREATE TABLE IF NOT EXISTS editor_media (
  id TEXT PRIMARY KEY, tenant TEXT NOT NULL, name TEXT NOT NULL, width INTEGER NOT NULL, height INTEGER NOT NULL,
  url TEXT NOT NULL, variants TEXT NOT NULL, size INTEGER NOT NULL, created_at BIGINT NOT NULL, author TEXT NOT NULL);
  CREATE INDEX IF NOT EXISTS editor_media_tenant ON editor_media (tenant, created_at);`;

// biome-ignore lint/suspicious/noExplicitAny: a database row; each column is read by name in fromRow
const fromRow = (r: Record<string, any>): MediaItem => ({
  id: r.id,
  tenant: r.tenant,
  name: r.name,
  width: Number(r.width),
  height: Number(r.height),
  url: r.url,
  variants: JSON.parse(r.variants),
  size: Number(r.size),
  createdAt: Number(r.created_at),
  author: r.author,
});
const values = (i: MediaItem) => [i.id, i.tenant, i.name, i.width, i.height, i.url, JSON.stringify(i.variants), i.size, i.createdAt, i.author];

export class SqliteMediaIndex implements MediaIndex {
  readonly kind = 'sqlite' as const;
  private db;

  constructor(file: string) {
    this.db = openDurableSqlite(file);
    this.db.exec(SCHEMA);
  }

  async insert(item: MediaItem) {
    this.db
      .prepare('INSERT INTO editor_media (id, tenant, name, width, height, url, variants, size, created_at, author) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)')
      .run(...values(item));
  }

  async list(tenant: string) {
    // biome-ignore lint/suspicious/noExplicitAny: a database row; each column is read by name in fromRow
    return (this.db.prepare('SELECT * FROM editor_media WHERE tenant = ? ORDER BY created_at DESC, id').all(tenant) as Record<string, any>[]).map(fromRow);
  }

  async get(tenant: string, id: string) {
    // biome-ignore lint/suspicious/noExplicitAny: a database row; each column is read by name in fromRow
    const row = this.db.prepare('SELECT * FROM editor_media WHERE tenant = ? AND id = ?').get(tenant, id) as Record<string, any> | undefined;
    return row ? fromRow(row) : undefined;
  }

  async delete(tenant: string, id: string) {
    this.db.prepare('DELETE FROM editor_media WHERE tenant = ? AND id = ?').run(tenant, id);
  }

  async close() {
    this.db.close();
  }
}

export class PgMediaIndex implements MediaIndex {
  readonly kind = 'postgres' as const;
  private constructor(private readonly pool: pg.Pool) {}

  static async open(connectionString: string): Promise<PgMediaIndex> {
    return new PgMediaIndex(await openPgPool(connectionString, SCHEMA, 3));
  }

  async insert(item: MediaItem) {
    await this.pool.query(
      'INSERT INTO editor_media (id, tenant, name, width, height, url, variants, size, created_at, author) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)',
      values(item),
    );
  }

  async list(tenant: string) {
    return (await this.pool.query('SELECT * FROM editor_media WHERE tenant = $1 ORDER BY created_at DESC, id', [tenant])).rows.map(fromRow);
  }

  async get(tenant: string, id: string) {
    const r = await this.pool.query('SELECT * FROM editor_media WHERE tenant = $1 AND id = $2', [tenant, id]);
    return r.rows[0] ? fromRow(r.rows[0]) : undefined;
  }

  async delete(tenant: string, id: string) {
    await this.pool.query('DELETE FROM editor_media WHERE tenant = $1 AND id = $2', [tenant, id]);
  }

  async close() {
    await this.pool.end();
  }
}

/** PostgreSQL when a database URL is given, else the SQLite file. */
export async function openMediaIndex({ databaseUrl, sqliteFile }: { databaseUrl?: string; sqliteFile: string }): Promise<MediaIndex> {
  return databaseUrl ? PgMediaIndex.open(databaseUrl) : new SqliteMediaIndex(sqliteFile);
}
