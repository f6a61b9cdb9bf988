// One suite for every AccountStore backend: SQLite always; PostgreSQL when TEST_DATABASE_URL or DATABASE_URL is set
// (start one with tools/ci/postgres.sh), otherwise that half is reported as skipped.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import pg from 'pg';
import { SqlAccountStore } from './sql-store';
import type { AccountStore, NewAccount } from './store';
import { freshSchemaUrl } from '../server/test-postgres';
import { atLeast } from '../../test-support/at-least';

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

const confirmation = (tenant: string, accountId: string, token: string, passwordHash: string, expiresAt = 1e12) => ({
  tokenHash: token,
  tenant,
  accountId,
  passwordHash,
  next: '/cars/x/buy-online',
  createdAt: 2_000,
  expiresAt,
});

// The accounts table as the first release created it (before sign-ups were confirmed by mail), with one account.
const LEGACY_ACCOUNTS = `CREATE TABLE shopper_accounts (
  id TEXT PRIMARY KEY, tenant TEXT NOT NULL, email TEXT NOT NULL, name TEXT NOT NULL, phone TEXT, password_hash TEXT NOT NULL,
  created_at BIGINT NOT NULL, UNIQUE (tenant, email));
INSERT INTO shopper_accounts (id, tenant, email, name, phone, password_hash, created_at) VALUES ('old-1', 'site-old', 'old@example.com', 'Olive', NULL, 'scrypt$old', 5);`;

const backends: { name: string; skip: boolean; open: () => Promise<AccountStore>; openLegacy: () => Promise<AccountStore> }[] = [
  {
    name: 'SQLite',
    skip: false,
    open: async () => SqlAccountStore.openSqlite(join(dir, `${randomUUID()}.sqlite`)),
    openLegacy: async () => {
      const file = join(dir, `${randomUUID()}.sqlite`);
      const db = new Database(file);
      db.exec(LEGACY_ACCOUNTS);
      db.close();
      return SqlAccountStore.openSqlite(file);
    },
  },
  {
    name: 'PostgreSQL',
    skip: !pgUrl,
    open: async () => {
      // A fresh schema per run, so the suite starts empty.
      return SqlAccountStore.openPostgres(await freshSchemaUrl(pgUrl!, 'accounts_test'));
    },
    openLegacy: async () => {
      const url = await freshSchemaUrl(pgUrl!, 'accounts_legacy');
      const db = new pg.Client({ connectionString: url });
      await db.connect();
      await db.query(LEGACY_ACCOUNTS);
      await db.end();
      return SqlAccountStore.openPostgres(url);
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

    it('an unconfirmed account has no session until its link is used; a link works once, on its site, before it expires', async () => {
      const a = account('site-c');
      expect(await store.createAccount({ ...a, unconfirmedSince: 1_000 })).toMatchObject({ id: a.id, confirmed: false });
      expect((await store.accountByEmail('site-c', a.email))!.confirmed).toBe(false);
      // even a session row (there is none in practice) does not sign an unconfirmed account in
      await store.createSession({ tokenHash: `s-${a.id}`, tenant: 'site-c', accountId: a.id, createdAt: 1, expiresAt: 1e12 });
      expect(await store.sessionAccount('site-c', `s-${a.id}`, 2_000)).toBeUndefined();
      await store.createConfirmation(confirmation('site-c', a.id, `c-${a.id}`, 'scrypt$confirmed', 5_000), mail('site-c'));
      expect(await store.consumeConfirmation('site-other', `c-${a.id}`, 3_000)).toBeUndefined();
      expect(await store.consumeConfirmation('site-c', `c-${a.id}`, 5_000)).toBeUndefined(); // expired
      await store.createConfirmation(confirmation('site-c', a.id, `c2-${a.id}`, 'scrypt$confirmed'), mail('site-c'));
      const done = await store.consumeConfirmation('site-c', `c2-${a.id}`, 3_000);
      expect(done).toEqual({ account: expect.objectContaining({ id: a.id, email: a.email, confirmed: true }), next: '/cars/x/buy-online' });
      expect(await store.consumeConfirmation('site-c', `c2-${a.id}`, 3_001)).toBeUndefined();
      expect((await store.accountByEmail('site-c', a.email))!).toMatchObject({ confirmed: true, passwordHash: 'scrypt$confirmed' });
      expect((await store.sessionAccount('site-c', `s-${a.id}`, 3_000))!.id).toBe(a.id);
    });

    it('a sign-up again replaces only an unconfirmed account; each link confirms the password it was sent for, and the first used ends the rest', async () => {
      const a = account('site-d');
      await store.createAccount({ ...a, unconfirmedSince: 1_000 });
      await store.createConfirmation(confirmation('site-d', a.id, `first-${a.id}`, 'scrypt$first'), mail('site-d'));
      const replaced = await store.replaceUnconfirmed('site-d', a.email, { name: 'Second', phone: null, passwordHash: 'scrypt$second' });
      expect(replaced).toMatchObject({ id: a.id, name: 'Second', phone: null, confirmed: false });
      expect((await store.accountByEmail('site-d', a.email))!.passwordHash).toBe('scrypt$second');
      await store.createConfirmation(confirmation('site-d', a.id, `second-${a.id}`, 'scrypt$second'), mail('site-d'));
      expect((await store.consumeConfirmation('site-d', `first-${a.id}`, 3_000))!.account.id).toBe(a.id);
      expect((await store.accountByEmail('site-d', a.email))!.passwordHash).toBe('scrypt$first');
      expect(await store.consumeConfirmation('site-d', `second-${a.id}`, 3_001)).toBeUndefined();
      // a confirmed account is never replaced
      expect(await store.replaceUnconfirmed('site-d', a.email, { name: 'Third', phone: null, passwordHash: 'scrypt$third' })).toBeUndefined();
      expect((await store.accountByEmail('site-d', a.email))!).toMatchObject({ name: 'Second', passwordHash: 'scrypt$first' });
      const confirmed = account('site-d');
      await store.createAccount(confirmed);
      expect(await store.replaceUnconfirmed('site-d', confirmed.email, { name: 'X', phone: null, passwordHash: 'scrypt$x2' })).toBeUndefined();
    });

    it('a completed password reset confirms an unconfirmed account and ends its confirmation links', async () => {
      const a = account('site-e');
      await store.createAccount({ ...a, unconfirmedSince: 1_000 });
      await store.createConfirmation(confirmation('site-e', a.id, `c-${a.id}`, 'scrypt$pending'), mail('site-e'));
      await store.createPasswordReset({ tokenHash: `r-${a.id}`, tenant: 'site-e', accountId: a.id, createdAt: 2_000, expiresAt: 9_000 }, mail('site-e'));
      expect(await store.consumePasswordReset('site-e', `r-${a.id}`, 3_000, 'scrypt$reset')).toBe(a.id);
      expect((await store.accountByEmail('site-e', a.email))!).toMatchObject({ confirmed: true, passwordHash: 'scrypt$reset' });
      expect(await store.consumeConfirmation('site-e', `c-${a.id}`, 3_001)).toBeUndefined();
      expect((await store.accountByEmail('site-e', a.email))!.passwordHash).toBe('scrypt$reset');
    });

    it('a database from before confirmation upgrades on open: its accounts stay confirmed and usable', async () => {
      const legacy = await backend.openLegacy();
      try {
        expect(await legacy.accountByEmail('site-old', 'old@example.com')).toMatchObject({ id: 'old-1', confirmed: true, passwordHash: 'scrypt$old' });
        await legacy.createSession({ tokenHash: 'old-session', tenant: 'site-old', accountId: 'old-1', createdAt: 1, expiresAt: 1e12 });
        expect((await legacy.sessionAccount('site-old', 'old-session', 2))!.name).toBe('Olive');
        const fresh = account('site-old');
        expect(await legacy.createAccount({ ...fresh, unconfirmedSince: 10 })).toMatchObject({ confirmed: false });
        expect((await legacy.accountByEmail('site-old', fresh.email))!.confirmed).toBe(false);
      } finally {
        await legacy.close();
      }
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
      const waiting = await store.mailBacklog();
      const claimed = (await store.claimDueMail(2_000, 100, 60_000)).filter((m) => m.tenant === 'site-m');
      expect(claimed).toHaveLength(1);
      expect(claimed[0]).toMatchObject({ to: 'a@example.com', subject: 'Reset', text: 'secret link', attempts: 0 });
      expect((await store.claimDueMail(2_001, 100, 60_000)).some((m) => m.id === claimed[0]?.id)).toBe(false);
      await store.recordMailAttempt(atLeast(1, claimed, 'the claimed mails')[0].id, {
        status: 'pending',
        error: 'ECONNREFUSED',
        nextAttemptAt: 70_000,
        at: 2_002,
      });
      expect((await store.claimDueMail(69_999, 100, 1)).some((m) => m.id === claimed[0]?.id)).toBe(false);
      const again = (await store.claimDueMail(70_000, 100, 1)).find((m) => m.id === claimed[0]?.id)!;
      expect(again.attempts).toBe(1);
      // A claimed or retried mail still waits (the backlog /metrics shows); a sent one no longer does.
      expect(await store.mailBacklog()).toBe(waiting);
      await store.recordMailAttempt(again.id, { status: 'sent', at: 70_001 });
      expect(await store.mailBacklog()).toBe(waiting - 1);
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
      expect((await store.savedSearches('site-s', a.id))[0]?.lastSeenAt).toBe(99);
      expect(await store.deleteSavedSearch('site-other', a.id, s.id)).toBe(false);
      expect(await store.deleteSavedSearch('site-s', a.id, s.id)).toBe(true);
      expect(await store.savedSearches('site-s', a.id)).toEqual([]);
    });

    it('survives closing and reopening (SQLite file)', async () => {
      if (store.kind !== 'sqlite') return;
      const file = (store as SqlAccountStore).file!;
      const a = account('site-r');
      await store.createAccount(a);
      await store.createSession({ tokenHash: `p-${a.id}`, tenant: 'site-r', accountId: a.id, createdAt: 1, expiresAt: 1e12 });
      await store.close();
      store = SqlAccountStore.openSqlite(file);
      expect((await store.sessionAccount('site-r', `p-${a.id}`, 2))!.id).toBe(a.id);
    });
  });
}
