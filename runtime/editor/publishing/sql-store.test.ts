// The publishing store on each backend: a due schedule is claimed by exactly one of two handles ("processes") on the
// same database, a cancelled one by none, and it survives reopening. SQLite always; PostgreSQL when TEST_DATABASE_URL
// or DATABASE_URL is set (tools/ci/postgres.sh), otherwise that half is skipped.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freshSchemaUrl } from '../../server/test-postgres';
import { PublishingStore } from './sql-store';
import { atLeast } from '../../../test-support/at-least';

const pgUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
const dir = mkdtempSync(join(tmpdir(), 'publishing-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const backends = [
  { name: 'SQLite', skip: false, open: async () => ({ url: join(dir, `${Math.random()}.sqlite`) }) },
  { name: 'PostgreSQL', skip: !pgUrl, open: async () => ({ url: await freshSchemaUrl(pgUrl!, 'editor_publishing_test') }) },
];
const openAt = (name: string, url: string) => (name === 'SQLite' ? Promise.resolve(PublishingStore.openSqlite(url)) : PublishingStore.openPostgres(url));

const T0 = 1_800_000_000_000;
const schedule = (tenant: string, runAt: number) => ({
  tenant,
  rev: 3,
  runAt,
  timeZone: 'Australia/Perth',
  createdBy: 'jo@dealer.example',
  createdByName: 'Jo',
  createdAt: T0,
});

for (const backend of backends) {
  describe.skipIf(backend.skip)(`PublishingStore on ${backend.name}`, () => {
    it('lets one of two processes claim a due schedule, keeps it across a reopen, and never runs a cancelled one', async () => {
      const { url } = await backend.open();
      const a = await openAt(backend.name, url);
      const b = await openAt(backend.name, url);
      const due = await a.schedule(schedule('site-a', T0 + 1000));
      const cancelled = await a.schedule(schedule('site-b', T0 + 1000));
      expect(due.ok && cancelled.ok).toBe(true);
      expect(await a.schedule(schedule('site-a', T0 + 5000))).toMatchObject({ ok: false });
      expect(await b.cancel('site-b', cancelled.ok ? cancelled.schedule.id : 0, T0)).toBe(true);

      await a.close();
      const reopened = await openAt(backend.name, url);
      expect(await reopened.claimDue(T0 + 999, 60_000)).toEqual([]);
      const [first, second] = await Promise.all([reopened.claimDue(T0 + 1000, 60_000), b.claimDue(T0 + 1000, 60_000)]);
      expect([...first, ...second].map((s) => [s.tenant, s.status])).toEqual([['site-a', 'running']]);
      // A process that dies mid-publish: another takes it over once the lease has run out, not before.
      expect(await b.claimDue(T0 + 30_000, 60_000)).toEqual([]);
      const retaken = await b.claimDue(T0 + 61_000, 60_000);
      expect(retaken.map((s) => s.tenant)).toEqual(['site-a']);
      await b.finish(atLeast(1, retaken, 'the schedules retaken')[0].id, 'published', 'Published as revision 4.', T0 + 62_000);
      expect(await reopened.claimDue(T0 + 200_000, 60_000)).toEqual([]);
      expect((await reopened.listOf('site-a'))[0]).toMatchObject({ status: 'published', outcome: 'Published as revision 4.' });
      await Promise.all([reopened.close(), b.close()]);
    });

    it('keeps share links by hash, with their expiry and withdrawal', async () => {
      const { url } = await backend.open();
      const store = await openAt(backend.name, url);
      await store.addShareLink({ tokenHash: 'h1', tenant: 'site-a', rev: 2, createdBy: 'jo@dealer.example', createdAt: T0, expiresAt: T0 + 1000 });
      await store.addShareLink({ tokenHash: 'h2', tenant: 'site-a', rev: 3, createdBy: 'jo@dealer.example', createdAt: T0 + 1, expiresAt: T0 + 5000 });
      expect((await store.activeShareLinks('site-a', T0 + 2000)).map((l) => l.tokenHash)).toEqual(['h2']);
      expect(await store.revokeShareLink('site-b', 'h2', T0)).toBe(false);
      expect(await store.revokeShareLink('site-a', 'h2', T0)).toBe(true);
      expect((await store.shareLink('h2'))?.revokedAt).toBe(T0);
      expect(await store.activeShareLinks('site-a', T0)).toHaveLength(1);
      await store.close();
    });
  });
}
