// Numbered migrations per store. Each store lists its own (version 1, 2, ...); the database remembers which ran in
// schema_migrations (store, version), so stores sharing one PostgreSQL database never see each other's steps. A
// store's migrations run when it opens and with `npm run db:migrate`; all pending steps run in one transaction, under
// the file's write lock (SQLite) or the schema advisory lock (PostgreSQL), so two processes starting together run
// each step once.
//
// Version 1 of every store creates the tables its code made before migrations existed, with IF NOT EXISTS, so a
// database from that code is adopted as it is. Later steps are plain DDL or data changes, never edited once released.
import type Database from 'better-sqlite3';
import type pg from 'pg';

export interface Migration {
  version: number;
  name: string;
  /**
   * The step on each database: SQL (several statements allowed), or code for what SQL alone cannot say (SQLite has no
   * ADD COLUMN IF NOT EXISTS). It runs inside the migration's transaction.
   */
  sqlite: string | ((db: Database.Database) => void);
  postgres: string | ((client: pg.ClientBase) => Promise<void>);
}

export interface StoreMigrations {
  /** The store's name in schema_migrations, e.g. "views". */
  store: string;
  migrations: readonly Migration[];
}

export interface Applied {
  store: string;
  version: number;
  name: string;
}

const TABLE = {
  sqlite: `CREATE TABLE IF NOT EXISTS schema_migrations (
  store TEXT NOT NULL,
  version INTEGER NOT NULL,
  name TEXT NOT NULL,
  applied_at INTEGER NOT NULL,
  PRIMARY KEY (store, version)
)`,
  postgres: `CREATE TABLE IF NOT EXISTS schema_migrations (
  store TEXT NOT NULL,
  version INTEGER NOT NULL,
  name TEXT NOT NULL,
  applied_at BIGINT NOT NULL,
  PRIMARY KEY (store, version)
)`,
};

/** The steps in order; a list with gaps or repeats is a programming error, caught before anything runs. */
function ordered(list: StoreMigrations): readonly Migration[] {
  list.migrations.forEach((m, i) => {
    if (m.version !== i + 1) throw new Error(`${list.store} migrations must be numbered 1, 2, 3... in order; found ${m.version} at position ${i + 1}`);
  });
  return list.migrations;
}

function pending(list: StoreMigrations, done: Set<number>): Migration[] {
  const steps = ordered(list);
  const latest = Math.max(0, ...done);
  if (latest > steps.length) {
    throw new Error(
      `The ${list.store} database is at migration ${latest} but this code knows only ${steps.length}: it was migrated by a newer version; deploy that version or restore a backup.`,
    );
  }
  return steps.filter((m) => !done.has(m.version));
}

export function migrateSqlite(db: Database.Database, list: StoreMigrations): Applied[] {
  const run = db.transaction(() => {
    db.exec(TABLE.sqlite);
    const rows = db.prepare('SELECT version FROM schema_migrations WHERE store = ?').all(list.store) as { version: number }[];
    const steps = pending(list, new Set(rows.map((r) => Number(r.version))));
    const record = db.prepare('INSERT INTO schema_migrations (store, version, name, applied_at) VALUES (?, ?, ?, ?)');
    for (const step of steps) {
      if (typeof step.sqlite === 'string') db.exec(step.sqlite);
      else step.sqlite(db);
      record.run(list.store, step.version, step.name, Date.now());
    }
    return steps.map((m) => ({ store: list.store, version: m.version, name: m.name }));
  });
  // IMMEDIATE: the write lock before reading what ran, so a second process waits and then finds nothing to do.
  return run.immediate();
}

/** Runs on a client that already holds the schema advisory lock (see openPgPool). */
export async function migratePg(client: pg.ClientBase, list: StoreMigrations): Promise<Applied[]> {
  await client.query('BEGIN');
  try {
    await client.query(TABLE.postgres);
    const r = await client.query('SELECT version FROM schema_migrations WHERE store = $1', [list.store]);
    const steps = pending(list, new Set(r.rows.map((row) => Number(row.version))));
    for (const step of steps) {
      if (typeof step.postgres === 'string') await client.query(step.postgres);
      else await step.postgres(client);
      await client.query('INSERT INTO schema_migrations (store, version, name, applied_at) VALUES ($1, $2, $3, $4)', [
        list.store,
        step.version,
        step.name,
        Date.now(),
      ]);
    }
    await client.query('COMMIT');
    return steps.map((m) => ({ store: list.store, version: m.version, name: m.name }));
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  }
}
