// The account operations of the editor's accounts page: invites, grants, reset links, disabling, own password.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountStore } from './accounts';
import { setPasswordCostForTests, verifyPassword } from './password';
import { PASSWORD_HASHING_LIMITS, passwordHashing } from '../passwords/hashing';
import { ServerBusyError } from '../infra/http-errors';
import { SessionStore } from './sessions';
import { LINK_NOT_VALID, StaffAccounts } from './staff-accounts';
import { SqlEditorStaffStore } from './staff-store';
import { RESET_MAILS_PER_HOUR, SignInLimiter } from '../accounts/sign-in-limiter';
import { RateLimits } from '../infra/rate-limit';
import { atLeast } from '../../test-support/at-least';

const SITES = ['big-sky-cars', 'harbourside-mazda'];
const ORIGIN = 'https://editor.example';
let now = 1_700_000_000_000;

function setup() {
  const dir = mkdtempSync(join(tmpdir(), 'staff-accounts-'));
  const accounts = new AccountStore(join(dir, 'accounts.json'));
  const store = SqlEditorStaffStore.openSqlite(join(dir, 'staff.sqlite'));
  const sessions = new SessionStore(3600_000, () => now);
  const staff = new StaffAccounts({ accounts, store, sessions, sites: () => SITES, now: () => now });
  /** The link of the newest mail to `to` (the only place a token is ever given out). */
  const linkFor = async (to: string) => {
    const mails = await store.claimDueMail(now + 1, 100, 1);
    const text = mails.filter((m) => m.to === to).at(-1)?.text ?? '';
    return /#([\w-]+)/.exec(text)?.[1] ?? '';
  };
  return { accounts, store, sessions, staff, linkFor };
}

beforeAll(() => setPasswordCostForTests({ N: 1024, r: 8, p: 1 }));
afterAll(() => setPasswordCostForTests());

describe('staff accounts', () => {
  it('invites by email: an account without a password, a one-time link by mail that sets it and ends there', async () => {
    const { accounts, staff, store } = setup();
    const invited = await staff.invite({ email: ' Jo@Dealer.example ', name: 'Jo Citizen', sites: ['big-sky-cars'] }, ORIGIN);
    expect(invited).toMatchObject({ email: 'jo@dealer.example', name: 'Jo Citizen', tenants: ['big-sky-cars'], state: 'invited', admin: false });
    expect(JSON.stringify(invited)).not.toContain('passwordHash');
    const [mail] = atLeast(1, await store.claimDueMail(now + 1, 10, 1), 'the mails due');
    expect(mail).toMatchObject({ to: 'jo@dealer.example', subject: 'You are invited to the site editor' });
    expect(mail.text).toMatch(new RegExp(`${ORIGIN}/editor/set-password#[\\w-]{43}`));
    const token = /#([\w-]+)/.exec(mail.text)![1];
    expect(await staff.linkInfo(token)).toEqual({ purpose: 'invite', email: 'jo@dealer.example', name: 'Jo Citizen' });
    await expect(staff.redeem(token, 'short')).rejects.toThrow('The password must be at least 10 characters long.');
    const account = await staff.redeem(token, 'a brand new password');
    expect(await verifyPassword('a brand new password', accounts.find('jo@dealer.example')!.passwordHash)).toBe(true);
    expect(account.email).toBe('jo@dealer.example');
    await expect(staff.redeem(token, 'another new password')).rejects.toThrow(LINK_NOT_VALID);
    expect(await staff.linkInfo(token)).toBeUndefined();
    expect(staff.list().find((a) => a.email === 'jo@dealer.example')?.state).toBe('active');
  });

  it('validates every input of an invite', async () => {
    const { staff } = setup();
    await expect(staff.invite({ email: 'not an email', sites: [] }, ORIGIN)).rejects.toMatchObject({
      status: 400,
      message: 'Enter the email address of the person to invite.',
    });
    await expect(staff.invite({ email: 'a@b.example', sites: 'big-sky-cars' }, ORIGIN)).rejects.toMatchObject({
      status: 400,
      message: '"sites" must be a list of site ids.',
    });
    await expect(staff.invite({ email: 'a@b.example', sites: ['nowhere'] }, ORIGIN)).rejects.toMatchObject({
      status: 400,
      message: 'There is no site with the id "nowhere".',
    });
    await expect(staff.invite({ email: 'a@b.example', name: 'x'.repeat(101), sites: [] }, ORIGIN)).rejects.toMatchObject({ status: 400 });
    await staff.invite({ email: 'a@b.example', sites: [] }, ORIGIN);
    await expect(staff.invite({ email: 'A@b.example', sites: [] }, ORIGIN)).rejects.toMatchObject({ status: 409 });
  });

  it('grants and revokes only sites that exist', async () => {
    const { staff } = setup();
    await staff.invite({ email: 'kim@dealer.example', sites: [] }, ORIGIN);
    expect(staff.grant('kim@dealer.example', ['harbourside-mazda', 'big-sky-cars'], false).tenants).toEqual(['big-sky-cars', 'harbourside-mazda']);
    expect(staff.grant('kim@dealer.example', ['big-sky-cars'], true).tenants).toEqual(['harbourside-mazda']);
    expect(() => staff.grant('kim@dealer.example', ['../etc'], false)).toThrow('There is no site with the id "../etc".');
    expect(() => staff.grant('nobody@dealer.example', ['big-sky-cars'], false)).toThrow('There is no account with this email.');
  });

  it('a reset link replaces the password once and signs the account out everywhere; an older link stops working', async () => {
    const { accounts, sessions, staff, linkFor } = setup();
    await accounts.create({ email: 'sam@dealer.example', name: 'Sam', password: 'the old password', tenants: ['big-sky-cars'] });
    const session = await sessions.create('sam@dealer.example');
    await staff.sendReset('sam@dealer.example', ORIGIN);
    const first = await linkFor('sam@dealer.example');
    now += 1000;
    await staff.sendReset('sam@dealer.example', ORIGIN);
    const second = await linkFor('sam@dealer.example');
    expect(await staff.linkInfo(first)).toBeUndefined();
    expect((await staff.linkInfo(second))?.purpose).toBe('reset');
    await staff.redeem(second, 'the new password!');
    expect(await sessions.get(session.token)).toBeUndefined();
    expect(await verifyPassword('the new password!', accounts.find('sam@dealer.example')!.passwordHash)).toBe(true);
  });

  it('a reset link expires after an hour', async () => {
    const { accounts, staff, linkFor } = setup();
    await accounts.create({ email: 'lee@dealer.example', name: 'Lee', password: 'the old password' });
    await staff.sendReset('lee@dealer.example', ORIGIN);
    const token = await linkFor('lee@dealer.example');
    now += 3600_000;
    await expect(staff.redeem(token, 'the new password!')).rejects.toMatchObject({ status: 410 });
  });

  it('a forgotten-password request says nothing about whether the account exists', async () => {
    const { accounts, staff, store } = setup();
    await accounts.create({ email: 'ana@dealer.example', name: 'Ana', password: 'the old password' });
    await expect(staff.requestReset('ana@dealer.example', ORIGIN)).resolves.toBeUndefined();
    await expect(staff.requestReset('ghost@dealer.example', ORIGIN)).resolves.toBeUndefined();
    expect((await store.claimDueMail(now + 1, 10, 1)).map((m) => m.to)).toEqual(['ana@dealer.example']);
  });

  it('forgotten-password mails are capped per account (the answer stays the same), and only the newest link works', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'staff-accounts-'));
    const accounts = new AccountStore(join(dir, 'accounts.json'));
    const store = SqlEditorStaffStore.openSqlite(join(dir, 'staff.sqlite'));
    const limiter = new SignInLimiter(undefined, RateLimits.memory(), { scope: 'editor' });
    const staff = new StaffAccounts({
      accounts,
      store,
      sessions: new SessionStore(3600_000, () => now),
      sites: () => SITES,
      now: () => now,
      resetMailAllowed: (email) => limiter.resetMail(email),
    });
    await accounts.create({ email: 'flo@dealer.example', name: 'Flo', password: 'the old password' });
    for (let i = 0; i < 25; i++) await expect(staff.requestReset('flo@dealer.example', ORIGIN)).resolves.toBeUndefined();
    const mails = await store.claimDueMail(now + 1, 100, 1);
    expect(mails).toHaveLength(RESET_MAILS_PER_HOUR);
    const tokens = mails.map((m) => /#([\w-]+)/.exec(m.text)![1]);
    for (const old of tokens.slice(0, -1)) expect(await staff.linkInfo(old)).toBeUndefined();
    expect(await staff.linkInfo(tokens.at(-1))).toMatchObject({ purpose: 'reset', email: 'flo@dealer.example' });
  });

  it('disabling ends the sessions and links at once; an admin cannot disable themself', async () => {
    const { accounts, sessions, staff, linkFor } = setup();
    const admin = await accounts.create({ email: 'admin@dealer.example', name: 'Admin', password: 'the admin password', admin: true });
    await accounts.create({ email: 'max@dealer.example', name: 'Max', password: 'the old password' });
    const session = await sessions.create('max@dealer.example');
    await staff.sendReset('max@dealer.example', ORIGIN);
    const token = await linkFor('max@dealer.example');
    expect((await staff.setDisabled('max@dealer.example', true, admin)).state).toBe('disabled');
    expect(await sessions.get(session.token)).toBeUndefined();
    await expect(staff.redeem(token, 'the new password!')).rejects.toMatchObject({ status: 410 });
    await expect(staff.sendReset('max@dealer.example', ORIGIN)).rejects.toMatchObject({ status: 409 });
    await expect(staff.setDisabled('max@dealer.example', 'yes', admin)).rejects.toMatchObject({ status: 400 });
    await expect(staff.setDisabled('admin@dealer.example', true, admin)).rejects.toMatchObject({ status: 409 });
    expect((await staff.setDisabled('max@dealer.example', false, admin)).state).toBe('active');
  });

  it('staff change their own password with the current one; every session ends', async () => {
    const { accounts, sessions, staff } = setup();
    const account = await accounts.create({ email: 'eve@dealer.example', name: 'Eve', password: 'the old password' });
    const other = await sessions.create('eve@dealer.example');
    await expect(staff.changeOwnPassword(account, 'wrong password', 'the new password!')).rejects.toMatchObject({
      status: 403,
      message: 'Your current password is not right.',
    });
    await expect(staff.changeOwnPassword(account, 'the old password', 'short')).rejects.toMatchObject({ status: 400 });
    expect(await sessions.get(other.token)).toBeDefined();
    await staff.changeOwnPassword(account, 'the old password', 'the new password!');
    expect(await sessions.get(other.token)).toBeUndefined();
    expect(await verifyPassword('the new password!', accounts.find('eve@dealer.example')!.passwordHash)).toBe(true);
  });

  it('a link used while the server is too busy to hash the password keeps working', async () => {
    const { accounts, staff, linkFor } = setup();
    await staff.invite({ email: 'kim@dealer.example', name: 'Kim', sites: ['big-sky-cars'] }, ORIGIN);
    const token = await linkFor('kim@dealer.example');
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    passwordHashing.configure({ concurrency: 1, maxQueued: 0 });
    const holder = passwordHashing.run(() => held);
    try {
      await expect(staff.redeem(token, 'a brand new password')).rejects.toBeInstanceOf(ServerBusyError);
    } finally {
      release();
      await holder;
      passwordHashing.configure(PASSWORD_HASHING_LIMITS);
    }
    expect(await staff.linkInfo(token)).toMatchObject({ purpose: 'invite', email: 'kim@dealer.example' });
    await staff.redeem(token, 'a brand new password');
    expect(await verifyPassword('a brand new password', accounts.find('kim@dealer.example')!.passwordHash)).toBe(true);
  });
});
