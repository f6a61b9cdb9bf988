// One suite for every AccountStore backend: SQLite always; PostgreSQL when TEST_DATABASE_URL or DATABASE_URL is set
// (start one with tools/ci/postgres.sh), otherwise that half is reported as skipped.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgAccountStore } from './pg-store';
import { SqliteAccountStore } from './sqlite-store';
import type { AccountStore, NewAccount } from './store';
import { freshSchemaUrl } from '../server/test-postgres';

const pgUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
const dir = mkdtempSync(join(tmpdir(), 'account-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const account = (tenant: string, email = `${randomUUID()}@example.com`): NewAccount => ({
  id: randomUUID(),
  tenant,
  email,
  name: "Ann O'Neil <b>",
  phone: '0412345678',
  passwordHash: 'scrypt$x',
  createdAt: 1_000,
});
const mail = (tenant: string) => ({ tenant, to: 'a@example.com', subject: 'Reset', text: 'link', createdAt: 2_000 });

const backends: { name: string; skip: boolean; open: () => Promise<AccountStore> }[] = [
  { name: 'SQLite', skip: false, open: async () => new SqliteAccountStore(join(dir, `${randomUUID()}.sqlite`)) },
  {
    name: 'PostgreSQL',
    skip: !pgUrl,
    open: async () => {
      // A fresh schema per run, so the suite starts empty.
      return PgAccountStore.open(await freshSchemaUrl(pgUrl!, 'accounts_test'));
    },
  },
];

for (const backend of backends) {
  describe.skipIf(backend.skip)(`AccountStore on ${backend.name}${backend.skip ? ' (skipped: set TEST_DATABASE_URL, see tools/ci/postgres.sh)' : ''}`, () => {
    let store: AccountStore;
    beforeAll(async () => {
      store = await backend.open();
    });
    afterAll(async () => store?.close());

    it('one account per email and site; another site may use the same email and never sees the first', async () => {
      const a = account('site-a', 'ann@example.com');
      expect(await store.createAccount(a)).toMatchObject({ id: a.id, email: 'ann@example.com', name: "Ann O'Neil <b>", phone: '0412345678' });
      expect(await store.createAccount({ ...account('site-a', 'ann@example.com') })).toBe('email-taken');
      const b = account('site-b', 'ann@example.com');
      expect(await store.createAccount(b)).toMatchObject({ id: b.id, tenant: 'site-b' });
      expect((await store.accountByEmail('site-a', 'ann@example.com'))!.passwordHash).toBe('scrypt$x');
      expect((await store.accountByEmail('site-b', 'ann@example.com'))!.id).toBe(b.id);
      expect(await store.accountById('site-b', a.id)).toBeUndefined();
      await store.updatePhone('site-a', a.id, null);
      expect((await store.accountById('site-a', a.id))!.phone).toBeNull();
    });

    it('sessions: live ones sign in, only on their own site, until they expire or are deleted', async () => {
      const a = account('site-a');
      await store.createAccount(a);
      await store.createSession({ tokenHash: `h-${a.id}`, tenant: 'site-a', accountId: a.id, createdAt: 1, expiresAt: 10_000 });
      expect((await store.sessionAccount('site-a', `h-${a.id}`, 5_000))!.id).toBe(a.id);
      expect(await store.sessionAccount('site-b', `h-${a.id}`, 5_000)).toBeUndefined();
      expect(await store.sessionAccount('site-a', `h-${a.id}`, 10_000)).toBeUndefined();
      await store.deleteSession('site-a', `h-${a.id}`);
      expect(await store.sessionAccount('site-a', `h-${a.id}`, 5_000)).toBeUndefined();
    });

    it('a password reset is one-time, expires, belongs to its site, and ends every session', async () => {
      const a = account('site-a');
      await store.createAccount(a);
      await store.createSession({ tokenHash: `s-${a.id}`, tenant: 'site-a', accountId: a.id, createdAt: 1, expiresAt: 1e12 });
      await store.createPasswordReset({ tokenHash: `r-${a.id}`, tenant: 'site-a', accountId: a.id, createdAt: 2_000, expiresAt: 5_000 }, mail('site-a'));
      expect(await store.consumePasswordReset('site-b', `r-${a.id}`, 3_000, 'new')).toBeUndefined();
      expect(await store.consumePasswordReset('site-a', `r-${a.id}`, 5_000, 'new')).toBeUndefined(); // expired
      await store.createPasswordReset({ tokenHash: `r2-${a.id}`, tenant: 'site-a', accountId: a.id, createdAt: 2_000, expiresAt: 9_000 }, mail('site-a'));
      expect(await store.consumePasswordReset('site-a', `r2-${a.id}`, 3_000, 'scrypt$new')).toBe(a.id);
      expect(await store.consumePasswordReset('site-a', `r2-${a.id}`, 3_001, 'scrypt$again')).toBeUndefined();
      expect((await store.accountByEmail('site-a', a.email))!.passwordHash).toBe('scrypt$new');
      expect(await store.sessionAccount('site-a', `s-${a.id}`, 3_000)).toBeUndefined();
    });

    it('a new reset token ends the earlier ones, and using one ends the others', async () => {
      const a = account('site-n');
      await store.createAccount(a);
      const reset = (token: string, at: number) =>
        store.createPasswordReset({ tokenHash: token, tenant: 'site-n', accountId: a.id, createdAt: at, expiresAt: 1e12 }, mail('site-n'));
      await reset(`old-${a.id}`, 2_000);
      await reset(`new-${a.id}`, 2_500);
      expect(await store.consumePasswordReset('site-n', `old-${a.id}`, 3_000, 'scrypt$old')).toBeUndefined();
      expect((await store.accountByEmail('site-n', a.email))!.passwordHash).toBe('scrypt$x');
      await reset(`third-${a.id}`, 3_500);
      // a token issued earlier is used up with the first one used, whichever it is
      const other = account('site-n');
      await store.createAccount(other);
      await store.createPasswordReset({ tokenHash: `o-${other.id}`, tenant: 'site-n', accountId: other.id, createdAt: 3_600, expiresAt: 1e12 }, mail('site-n'));
      expect(await store.consumePasswordReset('site-n', `third-${a.id}`, 4_000, 'scrypt$third')).toBe(a.id);
      expect(await store.consumePasswordReset('site-n', `new-${a.id}`, 4_001, 'scrypt$new')).toBeUndefined();
      // another account's token is not touched
      expect(await store.consumePasswordReset('site-n', `o-${other.id}`, 4_002, 'scrypt$other')).toBe(other.id);
    });

    it('queues a notice mail without a link', async () => {
      await store.queueMail({ ...mail('site-q'), subject: 'Notice', text: 'someone tried' });
      const claimed = (await store.claimDueMail(2_000, 100, 60_000)).filter((m) => m.tenant === 'site-q');
      expect(claimed).toMatchObject([{ subject: 'Notice', text: 'someone tried', to: 'a@example.com' }]);
    });

    it('mail outbox: claimed under a lease, retried, and the body dropped once sent', async () => {
      const a = account('site-m');
      await store.createAccount(a);
      await store.createPasswordReset(
        { tokenHash: `m-${a.id}`, tenant: 'site-m', accountId: a.id, createdAt: 2_000, expiresAt: 1e12 },
        { ...mail('site-m'), text: 'secret link' },
      );
      const claimed = (await store.claimDueMail(2_000, 100, 60_000)).filter((m) => m.tenant === 'site-m');
      expect(claimed).toHaveLength(1);
      expect(claimed[0]).toMatchObject({ to: 'a@example.com', subject: 'Reset', text: 'secret link', attempts: 0 });
      expect((await store.claimDueMail(2_001, 100, 60_000)).some((m) => m.id === claimed[0].id)).toBe(false);
      await store.recordMailAttempt(claimed[0].id, { status: 'pending', error: 'ECONNREFUSED', nextAttemptAt: 70_000, at: 2_002 });
      expect((await store.claimDueMail(69_999, 100, 1)).some((m) => m.id === claimed[0].id)).toBe(false);
      const again = (await store.claimDueMail(70_000, 100, 1)).find((m) => m.id === claimed[0].id)!;
      expect(again.attempts).toBe(1);
      await store.recordMailAttempt(again.id, { status: 'sent', at: 70_001 });
      expect(await store.mailStatus(again.id)).toEqual({ status: 'sent', attempts: 2, lastError: null });
      expect((await store.claimDueMail(1e12, 1000, 1)).some((m) => m.id === again.id)).toBe(false);
    });

    it('watchlist: saving twice keeps the first save, removal, per account and site', async () => {
      const a = account('site-w');
      await store.createAccount(a);
      await store.saveCar('site-w', a.id, 11, 25_000, 100);
      await store.saveCar('site-w', a.id, 11, 20_000, 200);
      await store.saveCar('site-w', a.id, 12, null, 300);
      expect(await store.watchlist('site-w', a.id)).toEqual([
        { carId: 12, priceAtSave: null, savedAt: 300 },
        { carId: 11, priceAtSave: 25_000, savedAt: 100 },
      ]);
      expect(await store.watchlist('site-x', a.id)).toEqual([]);
      await store.removeCar('site-w', a.id, 12);
      expect((await store.watchlist('site-w', a.id)).map((e) => e.carId)).toEqual([11]);
    });

    it('saved searches: add, list, mark seen, delete', async () => {
      const a = account('site-s');
      await store.createAccount(a);
      const s = { id: randomUUID(), name: 'Utes', path: '/search/used-cars?body=Ute', createdAt: 5, lastSeenAt: 5 };
      await store.saveSearch('site-s', a.id, s);
      expect(await store.savedSearches('site-s', a.id)).toEqual([s]);
      expect(await store.markSearchSeen('site-s', a.id, s.id, 99)).toBe(true);
      expect((await store.savedSearches('site-s', a.id))[0].lastSeenAt).toBe(99);
      expect(await store.deleteSavedSearch('site-other', a.id, s.id)).toBe(false);
      expect(await store.deleteSavedSearch('site-s', a.id, s.id)).toBe(true);
      expect(await store.savedSearches('site-s', a.id)).toEqual([]);
    });

    it('survives closing and reopening (SQLite file)', async () => {
      if (store.kind !== 'sqlite') return;
      const file = (store as SqliteAccountStore).file;
      const a = account('site-r');
      await store.createAccount(a);
      await store.createSession({ tokenHash: `p-${a.id}`, tenant: 'site-r', accountId: a.id, createdAt: 1, expiresAt: 1e12 });
      await store.close();
      store = new SqliteAccountStore(file);
      expect((await store.sessionAccount('site-r', `p-${a.id}`, 2))!.id).toBe(a.id);
    });
  });
}
