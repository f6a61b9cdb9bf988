// One suite for every UnsubscribeStore backend: SQLite always; PostgreSQL when TEST_DATABASE_URL or DATABASE_URL is
// set (start one with tools/ci/postgres.sh), otherwise that half is reported as skipped.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshSchemaUrl } from '../server/test-postgres';
import { PgUnsubscribeStore, SqliteUnsubscribeStore, type UnsubscribeStore } from '.';

const pgUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
const dir = mkdtempSync(join(tmpdir(), 'unsubscribe-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const backends: { name: string; skip: boolean; open: () => Promise<UnsubscribeStore>; reopen?: (s: UnsubscribeStore) => Promise<UnsubscribeStore> }[] = [
  {
    name: 'SQLite',
    skip: false,
    open: async () => new SqliteUnsubscribeStore(join(dir, `${randomUUID()}.sqlite`)),
    reopen: async (s) => {
      await s.close();
      return new SqliteUnsubscribeStore((s as SqliteUnsubscribeStore).file);
    },
  },
  { name: 'PostgreSQL', skip: !pgUrl, open: async () => PgUnsubscribeStore.open(await freshSchemaUrl(pgUrl!, 'unsubscribe_test')) },
];

for (const backend of backends) {
  describe.skipIf(backend.skip)(
    `UnsubscribeStore on ${backend.name}${backend.skip ? ' (skipped: set TEST_DATABASE_URL, see tools/ci/postgres.sh)' : ''}`,
    () => {
      let store: UnsubscribeStore;
      beforeAll(async () => {
        store = await backend.open();
      });
      afterAll(async () => store?.close());

      it('records an address for one site only', async () => {
        expect(await store.add({ tenant: 'site-a', email: 'ann@example.com', createdAt: 1000 })).toEqual({ created: true });
        expect(await store.has('site-a', 'ann@example.com')).toBe(true);
        expect(await store.has('site-b', 'ann@example.com')).toBe(false);
        expect(await store.list('site-b')).toEqual([]);
      });

      it('a second unsubscribe of the same address is idempotent, even concurrently', async () => {
        const results = await Promise.all(Array.from({ length: 6 }, () => store.add({ tenant: 'site-c', email: 'bob@example.com', createdAt: 2000 })));
        expect(results.filter((r) => r.created)).toHaveLength(1);
        expect(await store.add({ tenant: 'site-c', email: 'bob@example.com', createdAt: 3000 })).toEqual({ created: false });
        expect(await store.list('site-c')).toEqual([{ tenant: 'site-c', email: 'bob@example.com', createdAt: 2000 }]);
      });

      it.skipIf(!backend.reopen)('keeps what it acknowledged after the store is closed and opened again', async () => {
        await store.add({ tenant: 'site-d', email: 'cy@example.com', createdAt: 5000 });
        store = await backend.reopen!(store);
        expect(await store.has('site-d', 'cy@example.com')).toBe(true);
      });
    },
  );
}
