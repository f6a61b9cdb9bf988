// The editor API against real (copied) tenant files: sign-in, grants, CSRF, publish, conflicts, live reload.
import { mkdtempSync, readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempTenantsDir } from '../../test-support/tenants';
import { loadTenant } from '../tenants/load';
import { createApp } from '../server/app';
import { get } from '../../test-support/http-client';
import { TenantRegistry } from '../server/tenant-registry';
import { AccountStore } from './accounts';
import { createEditor, accountsFile } from './index';
import { hashPassword, PASSWORD_COST, setPasswordCostForTests } from './password';
import { cookieOf } from '../../test-support/cookies';
import { captured } from '../../test-support/captured';
import { listenOnLoopback, stubAssets } from '../../test-support/server';

// Many sign-ins here: a cheaper scrypt (auth.test.ts checks the real N=2^17 and the rehash at that cost).
const TEST_COST = { N: 2 ** 12, r: 8, p: 1 };

let server: Server;
let base: string;
let tenantsDir: string;
const PASSWORD = 'a long test password';

let dataDir: string;

beforeAll(async () => {
  setPasswordCostForTests(TEST_COST);
  tenantsDir = tempTenantsDir({}, { withShippedTenants: true });
  dataDir = mkdtempSync(join(tmpdir(), 'editor-data-'));
  const accounts = new AccountStore(accountsFile(dataDir));
  await accounts.create({ email: 'admin@example.com', name: 'Ada Admin', password: PASSWORD, admin: true });
  await accounts.create({ email: 'mazda@example.com', name: 'Mia Mazda', password: PASSWORD, tenants: ['harbourside-mazda'] });
  await accounts.create({ email: 'other@example.com', name: 'Oscar Other', password: PASSWORD, tenants: ['harbourside-mazda'] });
  const registry = new TenantRegistry(tenantsDir, join(tenantsDir, 'templates'), 'harbourside-mazda', () => {});
  registry.loadAll();
  const clientDir = mkdtempSync(join(tmpdir(), 'client-'));
  const editor = createEditor({ tenantsDir, templatesDir: join(tenantsDir, 'templates'), dataDir, clientDir, registry });
  const app = createApp({ registry, clientDir, assets: stubAssets, editor, log: () => {} });
  server = await listenOnLoopback(app);
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/editor/api`;
});
afterAll(() => {
  server?.close();
  setPasswordCostForTests(PASSWORD_COST);
});

interface Client {
  csrf: string;
  cookie: string;
  // biome-ignore lint/suspicious/noExplicitAny: the test reads fields of a JSON answer or row whose shape the assertions check
  call(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; body: any }>;
}

async function signIn(email: string, password = PASSWORD): Promise<Client> {
  const res = await fetch(`${base}/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  const body = await res.json();
  if (res.status !== 200) throw new Error(`${res.status} ${body.error}`);
  const cookie = cookieOf(res.headers.get('set-cookie'));
  const client: Client = {
    csrf: body.csrf,
    cookie,
    async call(method, path, data, headers = {}) {
      const r = await fetch(`${base}${path}`, {
        method,
        headers: { cookie, 'x-csrf-token': client.csrf, ...(data ? { 'content-type': 'application/json' } : {}), ...headers },
        body: data ? JSON.stringify(data) : undefined,
      });
      return { status: r.status, body: await r.json() };
    },
  };
  return client;
}

describe('sessions are durable', () => {
  it('a restarted server (a new editor on the same data folder) keeps the session; signing out everywhere ends them all', async () => {
    const first = await signIn('other@example.com');
    const second = await signIn('other@example.com');
    // "Restart": a second editor over the same data folder, as a new process would open it.
    const registry = new TenantRegistry(tenantsDir, join(tenantsDir, 'templates'), 'harbourside-mazda', () => {});
    registry.loadAll();
    const restarted = createEditor({
      tenantsDir,
      templatesDir: join(tenantsDir, 'templates'),
      dataDir,
      clientDir: mkdtempSync(join(tmpdir(), 'client-')),
      registry,
    });
    const app = createApp({
      registry,
      clientDir: mkdtempSync(join(tmpdir(), 'client-')),
      assets: stubAssets,
      editor: restarted,
      log: () => {},
    });
    const other = await listenOnLoopback(app);
    try {
      const otherBase = `http://127.0.0.1:${(other.address() as AddressInfo).port}/editor/api`;
      const session = await (await fetch(`${otherBase}/session`, { headers: { cookie: first.cookie } })).json();
      expect(session).toMatchObject({ account: { email: 'other@example.com' }, csrf: first.csrf });
      const out = await fetch(`${otherBase}/logout-everywhere`, { method: 'POST', headers: { cookie: first.cookie, 'x-csrf-token': first.csrf } });
      expect(out.status).toBe(200);
      expect(await out.json()).toEqual({ ok: true, ended: 2 });
      expect(await first.call('GET', '/session')).toEqual({ status: 200, body: { account: null } });
      expect(await second.call('GET', '/tenants')).toEqual({ status: 401, body: { error: 'Please sign in.' } });
    } finally {
      other.close();
    }
  });
});

describe('signing in', () => {
  it('sets an HttpOnly, SameSite session cookie and refuses a wrong password', async () => {
    const res = await fetch(`${base}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'mazda@example.com', password: PASSWORD }),
    });
    expect(res.status).toBe(200);
    const cookie = res.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^editor_session=[\w-]{40,}; Path=\/editor; HttpOnly; SameSite=Strict/);
    expect(cookie).not.toContain('Secure'); // plain http on 127.0.0.1 is local development
    const wrong = await fetch(`${base}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'mazda@example.com', password: 'nope' }),
    });
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).error).toBe('The email or password is not right.');
  });

  it('names the cookie __Host-… (Secure, Path=/, no Domain) outside localhost', async () => {
    const { request } = await import('node:http');
    const port = (server.address() as AddressInfo).port;
    const [cookie = '', device = ''] = await new Promise<string[]>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          path: '/editor/api/login',
          method: 'POST',
          headers: { host: 'editor.dealer-sites.example', 'content-type': 'application/json' },
        },
        (res) => {
          res.resume();
          resolve(res.headers['set-cookie'] ?? []);
        },
      );
      req.on('error', reject);
      req.end(JSON.stringify({ email: 'mazda@example.com', password: PASSWORD }));
    });
    expect(cookie).toMatch(/^__Host-editor_session=[\w-]{40,}; Path=\/; HttpOnly; SameSite=Strict; Max-Age=\d+; Secure$/);
    expect(cookie).not.toMatch(/Domain=/i);
    expect(device).toMatch(/^__Host-editor_device=\d+\.[\w-]{43}; Path=\/; HttpOnly; SameSite=Strict; Max-Age=\d+; Secure$/);
    // the prefixed cookie is the one read back on that host; the plain name is not accepted there
    const token = captured(/^__Host-editor_session=([^;]+)/, cookie);
    const session = (name: string) =>
      new Promise<string>((resolve, reject) => {
        const req = request(
          { host: '127.0.0.1', port, path: '/editor/api/session', headers: { host: 'editor.dealer-sites.example', cookie: `${name}=${token}` } },
          (res) => {
            let body = '';
            res.on('data', (c) => (body += c));
            res.on('end', () => resolve(body));
          },
        );
        req.on('error', reject);
        req.end();
      });
    expect(JSON.parse(await session('__Host-editor_session')).account?.email).toBe('mazda@example.com');
    expect(JSON.parse(await session('editor_session')).account).toBeNull();
  });

  it('is rate limited after 5 failed attempts', async () => {
    const attempt = () =>
      fetch(`${base}/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'nobody@example.com', password: 'wrong password' }),
      });
    for (let i = 0; i < 5; i++) expect((await attempt()).status).toBe(401);
    const blocked = await attempt();
    expect(blocked.status).toBe(429);
    expect((await blocked.json()).error).toBe('Too many sign-in attempts. Try again in 15 minutes.');
  });

  it('replaces a hash below the current cost at the next successful sign-in', async () => {
    const accounts = new AccountStore(accountsFile(dataDir));
    await accounts.create({ email: 'legacy@example.com', name: 'Lee Legacy', password: PASSWORD, tenants: ['harbourside-mazda'] });
    const cheap = await hashPassword(PASSWORD, { N: 2 ** 10, r: 8, p: 1 });
    accounts.update('legacy@example.com', (a) => (a.passwordHash = cheap));
    expect((await loginFrom('10.3.0.1', 'legacy@example.com', 'not the password')).status).toBe(401);
    expect(accounts.find('legacy@example.com')!.passwordHash).toBe(cheap); // a failed sign-in changes nothing
    expect((await loginFrom('10.3.0.1', 'legacy@example.com', PASSWORD)).status).toBe(200);
    const upgraded = accounts.find('legacy@example.com')!.passwordHash;
    expect(upgraded).toMatch(new RegExp(`^scrypt\\$${TEST_COST.N}\\$8\\$1\\$`));
    expect((await loginFrom('10.3.0.2', 'legacy@example.com', PASSWORD)).status).toBe(200);
    expect(accounts.find('legacy@example.com')!.passwordHash).toBe(upgraded); // not rehashed again
  });

  const loginFrom = (ip: string, email: string, password = 'wrong password', headers: Record<string, string> = {}) =>
    fetch(`${base}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip, ...headers },
      body: JSON.stringify({ email, password }),
    });

  it("per account, whatever the address: a short wait for browsers it never used, none for its own, which the attacker's lock spares", async () => {
    await new AccountStore(accountsFile(dataDir)).create({ email: 'owned@example.com', name: 'Owen Owned', password: PASSWORD, tenants: [] });
    const own = await loginFrom('10.1.1.1', 'owned@example.com', PASSWORD);
    expect(own.status).toBe(200);
    const device = own.headers.getSetCookie().find((c) => c.startsWith('editor_device='))!;
    expect(device).toMatch(/HttpOnly; SameSite=Strict; Max-Age=7776000$/);
    expect(device).toContain('Path=/editor');
    for (let i = 0; i < 5; i++) expect((await loginFrom(`10.1.0.${i}`, 'owned@example.com')).status).toBe(401);
    const blocked = await loginFrom('10.1.0.99', 'owned@example.com', PASSWORD);
    expect(blocked.status).toBe(429);
    const wait = Number(blocked.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(15);
    expect((await blocked.json()).error).toBe(`Too many failed sign-ins to this account. Try again in ${wait} seconds, or use "Forgotten your password?".`);
    // the owner's browser signs in from anywhere, the attacker's address included
    const cookie = cookieOf(device);
    for (const ip of ['10.1.0.99', '10.1.0.4']) expect((await loginFrom(ip, 'owned@example.com', PASSWORD, { cookie })).status).toBe(200);
  });

  it('limits failures per address whatever the account (20 in 15 minutes)', async () => {
    for (let i = 0; i < 20; i++) expect((await loginFrom('10.2.0.1', `someone${i}@example.com`)).status).toBe(401);
    const blocked = await loginFrom('10.2.0.1', 'admin@example.com', PASSWORD);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // the same account from another address still signs in
    expect((await loginFrom('10.2.0.2', 'admin@example.com', PASSWORD)).status).toBe(200);
  });
});

describe('access', () => {
  it('needs a session', async () => {
    expect((await fetch(`${base}/tenants`)).status).toBe(401);
  });

  it('lists only granted tenants; another tenant gets 403 and reveals nothing, even one that does not exist', async () => {
    const staff = await signIn('mazda@example.com');
    expect((await staff.call('GET', '/tenants')).body.tenants).toEqual([{ slug: 'harbourside-mazda', name: 'Harbourside Mazda' }]);
    const other = await staff.call('GET', '/tenants/big-sky-cars');
    const missing = await staff.call('GET', '/tenants/no-such-site');
    expect(other).toEqual({ status: 403, body: { error: 'You do not have access to this site.' } });
    expect(missing).toEqual(other);
    expect((await staff.call('GET', '/tenants/big-sky-cars/revisions')).status).toBe(403);
    expect((await staff.call('POST', '/tenants/big-sky-cars/revisions', { baseRev: 1, doc: {}, publish: true })).status).toBe(403);
    const admin = await signIn('admin@example.com');
    expect((await admin.call('GET', '/tenants')).body.tenants.map((t: { slug: string }) => t.slug)).toContain('big-sky-cars');
    expect((await admin.call('GET', '/tenants/big-sky-cars')).status).toBe(200);
  });

  it('refuses state changes without the CSRF token or from another origin', async () => {
    const staff = await signIn('mazda@example.com');
    const opened = (await staff.call('GET', '/tenants/harbourside-mazda')).body;
    const body = { baseRev: opened.head.rev, doc: opened.doc, publish: false };
    expect((await staff.call('POST', '/tenants/harbourside-mazda/revisions', body, { 'x-csrf-token': 'forged' })).status).toBe(403);
    expect((await staff.call('POST', '/tenants/harbourside-mazda/revisions', body, { origin: 'https://evil.example' })).body.error).toBe(
      'Cross-site requests are not allowed.',
    );
  });

  it('lets only an admin grant access', async () => {
    const staff = await signIn('mazda@example.com');
    expect((await staff.call('POST', '/accounts/other@example.com/grants', { tenants: ['big-sky-cars'] })).status).toBe(403);
    const admin = await signIn('admin@example.com');
    const granted = await admin.call('POST', '/accounts/other@example.com/grants', { tenants: ['big-sky-cars'] });
    expect(granted.body.account.tenants).toEqual(['big-sky-cars', 'harbourside-mazda']);
    await admin.call('POST', '/accounts/other@example.com/grants', { tenants: ['big-sky-cars'], revoke: true });
  });
});

describe('publishing', () => {
  const file = () => join(tenantsDir, 'harbourside-mazda.json');

  it('writes a valid merge patch over the template that the live site serves at once, and keeps who and when', async () => {
    const staff = await signIn('mazda@example.com');
    const opened = (await staff.call('GET', '/tenants/harbourside-mazda')).body;
    const doc = structuredClone(opened.doc);
    doc.pages['/'].blocks[0].props.heading = 'Winter Sale Now On';
    const saved = await staff.call('POST', '/tenants/harbourside-mazda/revisions', { baseRev: opened.head.rev, doc, publish: true });
    expect(saved.status).toBe(201);
    expect(saved.body.revision).toMatchObject({ rev: opened.head.rev + 1, kind: 'published', author: 'mazda@example.com', authorName: 'Mia Mazda' });
    const written = JSON.parse(readFileSync(file(), 'utf8'));
    expect(written.$schema).toBe('../schemas/tenant-file.schema.json');
    expect(written.template).toBe('single-brand');
    expect(written.pages['/careers']).toBeUndefined(); // inherited pages stay inherited
    expect(loadTenant(file(), join(tenantsDir, 'templates')).ok).toBe(true);
    const page = await get(server, 'harbourside-mazda.localhost', '/');
    expect(page.body).toContain('Winter Sale Now On');
    const history = (await staff.call('GET', '/tenants/harbourside-mazda/revisions')).body.revisions;
    expect(history[0]).toMatchObject({ kind: 'published', authorName: 'Mia Mazda' });
  });

  it('refuses an invalid document with the problem at its path, and writes nothing', async () => {
    const staff = await signIn('mazda@example.com');
    const opened = (await staff.call('GET', '/tenants/harbourside-mazda')).body;
    const before = readFileSync(file(), 'utf8');
    const doc = structuredClone(opened.doc);
    doc.pages['/'].blocks[0].props.heading = '';
    const saved = await staff.call('POST', '/tenants/harbourside-mazda/revisions', { baseRev: opened.head.rev, doc, publish: true });
    expect(saved.status).toBe(422);
    expect(saved.body.problems).toContainEqual(
      expect.objectContaining({ path: 'pages["/"].blocks[0].props.heading', message: expect.stringContaining('must not be empty') }),
    );
    expect(readFileSync(file(), 'utf8')).toBe(before);
  });

  it('refuses a save based on an older revision, naming who changed it', async () => {
    const mia = await signIn('mazda@example.com');
    const oscar = await signIn('other@example.com');
    const a = (await mia.call('GET', '/tenants/harbourside-mazda')).body;
    const b = (await oscar.call('GET', '/tenants/harbourside-mazda')).body;
    const first = await oscar.call('POST', '/tenants/harbourside-mazda/revisions', { baseRev: b.head.rev, doc: b.doc, publish: false });
    expect(first.status).toBe(201);
    const stale = await mia.call('POST', '/tenants/harbourside-mazda/revisions', { baseRev: a.head.rev, doc: a.doc, publish: true });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toBe(
      `Oscar Other (other@example.com) saved a draft as revision ${first.body.revision.rev} after you opened revision ${a.head.rev}. Your changes were not saved, and they are still here in the editor.`,
    );
  });

  it('round-trips every shipped tenant: publishing it unchanged keeps a valid file with the same resolved document', async () => {
    const admin = await signIn('admin@example.com');
    for (const slug of ['big-sky-cars', 'southern-cross-motor-group', 'outback-caravans-motorcycles']) {
      const opened = (await admin.call('GET', `/tenants/${slug}`)).body;
      const saved = await admin.call('POST', `/tenants/${slug}/revisions`, { baseRev: opened.head.rev, doc: opened.doc, publish: true });
      expect(saved.status, JSON.stringify(saved.body)).toBe(201);
      const again = (await admin.call('GET', `/tenants/${slug}`)).body;
      expect(again.head.rev).toBe(saved.body.revision.rev); // nothing imported: the file resolves to the same document
      expect(again.doc).toEqual(opened.doc);
    }
  });
});

describe('template publish', () => {
  it('staff cannot; an admin changes a locked value, the answer lists the tenants it reached and the server reloads them', async () => {
    const staff = await signIn('mazda@example.com');
    expect(await staff.call('GET', '/templates')).toEqual({ status: 403, body: { error: 'Only a platform admin may do this.' } });
    expect((await staff.call('POST', '/templates/single-brand/publish', { values: [{ lock: 0, value: {} }] })).status).toBe(403);

    const admin = await signIn('admin@example.com');
    const { templates } = (await admin.call('GET', '/templates')).body;
    const single = templates.find((t: { name: string }) => t.name === 'single-brand');
    expect(single.locks).toEqual([
      { block: 'model-overview', reason: "the model pages are the brand's, the same on every dealer's site", blockType: 'model-overview', value: {} },
    ]);

    expect(await admin.call('POST', '/templates/single-brand/publish', { values: [{ lock: 3, value: {} }] })).toEqual({
      status: 400,
      body: { error: 'The single-brand template has no lock number 3; it has 1.' },
    });
    expect((await admin.call('POST', '/templates/no-such/publish', { values: [{ lock: 0, value: {} }] })).status).toBe(404);
    // A value no tenant could be served with: refused, the template file untouched.
    const file = join(tenantsDir, 'templates', 'single-brand.json');
    const before = readFileSync(file, 'utf8');
    const broken = await admin.call('POST', '/templates/single-brand/publish', { values: [{ lock: 0, value: { enquireLabel: 42 } }] });
    expect(broken.status).toBe(422);
    expect(broken.body.error).toBe('Not published: harbourside-mazda would not be served with these values. Fix the problems listed first.');
    expect(readFileSync(file, 'utf8')).toBe(before);

    const published = await admin.call('POST', '/templates/single-brand/publish', { values: [{ lock: 0, value: { enquireLabel: 'Ask About This Model' } }] });
    expect(published).toEqual({ status: 200, body: { report: [{ slug: 'harbourside-mazda', lockedChanges: ['block model-overview'], problems: [] }] } });
    expect(JSON.parse(readFileSync(file, 'utf8')).pages['/:model'].blocks[0].props).toEqual({ enquireLabel: 'Ask About This Model' });
    // The tenant's document on this server has the new value without a restart.
    const opened = (await admin.call('GET', '/tenants/harbourside-mazda')).body;
    expect(opened.doc.pages['/:model'].blocks[0].props.enquireLabel).toBe('Ask About This Model');
    // Published like any other publish: a live revision by the admin, and the site's audit log says who and which template.
    expect(opened.live).toMatchObject({ kind: 'published', author: 'admin@example.com', authorName: 'Ada Admin' });
    const { entries } = (await admin.call('GET', '/tenants/harbourside-mazda/audit')).body;
    expect(entries[0]).toMatchObject({
      email: 'admin@example.com',
      name: 'Ada Admin',
      action: 'template published',
      rev: opened.live.rev,
      published: true,
      template: 'single-brand',
      reached: ['harbourside-mazda'],
    });
    // A site the template does not reach records nothing.
    expect((await admin.call('GET', '/tenants/big-sky-cars/audit')).body.entries.some((e: { action: string }) => e.action === 'template published')).toBe(
      false,
    );
  });

  it("keeps a site's draft in progress on top, with the template's new locked values", async () => {
    const staff = await signIn('mazda@example.com');
    const opened = (await staff.call('GET', '/tenants/harbourside-mazda')).body;
    const draft = structuredClone(opened.doc);
    draft.name = 'Harbourside Mazda (draft)';
    const saved = await staff.call('POST', '/tenants/harbourside-mazda/revisions', { baseRev: opened.head.rev, doc: draft, publish: false });
    expect(saved.status).toBe(201);

    const admin = await signIn('admin@example.com');
    expect((await admin.call('POST', '/templates/single-brand/publish', { values: [{ lock: 0, value: { enquireLabel: 'Talk To Us' } }] })).status).toBe(200);
    const after = (await staff.call('GET', '/tenants/harbourside-mazda')).body;
    // The published revision, then the draft again on top of it: by its author, with the new locked value.
    expect(after.live).toMatchObject({ rev: saved.body.revision.rev + 1, kind: 'published', author: 'admin@example.com' });
    expect(after.head).toMatchObject({ rev: saved.body.revision.rev + 2, kind: 'draft', author: 'mazda@example.com' });
    expect(after.doc.name).toBe('Harbourside Mazda (draft)');
    expect(after.doc.pages['/:model'].blocks[0].props.enquireLabel).toBe('Talk To Us');
    // The draft publishes as it is (its locked values agree with the template).
    const published = await staff.call('POST', '/tenants/harbourside-mazda/revisions', { baseRev: after.head.rev, doc: after.doc, publish: true });
    expect(published.status).toBe(201);
  });
});
