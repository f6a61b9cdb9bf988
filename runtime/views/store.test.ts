// One suite for every ViewStore backend: SQLite always; PostgreSQL when TEST_DATABASE_URL or DATABASE_URL is set
// (start one with tools/ci/postgres.sh), otherwise that half is reported as skipped.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshSchemaUrl } from '../server/test-postgres';
import { SqlViewStore } from './sql-store';
import type { ViewStore } from './store';

const pgUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
const dir = mkdtempSync(join(tmpdir(), 'view-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let pgSchemaUrl = '';
// The tables as the store created them before it had migrations (the same on both databases but for BIGINT).
const oldSchema = (bigint: string) => `
CREATE TABLE car_views (tenant TEXT NOT NULL, car_id INTEGER NOT NULL, views ${bigint} NOT NULL DEFAULT 0, last_viewed_at ${bigint} NOT NULL,
  PRIMARY KEY (tenant, car_id));
CREATE TABLE car_view_visitors (tenant TEXT NOT NULL, car_id INTEGER NOT NULL, day TEXT NOT NULL, visitor TEXT NOT NULL, seen_at ${bigint} NOT NULL,
  PRIMARY KEY (tenant, car_id, day, visitor));
CREATE INDEX car_view_visitors_seen_at ON car_view_visitors (seen_at);
INSERT INTO car_views VALUES ('old-site', 8, 41, 1000);
INSERT INTO car_view_visitors VALUES ('old-site', 8, '2026-11-20', 'regular', 1000);
`;

const backends: {
  name: string;
  skip: boolean;
  open: () => Promise<ViewStore>;
  another: (store: ViewStore) => Promise<ViewStore>;
  openOld: () => Promise<ViewStore>;
}[] = [
  {
    name: 'SQLite',
    skip: false,
    open: async () => SqlViewStore.openSqlite(join(dir, `${randomUUID()}.sqlite`)),
    another: async (store) => SqlViewStore.openSqlite((store as SqlViewStore).file!),
    openOld: async () => {
      const file = join(dir, `old-${randomUUID()}.sqlite`);
      const old = new Database(file);
      old.exec(oldSchema('INTEGER'));
      old.close();
      return SqlViewStore.openSqlite(file);
    },
  },
  {
    name: 'PostgreSQL',
    skip: !pgUrl,
    open: async () => SqlViewStore.openPostgres((pgSchemaUrl = await freshSchemaUrl(pgUrl!, 'views_test'))),
    another: async () => SqlViewStore.openPostgres(pgSchemaUrl),
    openOld: async () => {
      const url = await freshSchemaUrl(pgUrl!, 'views_old');
      const old = new pg.Client({ connectionString: url });
      await old.connect();
      await old.query(oldSchema('BIGINT'));
      await old.end();
      return SqlViewStore.openPostgres(url);
    },
  },
];

for (const backend of backends) {
  describe.skipIf(backend.skip)(`ViewStore on ${backend.name}${backend.skip ? ' (skipped: set TEST_DATABASE_URL, see tools/ci/postgres.sh)' : ''}`, () => {
    let store: ViewStore;
    beforeAll(async () => {
      store = await backend.open();
    });
    afterAll(async () => store?.close());

    const visit = (tenant: string, carId: number, at: number, visitor = `visitor-${at}`, day = '2026-11-20') =>
      store.record({ tenant, carId, at, day, visitor });

    it('counts views per site and car, answering the new total', async () => {
      expect(await store.count('site-a', 1)).toBe(0);
      expect(await visit('site-a', 1, 1000)).toEqual({ views: 1, counted: true });
      expect(await visit('site-a', 1, 1001)).toEqual({ views: 2, counted: true });
      expect(await visit('site-a', 2, 1002)).toEqual({ views: 1, counted: true });
      // the same car id on another site is another count
      expect(await visit('site-b', 1, 1003)).toEqual({ views: 1, counted: true });
      expect(await store.count('site-a', 1)).toBe(2);
      expect(await store.count('site-b', 1)).toBe(1);
    });

    it('counts a visitor once per car and day: again the next day, on another car, on another site', async () => {
      const results = [];
      for (let i = 0; i < 30; i++) results.push(await visit('site-e', 5, 5000 + i, 'same-address'));
      expect(results[0]).toEqual({ views: 1, counted: true });
      expect(results.slice(1).every((r) => r.views === 1 && !r.counted)).toBe(true);
      expect(await visit('site-e', 5, 5100, 'another-address')).toEqual({ views: 2, counted: true });
      expect(await visit('site-e', 5, 5200, 'same-address', '2026-11-21')).toEqual({ views: 3, counted: true });
      expect(await visit('site-e', 6, 5300, 'same-address')).toEqual({ views: 1, counted: true });
      expect(await visit('site-f', 5, 5400, 'same-address')).toEqual({ views: 1, counted: true });
      expect(await store.count('site-e', 5)).toBe(3);
    });

    it('counts one view when one visitor sends many at once', async () => {
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => visit('site-g', 9, 6000 + i, 'burst')));
      expect(results.filter((r) => r.counted)).toHaveLength(1);
      expect(await store.count('site-g', 9)).toBe(1);
    });

    it('forgets who viewed once the day is long past, keeping the counts', async () => {
      const day = 86_400_000;
      await visit('site-h', 1, 10 * day, 'early', '1970-01-11');
      // three days later the visitor's row is gone (the count stays), so the old day would count again
      await visit('site-h', 2, 13 * day + 3_600_000, 'later', '1970-01-14');
      expect(await visit('site-h', 1, 13 * day + 3_600_001, 'early', '1970-01-11')).toEqual({ views: 2, counted: true });
      // within the kept days it is still known
      expect(await visit('site-h', 2, 13 * day + 3_600_002, 'later', '1970-01-14')).toEqual({ views: 1, counted: false });
    });

    it('loses no view when many arrive at once', async () => {
      const totals = await Promise.all(Array.from({ length: 25 }, (_, i) => visit('site-c', 7, 2000 + i)));
      expect(new Set(totals.map((t) => t.views)).size).toBe(25);
      expect(await store.count('site-c', 7)).toBe(25);
    });

    it('keeps the counts and visitors after closing and reopening (SQLite file)', async () => {
      if (store.kind !== 'sqlite') return;
      const file = (store as SqlViewStore).file!;
      await visit('site-d', 3, 3000, 'kept');
      await store.close();
      store = SqlViewStore.openSqlite(file);
      expect(await store.count('site-d', 3)).toBe(1);
      expect(await visit('site-d', 3, 3001, 'kept')).toEqual({ views: 1, counted: false });
      expect(await visit('site-d', 3, 3002)).toEqual({ views: 2, counted: true });
    });

    it('adopts a database made before migrations: its counts and visitors are kept', async () => {
      const old = await backend.openOld();
      try {
        expect(await old.count('old-site', 8)).toBe(41);
        expect(await old.record({ tenant: 'old-site', carId: 8, at: 1001, day: '2026-11-20', visitor: 'regular' })).toEqual({ views: 41, counted: false });
        expect(await old.record({ tenant: 'old-site', carId: 8, at: 1002, day: '2026-11-20', visitor: 'new' })).toEqual({ views: 42, counted: true });
      } finally {
        await old.close();
      }
    });

    it('counts a visitor once when two processes share the store, even at the same moment', async () => {
      const other = await backend.another(store);
      try {
        expect(await visit('site-i', 4, 7000, 'two-tabs')).toEqual({ views: 1, counted: true });
        expect(await other.record({ tenant: 'site-i', carId: 4, at: 7001, day: '2026-11-20', visitor: 'two-tabs' })).toEqual({ views: 1, counted: false });
        const both = await Promise.all([
          visit('site-i', 5, 7002, 'both-at-once'),
          other.record({ tenant: 'site-i', carId: 5, at: 7002, day: '2026-11-20', visitor: 'both-at-once' }),
        ]);
        expect(both.filter((r) => r.counted)).toHaveLength(1);
        expect(await other.count('site-i', 5)).toBe(1);
      } finally {
        await other.close();
      }
    });
  });
}
