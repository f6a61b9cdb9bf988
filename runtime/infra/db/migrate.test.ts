// The migration runner on both databases: SQLite always; PostgreSQL when TEST_DATABASE_URL or DATABASE_URL is set
// (start one with tools/ci/postgres.sh), otherwise that half is reported as skipped.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { freshSchemaUrl } from '../../server/test-postgres';
import type { Migration, StoreMigrations } from './migrate';
import { openPgDb, openSqliteDb, type SqlDb } from './sql-db';

const pgUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
const dir = mkdtempSync(join(tmpdir(), 'migrate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const step = (version: number, name: string, ddl: string): Migration => ({ version, name, sqlite: ddl, postgres: ddl });
const notes1 = step(1, 'notes', 'CREATE TABLE IF NOT EXISTS notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)');
const notes2 = step(2, 'notes.pinned', 'ALTER TABLE notes ADD COLUMN pinned INTEGER NOT NULL DEFAULT 0');
const tags1 = step(1, 'tags', 'CREATE TABLE IF NOT EXISTS tags (name TEXT PRIMARY KEY)');

// biome-ignore lint/suspicious/noExplicitAny: one outbox serves several stores whose table types differ
type AnyDb = SqlDb<any>;
const backends: { name: string; skip: boolean; target: () => Promise<string>; open: (target: string, m: StoreMigrations) => Promise<AnyDb> }[] = [
  { name: 'SQLite', skip: false, target: async () => join(dir, `${randomUUID()}.sqlite`), open: async (file, m) => openSqliteDb(file, m) },
  { name: 'PostgreSQL', skip: !pgUrl, target: () => freshSchemaUrl(pgUrl!, 'migrate_test'), open: (url, m) => openPgDb(url, m, 2) },
];

for (const backend of backends) {
  describe.skipIf(backend.skip)(`migrations on ${backend.name}${backend.skip ? ' (skipped: set TEST_DATABASE_URL, see tools/ci/postgres.sh)' : ''}`, () => {
    it('runs each step once, in order, and a later step on a database that has the earlier ones', async () => {
      const target = await backend.target();
      let db = await backend.open(target, { store: 'notes', migrations: [notes1] });
      expect(db.applied).toEqual([{ store: 'notes', version: 1, name: 'notes' }]);
      await sql`INSERT INTO notes (id, body) VALUES (1, 'kept')`.execute(db.db);
      await db.close();

      db = await backend.open(target, { store: 'notes', migrations: [notes1] });
      expect(db.applied).toEqual([]);
      await db.close();

      db = await backend.open(target, { store: 'notes', migrations: [notes1, notes2] });
      expect(db.applied).toEqual([{ store: 'notes', version: 2, name: 'notes.pinned' }]);
      const rows = await sql<{ body: string; pinned: number }>`SELECT body, pinned FROM notes`.execute(db.db);
      expect(rows.rows).toEqual([{ body: 'kept', pinned: 0 }]);
      await db.close();
    });

    it('keeps the steps of two stores sharing one database apart', async () => {
      const target = await backend.target();
      const notes = await backend.open(target, { store: 'notes', migrations: [notes1, notes2] });
      const tags = await backend.open(target, { store: 'tags', migrations: [tags1] });
      expect(tags.applied).toEqual([{ store: 'tags', version: 1, name: 'tags' }]);
      const done = await sql<{ store: string; version: number }>`SELECT store, version FROM schema_migrations ORDER BY store, version`.execute(tags.db);
      expect(done.rows.map((r) => `${r.store} ${r.version}`)).toEqual(['notes 1', 'notes 2', 'tags 1']);
      await notes.close();
      await tags.close();
    });

    it('applies nothing of a step that fails, and says which database is newer than the code', async () => {
      const target = await backend.target();
      const broken = step(2, 'broken', 'CREATE TABLE half (id INTEGER); CREATE TABLE notes (id INTEGER)');
      await expect(backend.open(target, { store: 'notes', migrations: [notes1, broken] })).rejects.toThrow(/notes/);
      // the whole run rolled back: version 1 runs again next time, and the half-made table is not there
      const db = await backend.open(target, { store: 'notes', migrations: [notes1, notes2] });
      expect(db.applied.map((a) => a.version)).toEqual([1, 2]);
      await db.close();
      await expect(backend.open(target, { store: 'notes', migrations: [notes1] })).rejects.toThrow(
        'The notes database is at migration 2 but this code knows only 1: it was migrated by a newer version; deploy that version or restore a backup.',
      );
    });

    it('refuses steps that are not numbered 1, 2, 3...', async () => {
      await expect(backend.open(await backend.target(), { store: 'notes', migrations: [notes2] })).rejects.toThrow(
        'notes migrations must be numbered 1, 2, 3... in order; found 2 at position 1',
      );
    });
  });
}
