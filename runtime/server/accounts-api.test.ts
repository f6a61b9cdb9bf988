// Shopper accounts over HTTP on the shipped demo sites: sessions and their cookie, CSRF, rate limits, password reset
// by mail (a local SMTP sink), the watchlist API shapes (docs/requirements/vehicle-browsing.md#calls) and gated routes
// (docs/requirements/dealer-services.md#roles).
import type { Car } from '../../schemas/generated/car';
import type { Server } from 'node:http';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import nodemailer from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAccounts, SIGN_IN_LIMITS, SignInLimiter, SqlAccountStore, type Accounts } from '../accounts';
import { ACCOUNT_MESSAGES, WATCHLIST_MESSAGES, waitText } from '../domain/accounts';
import { publicUrlsFromEnv } from '../infra/public-urls';
import { RateLimits } from '../infra/rate-limit';
import { buildDemoInventory } from '../inventory/demo-inventory';
import { EmbeddedSearchEngine } from '../search';
import { repoRoot } from '../../test-support/tenants';
import { createApp } from './app';
import { SHOPPER_LIST_CHANGES, SIGN_UP_RATE_LIMITED, SIGN_UPS_PER_ADDRESS } from './routes/accounts-api';
import { passwordHashing, PASSWORD_HASHING_LIMITS } from '../passwords/hashing';
import { setShopperPasswordCostForTests } from '../accounts/password';
import { CarCatalogue } from '../inventory/car-catalogue';
import { shippedTenants, listenOnLoopback, stubAssets } from '../../test-support/server';
import { TenantRegistry } from './tenant-registry';
import { captured } from '../../test-support/captured';
import { cookieOf } from '../../test-support/cookies';

// Every sign-up and sign-in runs scrypt at N=2^17 (about 0.3 s on an idle core, more on a busy CI machine).
vi.setConfig({ testTimeout: 60_000 });

const BIG_SKY = 'big-sky-cars.localhost';
const HARBOUR = 'harbourside-mazda.localhost';
const SOUTHERN = 'southern-cross-motor-group.localhost';
const dir = mkdtempSync(join(tmpdir(), 'accounts-api-'));
let server: Server;
let accounts: Accounts;
let catalogue: CarCatalogue;
let stock: Car[] = [];
let smtp: SMTPServer;
const mails: string[] = [];

interface Res {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: the test edits a JSON document by path, including into shapes the schema forbids
  headers: Record<string, any>;
  // biome-ignore lint/suspicious/noExplicitAny: the test reads fields of a JSON answer or row whose shape the assertions check
  json: any;
  body: string;
}

/** A browser-like client for one host: keeps its cookies, sends the CSRF header and a same-site Origin. */
class Client {
  cookies = new Map<string, string>();
  constructor(readonly host: string) {}
  get csrf() {
    return this.cookies.get('shopper_csrf') ?? '';
  }
  async call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Res> {
    const { port } = server.address() as AddressInfo;
    const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
    const h: Record<string, string | number> = { host: this.host, cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
    if (method !== 'GET')
      Object.assign(h, {
        origin: `http://${this.host}`,
        'x-csrf-token': this.csrf,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(text),
      });
    Object.assign(h, headers);
    return new Promise((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path, method, headers: h }, (res) => {
        let data = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (data += c));
        res.on('end', () => {
          for (const c of (res.headers['set-cookie'] ?? []) as string[]) {
            const [k = '', v = ''] = cookieOf(c).split('=');
            if (/max-age=0/i.test(c)) this.cookies.delete(k);
            else this.cookies.set(k, v);
          }
          const type = String(res.headers['content-type'] ?? '');
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: data, json: type.includes('json') && data ? JSON.parse(data) : null });
        });
      });
      req.on('error', reject);
      req.end(text);
    });
  }
  get(path: string) {
    return this.call('GET', path);
  }
  post(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.call('POST', path, body ?? {}, headers);
  }
  async ready() {
    await this.get('/api/account');
    return this;
  }
}

const email = (n: string) => `${n}-${Math.random().toString(36).slice(2)}@example.com`;
/** Mails received so far (quoted-printable undone), and a wait for one that matches. */
const readable = (m: string) => m.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
async function mailMatching(test: (mail: string) => boolean): Promise<string> {
  for (let i = 0; i < 200; i++) {
    const found = mails.map(readable).find(test);
    if (found) return found;
    await new Promise((res) => setTimeout(res, 50));
  }
  throw new Error('no such mail arrived');
}
const PASSWORD = 'correct horse battery';
const CONFIRM_LINK = /confirm-account\?token=([A-Za-z0-9_-]+)/;
/** The token of a confirmation link mailed to `to` that is not one of `known`. */
async function confirmationToken(to: string, known: string[] = []): Promise<string> {
  const mail = await mailMatching((m) => m.includes(`To: ${to}`) && CONFIRM_LINK.test(m) && known.every((t) => !m.includes(t)));
  return captured(CONFIRM_LINK, mail);
}
/** Signs up in this browser and follows the mailed link in it: a confirmed, signed-in shopper. */
async function signUpConfirmed(c: Client, body: { name: string; email: string; password: string; phone?: string }) {
  expect((await c.post('/api/account/sign-up', body)).status).toBe(201);
  const confirmed = await c.post('/api/account/confirm-account', { token: await confirmationToken(body.email) });
  expect(confirmed.status).toBe(200);
  return confirmed;
}
/** What an answer tells apart: status, body, and the names of the cookies it sets. */
const visible = (r: Res) => ({ status: r.status, body: r.body, cookies: ([r.headers['set-cookie'] ?? []] as string[][]).flat().map((c) => c.split('=')[0]) });

beforeAll(async () => {
  // A cheap scrypt: what these cases check is the same at any cost (the full cost is tested in passwords/).
  setShopperPasswordCostForTests({ N: 2 ** 10, r: 8, p: 1 });
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _s, cb) {
      let t = '';
      stream.on('data', (c) => (t += c));
      stream.on('end', () => {
        mails.push(t);
        cb();
      });
    },
  });
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', () => r()));
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  const tenants = shippedTenants();
  stock = buildDemoInventory(tenants, { total: 600 });
  catalogue = await CarCatalogue.create(new EmbeddedSearchEngine(), stock);
  const store = SqlAccountStore.openSqlite(join(dir, 'accounts.sqlite'));
  accounts = createAccounts({
    store,
    carById: (t, id) => catalogue.byIdFor(t, id),
    // No wait for the site's budget here (sign-in-limiter.test.ts covers it): the delays would only slow the suite.
    limiter: new SignInLimiter({ ...SIGN_IN_LIMITS, perAddress: 8, perPair: 3, perAccount: 3 }, RateLimits.memory(), { sleep: async () => {} }),
    linkOrigin: (site) => publicUrlsFromEnv({ SITE_URL_TEMPLATE: 'http://{slug}.localhost' }).site(site),
    mail: { transport: nodemailer.createTransport({ host: '127.0.0.1', port: smtpPort, secure: false, ignoreTLS: true }), pollMs: 50, log: () => {} },
  });
  accounts.mail.start();
  const registry = new TenantRegistry(join(repoRoot, 'tenants'), join(repoRoot, 'tenants/templates'), undefined, () => {});
  registry.loadAll();
  const app = createApp({
    registry,
    clientDir: repoRoot,
    assets: stubAssets,
    services: { catalogue, accounts: accounts.service },
    log: () => {},
  });
  server = await listenOnLoopback(app);
}, 60_000);

afterAll(async () => {
  setShopperPasswordCostForTests();
  await new Promise<void>((r) => server?.close(() => r()));
  await accounts?.close();
  await new Promise<void>((r) => smtp?.close(() => r()));
  rmSync(dir, { recursive: true, force: true });
});

// biome-ignore lint/suspicious/noExplicitAny: the test passes loosely shaped JSON fixtures
const carOf = (host: string, pick: (c: any) => boolean) => {
  const tenant = shippedTenants().find((t) => `${t.slug}.localhost` === host)!;
  return stock.find((c) => catalogue.byIdFor(tenant, c.id) && pick(c));
};

describe('sign-up, sessions and cookies', () => {
  it('sign-up sets no cookie and mails a link from the configured origin; following it signs in with HttpOnly SameSite=Lax host-only cookies, once', async () => {
    const c = await new Client(HARBOUR).ready();
    const e = email('ann');
    // a forged Host port and forwarded headers do not change where the link points: configuration does
    const r = await c.post(
      '/api/account/sign-up',
      { name: 'Ann', email: e, password: PASSWORD, phone: '0412 345 678', next: '/cars/some-car/buy-online' },
      { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
    );
    expect(r.status).toBe(201);
    expect(r.json).toEqual({ message: ACCOUNT_MESSAGES.signUpDone });
    expect(r.headers['set-cookie']).toBeUndefined();
    expect((await c.get('/api/account')).json.shopper).toBeNull();
    const token = await confirmationToken(e);
    const mail = await mailMatching((m) => m.includes(token));
    expect(mail).toContain('Subject: Confirm your Harbourside Mazda account');
    expect(mail).toContain(`http://harbourside-mazda.localhost/confirm-account?token=${token}`);
    expect(mail).toContain('within 24 hours');
    expect(mail).not.toMatch(/evil\.example|https:/);
    // not before the link is followed, and only on its own site
    expect((await c.post('/api/account/sign-in', { email: e, password: PASSWORD })).json).toEqual({ error: ACCOUNT_MESSAGES.badCredentials });
    expect((await (await new Client(BIG_SKY).ready()).post('/api/account/confirm-account', { token })).json).toEqual({
      error: ACCOUNT_MESSAGES.confirmInvalid,
    });
    const done = await c.post('/api/account/confirm-account', { token });
    expect(done.status).toBe(200);
    expect(done.json).toEqual({ shopper: expect.objectContaining({ name: 'Ann', email: e, phone: '0412345678' }), next: '/cars/some-car/buy-online' });
    for (const name of ['shopper_session', 'shopper_device']) {
      const cookie = (done.headers['set-cookie'] as string[]).find((x) => x.startsWith(`${name}=`))!;
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      expect(cookie).not.toMatch(/Domain=/i);
      expect(cookie).not.toMatch(/Secure/i); // localhost
    }
    expect((await c.get('/api/account')).json.shopper).toMatchObject({ name: 'Ann', phone: '0412345678' });
    // the link works once
    const again = await (await new Client(HARBOUR).ready()).post('/api/account/confirm-account', { token });
    expect([again.status, again.json, again.headers['set-cookie']]).toEqual([400, { error: ACCOUNT_MESSAGES.confirmInvalid }, undefined]);
    expect((await c.post('/api/account/confirm-account', { token: 'x'.repeat(300) })).json).toEqual({ error: ACCOUNT_MESSAGES.confirmInvalid });
    expect((await c.post('/api/account/confirm-account', [token])).status).toBe(400);
    // the same cookie sent to another site's host finds nobody
    const other = new Client(BIG_SKY);
    other.cookies = new Map(c.cookies);
    expect((await other.get('/api/account')).json.shopper).toBeNull();
  });

  it('a confirmation link without a safe path lands on the account page', async () => {
    const c = await new Client(BIG_SKY).ready();
    const e = email('nexus');
    await c.post('/api/account/sign-up', { name: 'Nex', email: e, password: PASSWORD, next: '//evil.example/x' });
    expect((await c.post('/api/account/confirm-account', { token: await confirmationToken(e) })).json.next).toBe('/my-account');
  });

  it('Secure and __Host- prefixed cookies outside localhost', async () => {
    const tenant = shippedTenants().find((t) => t.slug === 'harbourside-mazda')!;
    const domain = tenant.domains?.[0];
    if (!domain) return;
    const c = await new Client(domain).ready();
    expect([...c.cookies.keys()]).toContain('__Host-shopper_csrf');
  });

  it('refuses a POST without the CSRF token or from another origin', async () => {
    const c = await new Client(HARBOUR).ready();
    const body = { name: 'Eve', email: email('eve'), password: PASSWORD };
    expect((await c.post('/api/account/sign-up', body, { 'x-csrf-token': 'x'.repeat(43) })).json).toEqual({ error: ACCOUNT_MESSAGES.csrf });
    expect((await c.post('/api/account/sign-up', body, { origin: 'http://evil.example' })).status).toBe(403);
    expect((await c.post('/api/account/sign-up', body, { 'x-csrf-token': '' })).status).toBe(403);
  });

  it('bad input is a 4xx that names the fields; oversized and malformed bodies too', async () => {
    const c = await new Client(HARBOUR).ready();
    const r = await c.post('/api/account/sign-up', { email: 'nope', password: 'short' });
    expect(r.status).toBe(400);
    expect(r.json.fields).toEqual({ name: ACCOUNT_MESSAGES.required, email: ACCOUNT_MESSAGES.invalidEmail, password: ACCOUNT_MESSAGES.passwordTooShort });
    expect((await c.post('/api/account/sign-up', [1, 2])).status).toBe(400);
    expect((await c.post('/api/account/sign-up', '{"name":')).json).toEqual({ error: ACCOUNT_MESSAGES.badJson });
    expect((await c.post('/api/account/sign-up', { name: 'x'.repeat(20_000) })).status).toBe(413);
  });

  it('an email that already has an account gets the same answer as a new one (status, body, no cookie), and its owner a mail', async () => {
    const e = email('dup');
    await signUpConfirmed(await new Client(HARBOUR).ready(), { name: 'Ann First', email: e, password: PASSWORD });
    const fresh = await (await new Client(HARBOUR).ready()).post('/api/account/sign-up', { name: 'New Person', email: email('new'), password: PASSWORD });
    const c = await new Client(HARBOUR).ready();
    const again = await c.post('/api/account/sign-up', { name: 'Someone Else', email: e.toUpperCase(), password: 'another password!' });
    expect(visible(again)).toEqual(visible(fresh));
    expect(visible(again)).toEqual({ status: 201, body: JSON.stringify({ message: ACCOUNT_MESSAGES.signUpDone }), cookies: [] });
    expect(Object.keys(again.headers).sort()).toEqual(Object.keys(fresh.headers).sort());
    expect((await c.get('/api/account')).json.shopper).toBeNull();
    const notice = await mailMatching((m) => m.includes(`To: ${e}`) && m.includes('Someone tried to create an account'));
    expect(notice).toContain('Hello Ann First');
    expect(notice).toContain('http://harbourside-mazda.localhost/forgot-password');
    expect(notice).not.toMatch(CONFIRM_LINK);
    // the account keeps its first password
    expect((await c.post('/api/account/sign-in', { email: e, password: 'another password!' })).status).toBe(401);
    expect((await c.post('/api/account/sign-in', { email: e, password: PASSWORD })).status).toBe(200);
  });

  it('an unconfirmed account: the right password answers as a wrong one (401) and mails a new link; a sign-up again replaces the password; links are capped', async () => {
    const e = email('pending');
    const c = await new Client(SOUTHERN).ready();
    const from = (ip: string) => ({ 'x-forwarded-for': ip }); // its own addresses: the sign-in limits of other tests stay apart
    await c.post('/api/account/sign-up', { name: 'Pat', email: e, password: PASSWORD }, from('10.40.0.1'));
    const first = await confirmationToken(e);
    const wrong = await c.post('/api/account/sign-in', { email: e, password: 'not the password' }, from('10.40.0.2'));
    expect([wrong.status, wrong.json]).toEqual([401, { error: ACCOUNT_MESSAGES.badCredentials }]);
    const unconfirmed = await c.post('/api/account/sign-in', { email: e, password: PASSWORD }, from('10.40.0.3'));
    expect([unconfirmed.status, unconfirmed.json, unconfirmed.headers['set-cookie']]).toEqual([401, { error: ACCOUNT_MESSAGES.badCredentials }, undefined]);
    const second = await confirmationToken(e, [first]);
    // a sign-up again of the unconfirmed email: the same answer, its password replaces the pending one, a new link
    const replaced = await c.post('/api/account/sign-up', { name: 'Pat', email: e, password: 'the second password' }, from('10.40.0.4'));
    expect([replaced.status, replaced.json, replaced.headers['set-cookie']]).toEqual([201, { message: ACCOUNT_MESSAGES.signUpDone }, undefined]);
    const third = await confirmationToken(e, [first, second]);
    expect((await c.post('/api/account/sign-in', { email: e, password: PASSWORD }, from('10.40.0.5'))).status).toBe(401);
    // three links an hour: the fourth request sends none (a reset mail queued after it arrives, so it would have too)
    expect((await c.post('/api/account/sign-in', { email: e, password: 'the second password' }, from('10.40.0.6'))).status).toBe(401);
    await c.post('/api/account/forgot-password', { email: e }, from('10.40.0.7'));
    await mailMatching((m) => m.includes(`To: ${e}`) && m.includes('Subject: Reset your'));
    expect(mails.map(readable).filter((m) => m.includes(`To: ${e}`) && CONFIRM_LINK.test(m))).toHaveLength(3);
    // the newest link confirms the password it was sent for; the others are then used up
    const browser = await new Client(SOUTHERN).ready();
    expect((await browser.post('/api/account/confirm-account', { token: third })).status).toBe(200);
    expect((await browser.get('/api/account')).json.shopper.email).toBe(e);
    for (const token of [first, second]) expect((await c.post('/api/account/confirm-account', { token })).status).toBe(400);
    expect((await c.post('/api/account/sign-in', { email: e, password: 'the second password' }, from('10.40.0.8'))).status).toBe(200);
  });
});

describe('sign-up floods', () => {
  it('limits sign-ups per site and client address: 429 with Retry-After and a clear message; other sites and addresses go on', async () => {
    const c = await new Client(HARBOUR).ready();
    const from = (ip: string) => ({ 'x-forwarded-for': ip }); // its own client addresses: other tests keep theirs
    // every attempt counts, valid or not (a flood need not be valid to be sent)
    for (let i = 0; i < SIGN_UPS_PER_ADDRESS.points; i++) expect((await c.post('/api/account/sign-up', { name: 'Flood' }, from('10.8.8.8'))).status).toBe(400);
    const refused = await c.post('/api/account/sign-up', { name: 'Flood', email: email('flood'), password: PASSWORD }, from('10.8.8.8'));
    expect(refused.status).toBe(429);
    expect(refused.json.error).toBe(SIGN_UP_RATE_LIMITED(15));
    expect(refused.json.error).toBe('Too many accounts were created from this connection. Please wait 15 minutes and try again.');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(800);
    expect(refused.json.retry_after).toBe(Number(refused.headers['retry-after']));
    // the same address on another site, and another address on this site, are not limited
    expect((await c.post('/api/account/sign-up', { name: 'Flood' }, from('10.8.8.9'))).status).toBe(400);
    const other = await new Client(BIG_SKY).ready();
    expect((await other.post('/api/account/sign-up', { name: 'Ok', email: email('ok'), password: PASSWORD }, from('10.8.8.8'))).status).toBe(201);
  });

  it('a full password-hashing queue answers sign-up and sign-in with 503, Retry-After and a clear message; nothing is stored', async () => {
    const c = await new Client(SOUTHERN).ready();
    const e = email('busy');
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    passwordHashing.configure({ concurrency: 1, maxQueued: 0 });
    const holder = passwordHashing.run(() => held);
    try {
      const busy = await c.post('/api/account/sign-up', { name: 'Busy', email: e, password: PASSWORD }, { 'x-forwarded-for': '10.8.9.1' });
      expect(busy.status).toBe(503);
      expect(busy.headers['retry-after']).toBe('5');
      expect(busy.json).toEqual({ error: 'The site is very busy right now. Please wait a few seconds and try again.', code: 'busy', retry_after: 5 });
      // sign-in answers the same whether or not the account exists
      const signIn = await c.post('/api/account/sign-in', { email: email('nobody'), password: PASSWORD }, { 'x-forwarded-for': '10.8.9.1' });
      expect([signIn.status, signIn.headers['retry-after'], signIn.json.code]).toEqual([503, '5', 'busy']);
    } finally {
      release();
      await holder;
      passwordHashing.configure(PASSWORD_HASHING_LIMITS);
    }
    // the refused sign-up left no account: the same email signs up now
    expect((await c.post('/api/account/sign-up', { name: 'Busy', email: e, password: PASSWORD }, { 'x-forwarded-for': '10.8.9.1' })).status).toBe(201);
  });
});

describe('sign-in', () => {
  it('signs in with the right password only, and sign-out ends the session', async () => {
    const e = email('bo');
    await signUpConfirmed(await new Client(BIG_SKY).ready(), { name: 'Bo', email: e, password: PASSWORD });
    const c = await new Client(BIG_SKY).ready();
    expect((await c.post('/api/account/sign-in', { email: e, password: 'wrong password!' })).json).toEqual({ error: ACCOUNT_MESSAGES.badCredentials });
    expect((await c.post('/api/account/sign-in', { email: e, password: PASSWORD })).json.shopper.name).toBe('Bo');
    // the account belongs to big-sky: harbourside does not know it
    expect((await (await new Client(HARBOUR).ready()).post('/api/account/sign-in', { email: e, password: PASSWORD })).status).toBe(401);
    const session = c.cookies.get('shopper_session')!;
    await c.post('/api/account/sign-out');
    const replay = await new Client(BIG_SKY).ready();
    replay.cookies.set('shopper_session', session);
    expect((await replay.get('/api/account')).json.shopper).toBeNull();
  });

  it("a stranger's failures lock the stranger's address, never the owner: known browsers sign in, others wait a little", async () => {
    const e = email('lock');
    const owner = await new Client(BIG_SKY).ready();
    await signUpConfirmed(owner, { name: 'L', email: e, password: PASSWORD });
    await owner.post('/api/account/sign-out');
    const attacker = await new Client(BIG_SKY).ready();
    const from = (ip: string) => ({ 'x-forwarded-for': ip });
    for (let i = 0; i < 3; i++)
      expect((await attacker.post('/api/account/sign-in', { email: e, password: `bad password ${i}` }, from('10.0.0.66'))).status).toBe(401);
    const locked = await attacker.post('/api/account/sign-in', { email: e, password: PASSWORD }, from('10.0.0.66'));
    expect(locked.status).toBe(429);
    expect(locked.json.error).toBe(ACCOUNT_MESSAGES.rateLimited(15));
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(800);
    // the owner's browser (known since the sign-up) signs in, even from the attacker's address
    expect((await owner.post('/api/account/sign-in', { email: e, password: PASSWORD }, from('10.0.0.66'))).json.shopper.name).toBe('L');
    // a browser the account never used waits a short delay, and is told it can reset the password
    const elsewhere = await new Client(BIG_SKY).ready();
    const slowed = await elsewhere.post('/api/account/sign-in', { email: e, password: PASSWORD }, from('10.0.0.77'));
    expect(slowed.status).toBe(429);
    const wait = Number(slowed.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(15);
    expect(slowed.json.error).toBe(ACCOUNT_MESSAGES.accountSlowed(waitText(wait)));
  });

  it('limits attempts per client address across accounts', async () => {
    const c = await new Client('southern-cross-motor-group.localhost').ready();
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) statuses.push((await c.post('/api/account/sign-in', { email: email('x'), password: 'whatever12345' })).status);
    expect(statuses.slice(0, 8).every((s) => s === 401)).toBe(true);
    expect(statuses[8]).toBe(429);
  });
});

describe('forgot password', () => {
  it('mails a one-time link through the outbox; the link resets the password once and ends old sessions', async () => {
    const e = email('reset');
    const c = await new Client(HARBOUR).ready();
    await signUpConfirmed(c, { name: 'Rae', email: e, password: PASSWORD });
    // a forged Host port and forwarded headers do not change where the link points: configuration does
    const forged = await new Client('harbourside-mazda.localhost:6666').ready();
    const r = await forged.post('/api/account/forgot-password', { email: e }, { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' });
    expect(r.status).toBe(202);
    expect(r.json.message).toBe(ACCOUNT_MESSAGES.resetSent);
    // an unknown email gets the same answer and no mail
    const nobody = email('nobody');
    expect((await c.post('/api/account/forgot-password', { email: nobody })).json.message).toBe(ACCOUNT_MESSAGES.resetSent);
    const mail = await mailMatching((m) => m.includes(`To: ${e}`) && m.includes('Subject: Reset your'));
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail)![1];
    expect(mail).toContain(`http://harbourside-mazda.localhost/reset-password?token=${token}`);
    expect(mail).not.toMatch(/evil\.example|:6666|https:/);
    expect(mails.some((m) => m.includes(nobody))).toBe(false);
    // another site cannot use the token
    expect((await (await new Client(BIG_SKY).ready()).post('/api/account/reset-password', { token, password: 'a new password' })).json.error).toBe(
      ACCOUNT_MESSAGES.resetInvalid,
    );
    expect((await c.post('/api/account/reset-password', { token, password: 'a new password' })).json.message).toBe(ACCOUNT_MESSAGES.resetDone);
    expect((await c.post('/api/account/reset-password', { token, password: 'another password' })).json.error).toBe(ACCOUNT_MESSAGES.resetInvalid);
    expect((await c.get('/api/account')).json.shopper).toBeNull();
    expect((await c.post('/api/account/sign-in', { email: e, password: 'a new password' })).status).toBe(200);
  }, 20_000);

  it('a newer reset link ends the older ones, and completing one confirms an unconfirmed account', async () => {
    const e = email('twice');
    const c = await new Client(HARBOUR).ready();
    await c.post('/api/account/sign-up', { name: 'Tw', email: e, password: PASSWORD });
    const tokens: string[] = [];
    for (let i = 0; i < 2; i++) {
      await c.post('/api/account/forgot-password', { email: e });
      const mail = await mailMatching((m) => m.includes(`To: ${e}`) && m.includes('Subject: Reset your') && tokens.every((t) => !m.includes(t)));
      tokens.push(captured(/reset-password\?token=([A-Za-z0-9_-]+)/, mail));
    }
    expect((await c.post('/api/account/reset-password', { token: tokens[0], password: 'an older link password' })).json.error).toBe(
      ACCOUNT_MESSAGES.resetInvalid,
    );
    const done = await c.post('/api/account/reset-password', { token: tokens[1], password: 'the newest link password' });
    expect(done.json.message).toBe(ACCOUNT_MESSAGES.resetDone);
    // the browser that set the password from the mailed link is known to the account from now on
    expect((done.headers['set-cookie'] as string[]).some((x) => x.startsWith('shopper_device='))).toBe(true);
    // the account was never confirmed: the reset mail proved the address, so it signs in now
    expect((await c.post('/api/account/sign-in', { email: e, password: 'the newest link password' })).status).toBe(200);
  }, 20_000);

  it('sends at most 3 reset mails per account per hour from any number of addresses, with the same answer after that', async () => {
    const e = email('flood');
    const c = await new Client(HARBOUR).ready();
    await c.post('/api/account/sign-up', { name: 'F', email: e, password: PASSWORD });
    for (let i = 0; i < 5; i++)
      expect((await c.post('/api/account/forgot-password', { email: e }, { 'x-forwarded-for': `10.20.0.${i}` })).json.message).toBe(ACCOUNT_MESSAGES.resetSent);
    const to = () => mails.filter((m) => m.includes(`To: ${e}`) && m.includes('Subject: Reset your')).length;
    for (let i = 0; i < 100 && to() < 3; i++) await new Promise((res) => setTimeout(res, 50));
    await new Promise((res) => setTimeout(res, 300));
    expect(to()).toBe(3);
  });
});

describe('watchlist API (docs/requirements/vehicle-browsing.md#calls)', () => {
  it('saves and removes with { phone_number, car_id } answering { success: true }; refuses bad input with a reason', async () => {
    const c = await new Client(BIG_SKY).ready();
    await signUpConfirmed(c, { name: 'Wes', email: email('wes'), password: PASSWORD, phone: '0412345678' });
    const car = carOf(BIG_SKY, (x) => x.status === 'in_stock' && x.price > 1000)!;
    const sold = carOf(BIG_SKY, (x) => x.status === 'sold')!;
    const foreign = carOf(HARBOUR, () => true)!;
    expect(await c.post('/api/watchlist/save-car', { phone_number: '0412345678', car_id: car.id }).then((r) => r.json)).toEqual({ success: true });
    const list = (await c.get('/api/watchlist')).json;
    expect(list.ids).toEqual([car.id]);
    expect(list.cars[0]).toMatchObject({ carId: car.id, priceAtSave: car.price, priceDrop: null, car: { slug: car.slug } });
    expect((await c.post('/api/watchlist/save-car', { phone_number: '0412345678', car_id: foreign.id })).json).toEqual({
      error: WATCHLIST_MESSAGES.unknownCar,
    });
    expect((await c.post('/api/watchlist/save-car', { phone_number: '0412345678', car_id: 'abc' })).json).toEqual({ error: WATCHLIST_MESSAGES.badCarId });
    expect((await c.post('/api/watchlist/save-car', { phone_number: '0499999999', car_id: car.id })).json).toEqual({ error: WATCHLIST_MESSAGES.badPhone });
    if (sold) {
      const r = await c.post('/api/watchlist/save-car', { phone_number: '0412345678', car_id: sold.id });
      expect([r.status, r.json]).toEqual([409, { error: WATCHLIST_MESSAGES.soldCannotSave }]);
    }
    expect((await c.post('/api/watchlist/remove-car', { phone_number: '0412345678', car_id: car.id })).json).toEqual({ success: true });
    expect((await c.get('/api/watchlist')).json.ids).toEqual([]);
  });

  it('limits watchlist changes per client (429 with Retry-After), in the shared rate limits', async () => {
    const c = await new Client(SOUTHERN).ready();
    await signUpConfirmed(c, { name: 'Flood', email: email('flood'), password: PASSWORD, phone: '0412345678' });
    const car = carOf(SOUTHERN, (x) => x.status === 'in_stock')!;
    let last = 0;
    const flood = { 'x-forwarded-for': '10.9.9.9' }; // its own client address: other tests keep theirs
    for (let i = 0; i <= SHOPPER_LIST_CHANGES.points; i++)
      last = (await c.post('/api/watchlist/remove-car', { phone_number: '0412345678', car_id: car.id }, flood)).status;
    expect(last).toBe(429);
  });

  it('needs a signed-in shopper with a phone number', async () => {
    const c = await new Client(BIG_SKY).ready();
    const car = carOf(BIG_SKY, (x) => x.status === 'in_stock')!;
    expect((await c.post('/api/watchlist/save-car', { phone_number: '0412345678', car_id: car.id })).status).toBe(401);
    await signUpConfirmed(c, { name: 'Nophone', email: email('np'), password: PASSWORD });
    const r = await c.post('/api/watchlist/save-car', { phone_number: '', car_id: car.id });
    expect([r.status, r.json]).toEqual([422, { error: WATCHLIST_MESSAGES.phoneMissing }]);
    expect((await c.post('/api/account/details', { phone: '0412 000 111' })).json.shopper.phone).toBe('0412000111');
    expect((await c.post('/api/watchlist/save-car', { phone_number: '0412000111', car_id: car.id })).json).toEqual({ success: true });
  });
});

describe('gated routes (docs/requirements/dealer-services.md#roles)', () => {
  it('redirects signed-out visitors to sign-in with redirect and back, in SSR and /__data; not once signed in', async () => {
    const c = await new Client(SOUTHERN).ready();
    // southern-cross gates finance (settings.finance.gatedRoute); harbourside does not
    const ssr = await c.call('GET', '/finance', undefined, { referer: 'http://southern-cross-motor-group.localhost/search/used-cars' });
    expect(ssr.status).toBe(302);
    expect(ssr.headers.location).toBe('/sign-in?type=page&redirect=%2Ffinance&back=%2Fsearch%2Fused-cars');
    const data = await c.get('/__data?path=%2Ffinance');
    expect(data.status).toBe(200); // a redirect to follow, not an error
    expect(data.json).toEqual({ redirect: '/sign-in?type=page&redirect=%2Ffinance&back=%2F' });
    expect(data.headers['cache-control']).toBe('no-store');
    expect((await new Client(HARBOUR).get('/finance')).status).toBe(200);
    // trade-in is never gated; a checkout of an unknown car does not redirect; a known car's checkout does
    expect((await c.get('/trade-in')).status).not.toBe(302);
    expect((await c.get('/cars/no-such-car/checkout')).status).not.toBe(302);
    // harbourside gates its checkout, which it serves at /buy-online; /checkout is its 404 and asks no sign-in
    const h = await new Client(HARBOUR).ready();
    const car = carOf(HARBOUR, (x) => x.status === 'in_stock')!;
    expect((await h.get(`/cars/${car.slug}/buy-online`)).headers.location).toBe(`/sign-in?type=page&redirect=%2Fcars%2F${car.slug}%2Fbuy-online&back=%2F`);
    expect((await h.get(`/cars/${car.slug}/checkout`)).status).toBe(404);
    await signUpConfirmed(c, { name: 'G', email: email('g'), password: PASSWORD });
    expect((await c.get('/finance')).status).toBe(200);
    expect((await c.get('/__data?path=%2Ffinance')).status).toBe(200);
  });
});

describe('saved searches (beyond the seeds)', () => {
  it('saves a search page URL with a name, counts new matching cars since the last visit, deletes it', async () => {
    const c = await new Client(BIG_SKY).ready();
    await signUpConfirmed(c, { name: 'S', email: email('s'), password: PASSWORD });
    expect((await c.post('/api/saved-searches', { name: 'Evil', path: 'https://evil.example/search' })).json.fields.path).toBeTruthy();
    expect((await c.post('/api/saved-searches', { name: '', path: '/search/used-cars' })).json.fields.name).toBe(ACCOUNT_MESSAGES.required);
    const r = await c.post('/api/saved-searches', { name: 'Used cars', path: '/search/used-cars' });
    expect(r.status).toBe(201);
    const id = r.json.search.id;
    let list = (await c.get('/api/saved-searches')).json.searches;
    expect(list).toMatchObject([{ id, name: 'Used cars', path: '/search/used-cars', newCars: 0 }]);
    // seen long ago: every matching car counts as new, exactly as many as the search page finds
    const account = (await c.get('/api/account')).json.shopper;
    await accounts.store.markSearchSeen('big-sky-cars', account.id, id, 0);
    list = (await c.get('/api/saved-searches')).json.searches;
    const page = await c.get('/__data?path=%2Fsearch%2Fused-cars');
    expect(list[0].newCars).toBeGreaterThan(0);
    expect(list[0].newCars).toBe(page.json.page.results.totalHits);
    expect((await c.post(`/api/saved-searches/${id}/seen`)).json).toEqual({ success: true });
    expect((await c.get('/api/saved-searches')).json.searches[0].newCars).toBe(0);
    expect((await c.post(`/api/saved-searches/${id}/delete`)).json).toEqual({ success: true });
    expect((await c.get('/api/saved-searches')).json.searches).toEqual([]);
    // another site's shopper cannot touch it
    expect((await (await new Client(HARBOUR).ready()).post(`/api/saved-searches/${id}/delete`)).status).toBe(401);
  });
});
