// One suite for every UnsubscribeStore backend: SQLite always; PostgreSQL when TEST_DATABASE_URL or DATABASE_URL is
// set (start one with tools/ci/postgres.sh), otherwise that half is reported as skipped.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshSchemaUrl } from '../server/test-postgres';
import { SqlUnsubscribeStore, type UnsubscribeStore } from '.';

const pgUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
const dir = mkdtempSync(join(tmpdir(), 'unsubscribe-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// The table as the store created it before it had migrations, with one address in it.
const oldSchema = (bigint: string) => `
CREATE TABLE unsubscribes (tenant TEXT NOT NULL, email TEXT NOT NULL, created_at ${bigint} NOT NULL, PRIMARY KEY (tenant, email));
INSERT INTO unsubscribes VALUES ('old-site', 'old@example.com', 900);
`;

const backends: {
  name: string;
  skip: boolean;
  open: () => Promise<UnsubscribeStore>;
  reopen?: (s: UnsubscribeStore) => Promise<UnsubscribeStore>;
  openOld: () => Promise<UnsubscribeStore>;
}[] = [
  {
    name: 'SQLite',
    skip: false,
    open: async () => SqlUnsubscribeStore.openSqlite(join(dir, `${randomUUID()}.sqlite`)),
    reopen: async (s) => {
      await s.close();
      return SqlUnsubscribeStore.openSqlite((s as SqlUnsubscribeStore).file!);
    },
    openOld: async () => {
      const file = join(dir, `old-${randomUUID()}.sqlite`);
      const old = new Database(file);
      old.exec(oldSchema('INTEGER'));
      old.close();
      return SqlUnsubscribeStore.openSqlite(file);
    },
  },
  {
    name: 'PostgreSQL',
    skip: !pgUrl,
    open: async () => SqlUnsubscribeStore.openPostgres(await freshSchemaUrl(pgUrl!, 'unsubscribe_test')),
    openOld: async () => {
      const url = await freshSchemaUrl(pgUrl!, 'unsubscribe_old');
      const old = new pg.Client({ connectionString: url });
      await old.connect();
      await old.query(oldSchema('BIGINT'));
      await old.end();
      return SqlUnsubscribeStore.openPostgres(url);
    },
  },
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

      it('adopts a database made before migrations: its addresses are kept', async () => {
        const old = await backend.openOld();
        try {
          expect(await old.has('old-site', 'old@example.com')).toBe(true);
          expect(await old.add({ tenant: 'old-site', email: 'old@example.com', createdAt: 1000 })).toEqual({ created: false });
          expect(await old.list('old-site')).toEqual([{ tenant: 'old-site', email: 'old@example.com', createdAt: 900 }]);
        } finally {
          await old.close();
        }
      });

      it.skipIf(!backend.reopen)('keeps what it acknowledged after the store is closed and opened again', async () => {
        await store.add({ tenant: 'site-d', email: 'cy@example.com', createdAt: 5000 });
        store = await backend.reopen!(store);
        expect(await store.has('site-d', 'cy@example.com')).toBe(true);
      });
    },
  );
}
