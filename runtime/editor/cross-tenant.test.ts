// Cross-tenant writes through the editor (issue 9): one site's staff can neither take another site's domain, nor
// base their document on another site's file, nor point lead delivery somewhere new; a later document never takes
// a host the registry already gave to another site.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { minimalTenant, tempTenantsDir } from '../../test-support/tenants';
import { createApp } from '../server/app';
import { get } from '../../test-support/http-client';
import { TenantRegistry } from '../server/tenant-registry';
import { AccountStore } from './accounts';
import { createEditor, accountsFile } from './index';
import { cookieOf } from '../../test-support/cookies';
import { listenOnLoopback, stubAssets } from '../../test-support/server';

// Each case publishes through the whole editor (validation, file checks) a few times: slow on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

let server: Server;
let base: string;
let tenantsDir: string;
let registry: TenantRegistry;
const registryLog: string[] = [];
const PASSWORD = 'a long test password';

beforeAll(async () => {
  tenantsDir = tempTenantsDir({}, { withShippedTenants: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'editor-data-'));
  const accounts = new AccountStore(accountsFile(dataDir));
  await accounts.create({ email: 'admin@example.com', name: 'Ada Admin', password: PASSWORD, admin: true });
  await accounts.create({ email: 'mazda@example.com', name: 'Mia Mazda', password: PASSWORD, tenants: ['harbourside-mazda'] });
  registry = new TenantRegistry(tenantsDir, join(tenantsDir, 'templates'), 'harbourside-mazda', (m) => registryLog.push(m));
  registry.loadAll();
  const clientDir = mkdtempSync(join(tmpdir(), 'client-'));
  const editor = createEditor({ tenantsDir, templatesDir: join(tenantsDir, 'templates'), dataDir, clientDir, registry });
  const app = createApp({ registry, clientDir, assets: stubAssets, editor, log: () => {} });
  server = await listenOnLoopback(app);
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/editor/api`;
});
afterAll(() => server?.close());

async function signIn(email: string) {
  const res = await fetch(`${base}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const { csrf } = await res.json();
  const cookie = cookieOf(res.headers.get('set-cookie'));
  return async (method: string, path: string, data?: unknown) => {
    const r = await fetch(`${base}${path}`, {
      method,
      headers: { cookie, 'x-csrf-token': csrf, 'content-type': 'application/json' },
      body: data ? JSON.stringify(data) : undefined,
    });
    return { status: r.status, body: await r.json() };
  };
}

const file = () => join(tenantsDir, 'harbourside-mazda.json');

// biome-ignore lint/suspicious/noExplicitAny: the test edits a JSON document by path, including into shapes the schema forbids
async function publishMazda(change: (doc: any) => void, who = 'mazda@example.com') {
  const call = await signIn(who);
  const opened = (await call('GET', '/tenants/harbourside-mazda')).body;
  const doc = structuredClone(opened.doc);
  change(doc);
  return call('POST', '/tenants/harbourside-mazda/revisions', { baseRev: opened.head.rev, doc, publish: true });
}

describe('domain takeover', () => {
  it("refuses with 409 a publish naming another site's domain, and that host keeps serving its own site", async () => {
    const before = readFileSync(file(), 'utf8');
    const saved = await publishMazda((doc) => doc.domains.push('BigSkyCars.example'));
    expect(saved.status).toBe(409);
    expect(saved.body.error).toBe(
      'Domain "bigskycars.example" is already served by another site; a domain can belong to one site only. Nothing was published.',
    );
    expect(saved.body.problems).toEqual([expect.objectContaining({ path: 'domains[2]', code: 'unique-across-tenants' })]);
    expect(JSON.stringify(saved.body)).not.toContain('big-sky-cars'); // the other site is not named
    expect(readFileSync(file(), 'utf8')).toBe(before);
    const page = await get(server, 'bigskycars.example', '/');
    expect(page.body).toContain('Big Sky');
  });

  it('the registry never hands a host owned by one site to a document loaded later', () => {
    const doc = JSON.parse(readFileSync(file(), 'utf8'));
    doc.domains = ['harbourside-mazda.example', 'bigskycars.example.'];
    const copy = join(mkdtempSync(join(tmpdir(), 'takeover-')), 'harbourside-mazda.json');
    writeFileSync(copy, JSON.stringify(doc));
    registry.reload(copy);
    const match = registry.match('bigskycars.example');
    expect(match.kind === 'tenant' && match.doc.slug).toBe('big-sky-cars');
    const own = registry.match('harbourside-mazda.example');
    expect(own.kind === 'tenant' && own.doc.slug).toBe('harbourside-mazda');
    expect(registryLog.join('\n')).toContain('names the domain bigskycars.example, which already belongs to tenant "big-sky-cars"');
    registry.reload(file());
  });
});

describe('template path traversal', () => {
  it('accepts only a known template name, with the same answer whether or not a file of that name exists', async () => {
    const existing = await publishMazda((doc) => (doc.template = '../big-sky-cars'));
    const missing = await publishMazda((doc) => (doc.template = '../no-such-site'));
    expect(existing.status).toBe(422);
    expect(missing.status).toBe(422);
    const message = (r: typeof existing) => r.body.problems.map((p: { message: string }) => p.message.replace(/"[^"]*"/, '"…"'));
    expect(message(existing)).toEqual(message(missing));
    expect(existing.body.problems[0]).toMatchObject({
      path: 'template',
      message: 'template "../big-sky-cars" is not one of the templates (base, dealer-group, leisure, single-brand, used-supermarket)',
    });
    for (const name of ['..%2fbig-sky-cars', '/etc/passwd', 'templates/../../big-sky-cars', 'Base', '']) {
      const r = await publishMazda((doc) => (doc.template = name));
      expect(r.status, name).toBe(422);
    }
  });

  it('the resolver reads templates only from the templates folder (a hand-written file cannot extend a tenant)', async () => {
    const { loadTenant } = await import('../tenants/load');
    const dir = tempTenantsDir({ 'sneaky-motors': minimalTenant('sneaky-motors', { template: '../big-sky-cars' }) }, { withShippedTenants: true });
    const loaded = loadTenant(join(dir, 'sneaky-motors.json'), join(dir, 'templates'));
    expect(loaded.ok).toBe(false);
    expect(JSON.stringify(!loaded.ok && loaded.problems)).not.toContain(dir); // no server path in the problem either
  });
});

describe('CRM endpoints', () => {
  // biome-ignore lint/suspicious/noExplicitAny: the test edits a JSON document by path, including into shapes the schema forbids
  const pointAt = (url: string) => (doc: any) => {
    doc.settings.leads ??= {};
    doc.settings.leads.crm = { endpoints: [{ dealershipId: doc.dealerships[0].id, url }] };
  };

  it("a site's staff may not change where leads go: 403 with the reason, nothing written", async () => {
    const before = readFileSync(file(), 'utf8');
    const saved = await publishMazda(pointAt('https://127.0.0.1/steal'));
    expect(saved).toEqual({
      status: 403,
      body: {
        error:
          'Only a platform admin may change where leads are sent (settings.leads.crm). Undo that change, or ask a platform admin to make it; nothing was saved.',
      },
    });
    expect(readFileSync(file(), 'utf8')).toBe(before);
  });

  it("nor save it in a draft that an admin's next publish would take live", async () => {
    const call = await signIn('mazda@example.com');
    const opened = (await call('GET', '/tenants/harbourside-mazda')).body;
    const doc = structuredClone(opened.doc);
    pointAt('https://crm.attacker.example/leads')(doc);
    const draft = await call('POST', '/tenants/harbourside-mazda/revisions', { baseRev: opened.head.rev, doc, publish: false });
    expect(draft.status).toBe(403);
    expect((await call('GET', '/tenants/harbourside-mazda')).body.head.rev).toBe(opened.head.rev);
  });

  it('a platform admin gets 422 at once for a CRM URL that is not https or names a non-public address', async () => {
    for (const [url, message] of [
      ['http://crm.harbourside.example/leads', 'the CRM endpoint must use https'],
      ['https://169.254.169.254/latest/meta-data', "the CRM endpoint's host 169.254.169.254 is not a public address"],
      ['https://[::ffff:127.0.0.1]/x', "the CRM endpoint's host ::ffff:7f00:1 is not a public address"],
      ['https://crm.localhost/x', "the CRM endpoint's host crm.localhost is not a public address"],
    ] as const) {
      const saved = await publishMazda(pointAt(url), 'admin@example.com');
      expect(saved.status, url).toBe(422);
      expect(saved.body.problems).toEqual([{ path: 'settings.leads.crm.endpoints[0].url', message, code: 'editor' }]);
    }
  });

  it('a platform admin may, and the staff can then publish other changes that keep it', async () => {
    expect((await publishMazda(pointAt('https://crm.harbourside.example/leads'), 'admin@example.com')).status).toBe(201);
    const staff = await publishMazda((doc) => (doc.name = 'Harbourside Mazda Newcastle'));
    expect(staff.status).toBe(201);
  });
});
