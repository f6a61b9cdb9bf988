// Which site owns which uploaded image (the editor's media library): one store written once over Kysely. SQLite in the
// editor's data folder by default; PostgreSQL with DATABASE_URL, so an image uploaded through one server process is
// listed, served and deleted by all of them (the bytes themselves are in S3 with S3_BUCKET). Committed before it resolves.
import type { SqlDialect } from '../infra/db/sql-db';
import { SqlStore } from '../infra/db/sql-store';
import type { MediaItem } from './media';
import { mediaIndexMigrations } from './migrations';

export interface MediaIndex {
  readonly kind: SqlDialect;
  insert(item: MediaItem): Promise<void>;
  /** Newest first. */
  list(tenant: string): Promise<MediaItem[]>;
  get(tenant: string, id: string): Promise<MediaItem | undefined>;
  delete(tenant: string, id: string): Promise<void>;
  close(): Promise<void>;
}

interface MediaTables {
  editor_media: {
    id: string;
    tenant: string;
    name: string;
    width: number;
    height: number;
    url: string;
    /** JSON text of the variants. */
    variants: string;
    size: number;
    created_at: number | string;
    author: string;
  };
}

const fromRow = (r: MediaTables['editor_media']): MediaItem => ({
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

export class SqlMediaIndex extends SqlStore<MediaTables> implements MediaIndex {
  static readonly migrations = mediaIndexMigrations;
  static readonly poolSize = 3;

  async insert(i: MediaItem) {
    await this.write((db) =>
      db
        .insertInto('editor_media')
        .values({
          id: i.id,
          tenant: i.tenant,
          name: i.name,
          width: i.width,
          height: i.height,
          url: i.url,
          variants: JSON.stringify(i.variants),
          size: i.size,
          created_at: i.createdAt,
          author: i.author,
        })
        .execute(),
    );
  }

  async list(tenant: string) {
    const rows = await this.db.selectFrom('editor_media').selectAll().where('tenant', '=', tenant).orderBy('created_at', 'desc').orderBy('id').execute();
    return rows.map(fromRow);
  }

  async get(tenant: string, id: string) {
    const row = await this.db.selectFrom('editor_media').selectAll().where('tenant', '=', tenant).where('id', '=', id).executeTakeFirst();
    return row ? fromRow(row) : undefined;
  }

  async delete(tenant: string, id: string) {
    await this.write((db) => db.deleteFrom('editor_media').where('tenant', '=', tenant).where('id', '=', id).execute());
  }
}

/** PostgreSQL when a database URL is given, else the SQLite file. */
export function openMediaIndex(where: { databaseUrl?: string; sqliteFile: string }): Promise<MediaIndex> {
  return SqlMediaIndex.open(where);
}
