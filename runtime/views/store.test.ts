// One suite for every ViewStore backend: SQLite always; PostgreSQL when TEST_DATABASE_URL or DATABASE_URL is set
// (start one with tools/ci/postgres.sh), otherwise that half is reported as skipped.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshSchemaUrl } from '../server/test-postgres';
import { PgViewStore } from './pg-store';
import { SqliteViewStore } from './sqlite-store';
import type { ViewStore } from './store';

const pgUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
const dir = mkdtempSync(join(tmpdir(), 'view-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const backends: { name: string; skip: boolean; open: () => Promise<ViewStore> }[] = [
  { name: 'SQLite', skip: false, open: async () => new SqliteViewStore(join(dir, `${randomUUID()}.sqlite`)) },
  { name: 'PostgreSQL', skip: !pgUrl, open: async () => PgViewStore.open(await freshSchemaUrl(pgUrl!, 'views_test')) },
];

for (const backend of backends) {
  describe.skipIf(backend.skip)(`ViewStore on ${backend.name}${backend.skip ? ' (skipped: set TEST_DATABASE_URL, see tools/ci/postgres.sh)' : ''}`, () => {
    let store: ViewStore;
    beforeAll(async () => {
      store = await backend.open();
    });
    afterAll(async () => store?.close());

    it('counts views per site and car, answering the new total', async () => {
      expect(await store.count('site-a', 1)).toBe(0);
      expect(await store.record('site-a', 1, 1000)).toBe(1);
      expect(await store.record('site-a', 1, 1001)).toBe(2);
      expect(await store.record('site-a', 2, 1002)).toBe(1);
      // the same car id on another site is another count
      expect(await store.record('site-b', 1, 1003)).toBe(1);
      expect(await store.count('site-a', 1)).toBe(2);
      expect(await store.count('site-b', 1)).toBe(1);
    });

    it('loses no view when many arrive at once', async () => {
      const totals = await Promise.all(Array.from({ length: 25 }, (_, i) => store.record('site-c', 7, 2000 + i)));
      expect(new Set(totals).size).toBe(25);
      expect(await store.count('site-c', 7)).toBe(25);
    });

    it('keeps the counts after closing and reopening (SQLite file)', async () => {
      if (store.kind !== 'sqlite') return;
      const file = (store as SqliteViewStore).file;
      await store.record('site-d', 3, 3000);
      await store.close();
      store = new SqliteViewStore(file);
      expect(await store.count('site-d', 3)).toBe(1);
      expect(await store.record('site-d', 3, 3001)).toBe(2);
    });
  });
}
