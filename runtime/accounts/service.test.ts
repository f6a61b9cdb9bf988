// Sign-up confirmed by mail, at the service: what is answered, stored and queued for mail, on a clock of its own
// (the link's 24 hours pass without waiting). The HTTP layer (cookies, CSRF) is covered by accounts-api.test.ts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES as M, CONFIRMATION_TTL_MS } from '../domain/accounts';
import { RateLimits } from '../infra/rate-limit';
import { setShopperPasswordCostForTests } from './password';
import { AccountService, type SiteRef } from './service';
import { SIGN_IN_LIMITS, SignInLimiter } from './sign-in-limiter';
import { SqlAccountStore } from './sql-store';
import { atLeast } from '../../test-support/at-least';

const dir = mkdtempSync(join(tmpdir(), 'account-service-'));
const SITE: SiteRef = { slug: 'test-motors', name: 'Test Motors', url: 'https://www.testmotors.example' };
const BARE: SiteRef = { slug: 'bare-motors', name: 'Bare Motors' };
const PASSWORD = 'a long enough password';
const client = { address: '10.0.0.1' };

let store: SqlAccountStore;
let service: AccountService;
let clock = 1_000_000;
let logged: string[] = [];
let n = 0;

beforeAll(() => setShopperPasswordCostForTests({ N: 2 ** 12, r: 8, p: 1 }));
afterAll(() => {
  setShopperPasswordCostForTests();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  store = SqlAccountStore.openSqlite(join(dir, `${++n}.sqlite`));
  logged = [];
  service = new AccountService({
    store,
    now: () => clock,
    log: (m) => logged.push(m),
    limiter: new SignInLimiter(SIGN_IN_LIMITS, RateLimits.memory(), { sleep: async () => {} }),
  });
});
afterEach(() => store.close());

/** Every mail queued so far (claimed from the outbox, as the worker would). */
const mails: { to: string; subject: string; text: string }[] = [];
async function drain() {
  mails.push(...(await store.claimDueMail(Number.MAX_SAFE_INTEGER, 1000, 60_000)));
  return mails;
}
const linksTo = async (to: string) =>
  (await drain()).filter((m) => m.to === to).flatMap((m) => [...(/confirm-account\?token=([\w-]+)/.exec(m.text)?.slice(1, 2) ?? [])]);

describe('sign-up confirmed by mail', () => {
  it('a new email is stored unconfirmed, answered like a registered one, and mailed a link from the site url that works for 24 hours', async () => {
    const email = `new-${n}@example.com`;
    const answer = await service.signUp(SITE, { name: 'Nia', email, password: PASSWORD, next: '/finance' });
    expect(answer).toEqual({ status: 201, body: { message: M.signUpDone } });
    expect((await store.accountByEmail(SITE.slug, email))!.confirmed).toBe(false);
    const [token] = atLeast(1, await linksTo(email), 'the confirmation links');
    const mail = mails.find((m) => m.text.includes(token))!;
    expect(mail.subject).toBe('Confirm your Test Motors account');
    expect(mail.text).toContain(`https://www.testmotors.example/confirm-account?token=${token}`);
    // only the token's hash is stored
    expect(JSON.stringify(await store.accountByEmail(SITE.slug, email))).not.toContain(token);
    clock += CONFIRMATION_TTL_MS;
    expect(await service.confirmAccount(SITE.slug, { token })).toEqual({ status: 400, body: { error: M.confirmInvalid } });
    clock -= 1;
    const done = await service.confirmAccount(SITE.slug, { token });
    expect(done).toMatchObject({ status: 200, body: { shopper: { email, name: 'Nia' }, next: '/finance' } });
    expect(done.session).toMatch(/^[\w-]{43}$/);
    expect(done.device).toBeTruthy();
    expect((await service.shopperOf(SITE.slug, done.session))!.email).toBe(email);
  });

  it('a registered email gets the same answer, no link, and its owner a notice', async () => {
    const email = `known-${n}@example.com`;
    await service.signUp(SITE, { name: 'Kim', email, password: PASSWORD });
    await service.confirmAccount(SITE.slug, { token: (await linksTo(email))[0] });
    const again = await service.signUp(SITE, { name: 'Other', email, password: 'someone else password' });
    expect(again).toEqual({ status: 201, body: { message: M.signUpDone } });
    const after = (await drain()).filter((m) => m.to === email).slice(1);
    expect(after.map((m) => m.subject)).toEqual(['Your Test Motors account']);
    expect(after[0]?.text).toContain('Someone tried to create an account on Test Motors');
    expect(after[0]?.text).not.toContain('confirm-account');
  });

  it('sign-in before confirming: the right password answers as a wrong one (401) but mails a new link; no session either way', async () => {
    const email = `early-${n}@example.com`;
    await service.signUp(SITE, { name: 'Eli', email, password: PASSWORD });
    expect(await service.signIn(SITE, { email, password: 'wrong password 1' }, client)).toEqual({ status: 401, body: { error: M.badCredentials } });
    expect(await service.signIn(SITE, { email, password: PASSWORD }, client)).toEqual({ status: 401, body: { error: M.badCredentials } });
    const links = await linksTo(email);
    expect(links).toHaveLength(2);
    // the new link confirms, and the shopper lands on the account page
    expect((await service.confirmAccount(SITE.slug, { token: links[1] })).body).toMatchObject({ next: '/my-account' });
    expect((await service.signIn(SITE, { email, password: PASSWORD }, client)).status).toBe(200);
  });

  it('a site without a configured url mails no link (never one from the request) and says why in the log', async () => {
    const email = `bare-${n}@example.com`;
    expect(await service.signUp(BARE, { name: 'Bo', email, password: PASSWORD })).toEqual({ status: 201, body: { message: M.signUpDone } });
    expect((await drain()).filter((m) => m.to === email)).toEqual([]);
    expect(logged.join('\n')).toContain('bare-motors: no sign-up confirmation mail is sent: the site has no "url"');
  });
});
