// What every store written over Kysely shares, so each store's class keeps only its queries: how it opens (the SQLite
// file or a PostgreSQL pool, migrated by its own numbered steps), which engine and file it is on, how it writes and
// how it closes. A store declares its migrations and pool size as static fields; `SqlViewStore.openSqlite(file)` then
// answers a SqlViewStore.
import type { Kysely } from 'kysely';
import type { StoreMigrations } from './migrate';
import { openPgDb, openSqliteDb, type SqlDb, type SqlDialect, writeOnce, writeTransaction } from './sql-db';

/** A store class as the openers see it. */
export interface SqlStoreClass<S> {
  // biome-ignore lint/suspicious/noExplicitAny: each store class names its own tables; the openers treat every store alike
  new (store: SqlDb<any>): S;
  readonly migrations: StoreMigrations;
  /** Connections per process on PostgreSQL. */
  readonly poolSize: number;
  readonly sqliteOptions?: { foreignKeys?: boolean };
}

export abstract class SqlStore<DB> {
  constructor(protected readonly store: SqlDb<DB>) {}

  /** Opens (creating when missing) the SQLite file durably and migrates it. */
  static openSqlite<S>(this: SqlStoreClass<S>, file: string): S {
    return new this(openSqliteDb(file, this.migrations, this.sqliteOptions));
  }

  /** A pool on the PostgreSQL database, migrated under the schema lock. */
  static async openPostgres<S>(this: SqlStoreClass<S>, connectionString: string): Promise<S> {
    return new this(await openPgDb(connectionString, this.migrations, this.poolSize));
  }

  /** PostgreSQL when a database URL is given, else the SQLite file. */
  static async open<S>(this: SqlStoreClass<S>, where: { databaseUrl?: string; sqliteFile: string }): Promise<S> {
    return where.databaseUrl
      ? new this(await openPgDb(where.databaseUrl, this.migrations, this.poolSize))
      : new this(openSqliteDb(where.sqliteFile, this.migrations, this.sqliteOptions));
  }

  get kind(): SqlDialect {
    return this.store.kind;
  }

  /** The SQLite file (undefined on PostgreSQL). */
  get file(): string | undefined {
    return this.store.file;
  }

  protected get db(): Kysely<DB> {
    return this.store.db;
  }

  /** One write outside a larger transaction (see writeOnce). */
  protected write<T>(work: (db: Kysely<DB>) => Promise<T>): Promise<T> {
    return writeOnce(this.store, work);
  }

  /** Several statements in one write transaction (see writeTransaction). */
  protected tx<T>(work: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
    return writeTransaction(this.store, work);
  }

  async close(): Promise<void> {
    await this.store.close();
  }
}
