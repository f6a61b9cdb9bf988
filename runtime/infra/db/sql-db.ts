// One handle for a store written once over Kysely: the same queries run on SQLite (better-sqlite3, the embedded
// default) and PostgreSQL (pg, when DATABASE_URL is set). The store's numbered migrations run when it opens.
import type Database from 'better-sqlite3';
import { resolve } from 'node:path';
import { type Compilable, CompiledQuery, Kysely, PostgresDialect, type QueryResult, SqliteDialect } from 'kysely';
import type pg from 'pg';
import { openPgPool } from './durable-pg';
import { openDurableSqlite } from './durable-sqlite';
import { type Applied, migratePg, migrateSqlite, type StoreMigrations } from './migrate';

export type SqlDialect = 'sqlite' | 'postgres';

export interface SqlDb<DB> {
  readonly kind: SqlDialect;
  readonly db: Kysely<DB>;
  /** The SQLite file (only for SQLite). */
  readonly file?: string;
  /** What the opening migrated (empty when the database was up to date). */
  readonly applied: Applied[];
  close(): Promise<void>;
}

/**
 * Kysely prepares every statement it runs; better-sqlite3 statements can be reused, so keep the prepared ones (queries
 * are few and fixed per store) to spare the hot paths (page views, lead inserts) a prepare per call.
 */
function cachingDatabase(db: Database.Database) {
  const statements = new Map<string, Database.Statement>();
  return {
    close: () => db.close(),
    prepare(text: string) {
      let statement = statements.get(text);
      if (!statement) {
        if (statements.size >= 500) statements.clear();
        statement = db.prepare(text);
        statements.set(text, statement);
      }
      return statement;
    },
  };
}

/** Opens (creating when missing) the SQLite file durably and migrates it, synchronously: callers construct stores in one step. */
export function openSqliteDb<DB>(file: string, migrations: StoreMigrations, options: { foreignKeys?: boolean } = {}): SqlDb<DB> {
  const raw = openDurableSqlite(file, options);
  let applied: Applied[];
  try {
    applied = migrateSqlite(raw, migrations);
  } catch (error) {
    raw.close();
    throw error;
  }
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: cachingDatabase(raw) }) });
  return {
    kind: 'sqlite',
    db,
    file,
    applied,
    close: async () => {
      if (raw.open) await db.destroy();
    },
  };
}

/** A pool on the PostgreSQL database, migrated under the schema lock every store's setup takes. */
export async function openPgDb<DB>(connectionString: string, migrations: StoreMigrations, max: number): Promise<SqlDb<DB>> {
  let applied: Applied[] = [];
  const pool: pg.Pool = await openPgPool(
    connectionString,
    async (client) => {
      applied = await migratePg(client, migrations);
    },
    max,
  );
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  let closed = false;
  return {
    kind: 'postgres',
    db,
    applied,
    close: async () => {
      if (closed) return;
      closed = true;
      await db.destroy();
    },
  };
}

const BEGIN_IMMEDIATE = CompiledQuery.raw('BEGIN IMMEDIATE');
const COMMIT = CompiledQuery.raw('COMMIT');
const ROLLBACK = CompiledQuery.raw('ROLLBACK');

/**
 * Write transactions of this process per SQLite file, one after the other. A transaction here spans awaits, so a second
 * handle on the same file (a test's "second process", a tool beside the server) starting one meanwhile would wait for
 * the file's write lock in better-sqlite3's busy loop, which blocks the very thread that must finish the first: queue
 * them here instead. Other processes wait on the file lock itself (busy_timeout).
 */
const fileQueues = new Map<string, Promise<unknown>>();

async function queuedOnFile<T>(file: string, work: () => Promise<T>): Promise<T> {
  const key = file === ':memory:' ? undefined : resolve(file);
  if (!key) return work();
  const before = fileQueues.get(key) ?? Promise.resolve();
  const mine = before.then(work, work);
  const settled = mine.catch(() => {});
  fileQueues.set(key, settled);
  void settled.then(() => {
    if (fileQueues.get(key) === settled) fileQueues.delete(key);
  });
  return mine;
}

/**
 * Runs `work` in one write transaction; on SQLite every write goes through here (see queuedOnFile). SQLite: BEGIN
 * IMMEDIATE takes the file's write lock first, so a second process waits rather than failing half-way, and the single
 * connection keeps this handle's other queries out until it ends. PostgreSQL: an ordinary transaction; take row or
 * advisory locks inside `work` where needed.
 */
export async function writeTransaction<DB, T>(store: SqlDb<DB>, work: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
  if (store.kind === 'postgres') return store.db.transaction().execute((trx) => work(trx));
  return queuedOnFile(store.file ?? ':memory:', () =>
    store.db.connection().execute(async (conn) => {
      await conn.executeQuery(BEGIN_IMMEDIATE);
      try {
        const result = await work(conn);
        await conn.executeQuery(COMMIT);
        return result;
      } catch (error) {
        // SQLite may have rolled back already (a failed COMMIT, some errors): the original error is the one to report.
        await conn.executeQuery(ROLLBACK).catch(() => {});
        throw error;
      }
    }),
  );
}

/**
 * Inside a write transaction: makes writers of the same `key` (e.g. one site's uploads) take turns across processes, so
 * a cap counted in the transaction holds. PostgreSQL: a transaction-scoped advisory lock; SQLite: nothing more, BEGIN
 * IMMEDIATE already holds the file's only write lock.
 */
export async function lockKey<DB>(store: SqlDb<DB>, trx: Kysely<DB>, key: string): Promise<void> {
  if (store.kind === 'postgres') await trx.executeQuery(CompiledQuery.raw('SELECT pg_advisory_xact_lock(hashtext($1))', [key]));
}

/**
 * One write outside any larger transaction: on SQLite through writeTransaction (every write there must be), on
 * PostgreSQL straight on the pool, as one statement commits by itself.
 */
export function writeOnce<DB, T>(store: SqlDb<DB>, work: (db: Kysely<DB>) => Promise<T>): Promise<T> {
  return store.kind === 'sqlite' ? writeTransaction(store, work) : work(store.db);
}

/**
 * A fixed-shape query built and compiled once, then run with new arguments: Kysely's builder costs far more CPU than
 * the statement itself, which the hot paths (a page view, a lead) would pay on every call. `build` must use each
 * argument as a plain value (no arithmetic on it, no JSON.stringify inside: pass the string); the arguments are found
 * in the compiled parameters by stand-in values.
 */
export function prepared<DB, A extends unknown[], R>(
  store: SqlDb<DB>,
  build: (db: Kysely<DB>, ...args: A) => Compilable<R>,
): (db: Kysely<DB>, ...args: A) => Promise<QueryResult<R>> {
  const standIns = Array.from({ length: build.length - 1 }, (_, i) => `\u0000argument ${i}\u0000`);
  const compiled = build(store.db, ...(standIns as A)).compile();
  const slots = compiled.parameters.map((p) => standIns.indexOf(p as string));
  if (new Set(slots.filter((s) => s >= 0)).size !== standIns.length) throw new Error('prepared: every argument must appear in the query as a value');
  return (db, ...args) =>
    db.executeQuery<R>({
      ...compiled,
      parameters: compiled.parameters.map((p, i) => {
        const slot = slots[i] ?? -1;
        return slot >= 0 ? args[slot] : p;
      }),
    });
}
