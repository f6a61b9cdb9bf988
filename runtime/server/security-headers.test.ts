// Every page type and API answers with the security headers (test-support/security-headers-check.ts is the checker the attack
// suite reuses): site pages, search, vehicle, content page, 404, unknown host, APIs, static files, the editor and
// its preview frame; HSTS only over https (X-Forwarded-Proto from a trusted proxy).
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountStore } from '../editor/accounts';
import { EDITOR_ENTRY, PREVIEW_ENTRY } from '../editor/assets';
import { accountsFile, createEditor } from '../editor';
import { buildDemoInventory } from '../inventory/demo-inventory';
import { EmbeddedSearchEngine } from '../search';
import { repoRoot } from '../../test-support/tenants';
import { createApp } from './app';
import { CarCatalogue } from '../inventory/car-catalogue';
import { buildFileHeaderProblems, parseCsp, securityHeaderProblems, type HeaderExpectation } from '../../test-support/security-headers-check';
import { get, send } from '../../test-support/http-client';
import { TenantRegistry } from './tenant-registry';
import { shippedTenants, listenOnLoopback } from '../../test-support/server';
import type { TrustProxy } from './trust-proxy';
import { cookieOf } from '../../test-support/cookies';

const SITE = 'harbourside-mazda.localhost';
const PASSWORD = 'a long test password';
let servers: Server[] = [];
let site: Server;
let noProxy: Server;
let carSlug: string;
let cookie: string;

async function start(trustProxy?: TrustProxy): Promise<Server> {
  const cars = buildDemoInventory(shippedTenants(), { total: 300 });
  carSlug = cars.find((c) => c.dealership_id === shippedTenants().find((t) => t.slug === 'harbourside-mazda')!.dealerships[0].id)!.slug;
  const catalogue = await CarCatalogue.create(new EmbeddedSearchEngine(), cars);
  const registry = new TenantRegistry(join(repoRoot, 'tenants'), join(repoRoot, 'tenants/templates'), undefined, () => {});
  registry.loadAll();
  // A client folder with a manifest naming the editor's entries, so the editor and preview pages render.
  const clientDir = mkdtempSync(join(tmpdir(), 'headers-client-'));
  mkdirSync(join(clientDir, '.vite'));
  mkdirSync(join(clientDir, 'assets'));
  writeFileSync(join(clientDir, 'assets/app.js'), 'export {}\n');
  writeFileSync(join(clientDir, 'assets/app.js.br'), brotliCompressSync('export {}\n'));
  writeFileSync(
    join(clientDir, '.vite/manifest.json'),
    JSON.stringify({ [EDITOR_ENTRY]: { file: 'assets/editor.js' }, [PREVIEW_ENTRY]: { file: 'assets/preview.js' } }),
  );
  const dataDir = mkdtempSync(join(tmpdir(), 'headers-editor-'));
  await new AccountStore(accountsFile(dataDir)).create({ email: 'staff@example.com', name: 'Staff', password: PASSWORD, tenants: ['harbourside-mazda'] });
  const editor = createEditor({ tenantsDir: join(repoRoot, 'tenants'), templatesDir: join(repoRoot, 'tenants/templates'), dataDir, clientDir, registry });
  const app = createApp({
    registry,
    clientDir,
    assets: { forBlocks: () => ({ script: '/assets/app.js', styles: [], modulePreloads: [] }) },
    services: { catalogue },
    editor,
    log: () => {},
    trustProxy,
  });
  const server = await listenOnLoopback(app);
  servers.push(server);
  return server;
}

beforeAll(async () => {
  site = await start();
  noProxy = await start(false);
  const login = await send(site, SITE, 'POST', '/editor/api/login', { email: 'staff@example.com', password: PASSWORD });
  expect(login.status).toBe(200);
  cookie = cookieOf(login.headers['set-cookie']);
}, 60_000);
afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  servers = [];
});

/** [name, host, path, status (0: not checked here), expectation] */
const pages: [string, string, string, number, HeaderExpectation?][] = [
  ['home page', SITE, '/', 200],
  ['search page', SITE, '/search', 200],
  ['vehicle page', SITE, '', 200],
  ['content page', SITE, '/pages/mazda-bt-50-ute-centre', 200],
  ['404 page', SITE, '/no-such-page', 404],
  ['unknown host', 'nobody.example', '/', 404],
  ['page data API', SITE, '/__data?path=%2F', 200],
  ['vehicle API', SITE, '', 200],
  ['health check', SITE, '/healthz', 200],
  // its status (404, not 500) is issue 9a's error handler; the headers are here
  ['missing static file', SITE, '/assets/nope.js', 0],
  ['editor app', SITE, '/editor', 200],
  ['editor app, deeper path', SITE, '/editor/tenants/harbourside-mazda', 200],
  ['editor API', SITE, '/editor/api/session', 200],
];

describe('security headers', () => {
  it.each(pages)('%s', async (name, host, path, status, expectation) => {
    const target = name === 'vehicle page' ? `/cars/${carSlug}` : name === 'vehicle API' ? `/api/cars/${carSlug}/view.json` : path;
    const res = await get(site, host, target);
    if (status) expect(res.status).toBe(status);
    expect(securityHeaderProblems(res.headers, expectation)).toEqual([]);
  });

  it('a script of the build keeps nosniff, its own resource policy and immutable caching, without a document CSP', async () => {
    const res = await get(site, SITE, '/assets/app.js');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(buildFileHeaderProblems(res.headers)).toEqual([]);
    // its brotli copy (precompressed.ts), and over https (a missing file is a page: the table above)
    const br = await get(site, SITE, '/assets/app.js', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(buildFileHeaderProblems(br.headers)).toEqual([]);
    const viaProxy = await get(site, SITE, '/assets/app.js', { 'x-forwarded-proto': 'https' });
    expect(buildFileHeaderProblems(viaProxy.headers, { https: true })).toEqual([]);
  });

  it('search API (POST)', async () => {
    const res = await send(site, SITE, 'POST', '/api/search', { queries: [{ q: '' }] });
    expect(res.status).toBe(200);
    expect(securityHeaderProblems(res.headers)).toEqual([]);
  });

  it('a lead API refusal', async () => {
    const res = await send(site, SITE, 'POST', '/api/leads', 'not json');
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(securityHeaderProblems(res.headers)).toEqual([]);
  });

  it('the editor preview may be framed by the editor on its own host only', async () => {
    const res = await get(site, SITE, '/editor/preview/harbourside-mazda', { cookie });
    expect(res.status).toBe(200);
    expect(securityHeaderProblems(res.headers, { framable: true })).toEqual([]);
    // and no 'unsafe-eval' there: the preview runs site code only
    expect(parseCsp(String(res.headers['content-security-policy']))['script-src']).not.toContain("'unsafe-eval'");
  });

  it('site pages carry a fresh script nonce on every response', async () => {
    const nonce = async () => /'nonce-([^']+)'/.exec(String((await get(site, SITE, '/')).headers['content-security-policy']))?.[1];
    const [a, b] = [await nonce(), await nonce()];
    expect(a).toMatch(/^[A-Za-z0-9+/=]{20,}$/);
    expect(a).not.toBe(b);
  });

  it('HSTS only over https: from X-Forwarded-Proto of a trusted proxy (loopback by default), never from others', async () => {
    const viaProxy = await get(site, SITE, '/', { 'x-forwarded-proto': 'https' });
    expect(securityHeaderProblems(viaProxy.headers, { https: true })).toEqual([]);
    const untrusted = await get(noProxy, SITE, '/', { 'x-forwarded-proto': 'https' });
    expect(untrusted.headers['strict-transport-security']).toBeUndefined();
  });

  it('the checker notices loose or missing headers', () => {
    expect(securityHeaderProblems({})).toContain('no Content-Security-Policy');
    const loose = {
      'content-security-policy': "default-src 'self'; script-src 'self' 'unsafe-eval' 'unsafe-inline'; frame-ancestors *",
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'unsafe-url',
      'strict-transport-security': 'max-age=1',
    };
    expect(securityHeaderProblems(loose)).toEqual(
      expect.arrayContaining([
        "CSP script-src allows 'unsafe-eval'",
        "CSP script-src allows 'unsafe-inline'",
        "CSP frame-ancestors is *, expected 'none'",
        'Referrer-Policy unsafe-url leaks full addresses',
        'HSTS sent over plain http',
      ]),
    );
  });
});

describe('the Content-Security-Policy kept per site', () => {
  it("writes each answer's own nonce into the site's policy, and a publish's new sources at once", async () => {
    const express = (await import('express')).default;
    const { securityHeaders } = await import('./security-headers');
    let sources: { 'frame-src'?: string[]; 'connect-src'?: string[] } = { 'frame-src': ['https://booking.example'] };
    const app = express();
    app.use(securityHeaders({ perRequestSources: () => sources }));
    app.get('/{*path}', (_req, res) => res.end(String(res.locals.cspNonce)));
    const server = await listenOnLoopback(app);
    try {
      const first = await get(server, 'a.localhost', '/');
      const second = await get(server, 'a.localhost', '/');
      expect(first.body).not.toBe(second.body);
      expect(first.headers['content-security-policy']).toBe(
        `default-src 'self';script-src 'self' 'nonce-${first.body}' ;style-src 'self' 'unsafe-inline';img-src 'self' data: blob: https:;` +
          `media-src 'self' https:;font-src 'self' data:;connect-src 'self' ;frame-src 'self' https://www.youtube-nocookie.com https://booking.example;` +
          `frame-ancestors 'none';form-action 'self';base-uri 'self';object-src 'none'`,
      );
      expect(second.headers['content-security-policy']).toContain(`'nonce-${second.body}'`);
      expect(parseCsp(String((await get(server, 'a.localhost', '/editor/preview/x')).headers['content-security-policy']))['frame-ancestors']).toEqual([
        "'self'",
      ]);
      // A publish gives the site new sources (a new object): the next answer has them, and not the old ones.
      sources = { 'connect-src': ['https://maps.example'] };
      const published = String((await get(server, 'a.localhost', '/')).headers['content-security-policy']);
      expect(parseCsp(published)['connect-src']).toEqual(["'self'", 'https://maps.example']);
      expect(published).not.toContain('booking.example');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
