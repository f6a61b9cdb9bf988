import { mkdirSync, mkdtempSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssetResolver } from '../renderer/entry-server';
import { minimalTenant, tempTenantsDir } from '../../test-support/tenants';
import { createApp } from './app';
import { METRICS_REFUSED, metricsAllowed, Readiness, ServerMetrics } from './observability';
import { get } from '../../test-support/http-client';
import { TenantRegistry } from './tenant-registry';
import { listenOnLoopback, closeServer } from '../../test-support/server';

const lines: Record<string, unknown>[] = [];
const sink = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
    done();
  },
});
const logger = pino({ level: 'info' }, sink);
let databaseUp = true;
let searchUp = true;
const searchCheck = async () => {
  if (!searchUp) throw new Error('Search engine unavailable: cannot reach Meilisearch');
};
const readiness = new Readiness(
  {
    tenants: () => undefined,
    database: async () => {
      if (!databaseUp) throw new Error('connection refused');
    },
    search: searchCheck,
  },
  undefined,
  new Set(['search']),
);
let mailBacklog: () => Promise<number> = async () => 3;
const metrics = new ServerMetrics({
  defaults: false,
  outboxBacklog: async () => 7,
  mailBacklog: () => mailBacklog(),
  searchReady: () =>
    searchCheck().then(
      () => true,
      () => false,
    ),
});
let server: Server;

const assets: AssetResolver = { forBlocks: () => ({ script: '/assets/entry.js', styles: [], modulePreloads: [] }) };

beforeAll(async () => {
  const dir = tempTenantsDir({ 'test-motors': minimalTenant('test-motors', { domains: ['test-motors.example'] }) });
  const clientDir = mkdtempSync(join(tmpdir(), 'client-'));
  mkdirSync(join(clientDir, 'assets'));
  const registry = new TenantRegistry(dir, join(dir, 'templates'), undefined, () => undefined);
  registry.loadAll();
  const app = createApp({ registry, clientDir, assets, logger, metrics, readiness });
  server = await listenOnLoopback(app);
});

afterAll(() => closeServer(server));

const requestLines = () => lines.filter((l) => l.msg === 'request');

describe('request logs', () => {
  it('write one JSON line per request with tenant, route, status, duration and the id echoed to the client', async () => {
    const res = await get(server, 'test-motors.example', '/');
    expect(res.status).toBe(200);
    const id = res.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await expect
      .poll(() => requestLines().find((l) => l.req_id === id))
      .toMatchObject({ tenant: 'test-motors', route: 'page', method: 'GET', path: '/', status: 200 });
    expect(typeof requestLines().find((l) => l.req_id === id)!.duration_ms).toBe('number');
  });

  it("keep a proxy's request id when it looks like one, and replace one that does not", async () => {
    const kept = await get(server, 'test-motors.example', '/', { 'x-request-id': 'lb-0123456789abcdef' });
    expect(kept.headers['x-request-id']).toBe('lb-0123456789abcdef');
    const replaced = await get(server, 'test-motors.example', '/', { 'x-request-id': 'bad id\twith spaces' });
    expect(replaced.headers['x-request-id']).not.toContain(' ');
  });

  it('name the API route pattern, not the raw path, and an unknown host as (none)', async () => {
    await get(server, 'test-motors.example', '/api/locations/nearest?postcode=21a');
    await expect.poll(() => requestLines().find((l) => l.route === '/api/locations/nearest')).toMatchObject({ status: 400, tenant: 'test-motors' });
    const res = await get(server, 'nobody.example', '/');
    await expect.poll(() => requestLines().find((l) => l.req_id === res.headers['x-request-id'])).toMatchObject({ tenant: '(none)', status: 404 });
  });
});

describe('/readyz', () => {
  it('answers 200 when every check passes and 503 naming the failing check', async () => {
    databaseUp = true;
    expect(JSON.parse((await get(server, 'x', '/readyz')).body)).toEqual({ status: 'ready', checks: { tenants: 'ok', database: 'ok', search: 'ok' } });
    databaseUp = false;
    const down = await get(server, 'x', '/readyz');
    expect(down.status).toBe(503);
    expect(JSON.parse(down.body)).toEqual({ status: 'not ready', checks: { tenants: 'ok', database: 'connection refused', search: 'ok' } });
    databaseUp = true;
  });

  it('stays 200 with search down, saying "degraded" and why; /metrics shows search_ready 0, then 1 when it is back', async () => {
    searchUp = false;
    const degraded = await get(server, 'x', '/readyz');
    expect(degraded.status).toBe(200);
    expect(JSON.parse(degraded.body)).toEqual({
      status: 'degraded',
      checks: { tenants: 'ok', database: 'ok', search: 'Search engine unavailable: cannot reach Meilisearch' },
    });
    expect((await get(server, 'x', '/metrics')).body).toMatch(/^search_ready 0$/m);
    // The database down as well is still a failing check.
    databaseUp = false;
    expect((await get(server, 'x', '/readyz')).status).toBe(503);
    databaseUp = true;
    searchUp = true;
    expect(JSON.parse((await get(server, 'x', '/readyz')).body).status).toBe('ready');
    expect((await get(server, 'x', '/metrics')).body).toMatch(/^search_ready 1$/m);
  });
});

describe('/metrics', () => {
  it('still answers while a backlog cannot be read (the database is down), with the last value read', async () => {
    expect((await get(server, 'x', '/metrics')).body).toContain('mail_outbox_backlog 3');
    mailBacklog = async () => {
      throw new Error('connection refused');
    };
    const res = await get(server, 'x', '/metrics');
    mailBacklog = async () => 3;
    expect(res.status).toBe(200);
    expect(res.body).toContain('mail_outbox_backlog 3');
    expect(res.body).toContain('lead_outbox_backlog 7');
  });

  it('exposes request durations per tenant and route, and the outbox backlog, to the machine itself', async () => {
    await get(server, 'test-motors.example', '/');
    const res = await get(server, 'x', '/metrics');
    expect(res.status).toBe(200);
    expect(res.body).toMatch(/http_request_duration_seconds_count\{tenant="test-motors",route="page",method="GET",status="2xx"\} \d+/);
    expect(res.body).toContain('lead_outbox_backlog 7');
    expect(res.body).toContain('mail_outbox_backlog 3');
    // Through a load balancer (its address is private too) the public is refused.
    expect((await get(server, 'x', '/metrics', { 'x-forwarded-for': '203.0.113.9' })).status).toBe(403);
    // Probes and scrapes are not logged as requests.
    expect(requestLines().some((l) => l.route === '/metrics' || l.route === '/readyz')).toBe(false);
  });

  it('refuses a request that came through any proxy, whichever header names it, with the reason', async () => {
    for (const headers of [
      { forwarded: 'for=203.0.113.9;proto=https' },
      { 'x-real-ip': '203.0.113.9' },
      { 'x-forwarded-host': 'metrics.example' },
      { via: '1.1 edge-proxy' },
      { 'X-Forwarded-Proto': 'https' },
      { 'true-client-ip': '203.0.113.9' },
    ] as Record<string, string>[]) {
      const res = await get(server, 'x', '/metrics', headers);
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(JSON.parse(res.body)).toEqual({ error: METRICS_REFUSED });
      expect(res.body).not.toContain('http_request_duration_seconds');
    }
  });

  it('asks for the token when METRICS_TOKEN is set, also through a proxy', async () => {
    process.env.METRICS_TOKEN = 'scrape-secret';
    try {
      expect((await get(server, 'x', '/metrics')).status).toBe(403);
      expect((await get(server, 'x', '/metrics', { authorization: 'Bearer scrape-secre' })).status).toBe(403);
      expect((await get(server, 'x', '/metrics', { authorization: 'Bearer scrape-secret' })).status).toBe(200);
      expect((await get(server, 'x', '/metrics', { authorization: 'Bearer scrape-secret', forwarded: 'for=203.0.113.9' })).status).toBe(200);
      expect((await get(server, 'x', '/metrics', { 'x-real-ip': '127.0.0.1' })).status).toBe(403);
    } finally {
      delete process.env.METRICS_TOKEN;
    }
  });

  it("judges the caller by Express's req.ip (TRUST_PROXY), not by the socket or a header", () => {
    const request = (ip: string | undefined, headers: Record<string, string> = {}) => ({ headers, ip, socket: { remoteAddress: '127.0.0.1' } }) as never;
    expect(metricsAllowed(request('127.0.0.1'), '')).toBe(true);
    expect(metricsAllowed(request('10.1.2.3'), '')).toBe(true);
    expect(metricsAllowed(request('172.20.0.5'), '')).toBe(true);
    // a trusted proxy's client: req.ip is the public caller although the socket is loopback
    expect(metricsAllowed(request('203.0.113.9'), '')).toBe(false);
    expect(metricsAllowed(request('172.32.0.5'), '')).toBe(false);
    expect(metricsAllowed(request('127.0.0.1', { 'x-real-ip': '10.0.0.1' }), '')).toBe(false);
  });
});

describe('draining', () => {
  it('turns /readyz to 503 shutting down, while /healthz stays up', async () => {
    readiness.drain();
    const res = await get(server, 'x', '/readyz');
    expect(res.status).toBe(503);
    expect(JSON.parse(res.body).status).toBe('shutting down');
    expect((await get(server, 'x', '/healthz')).status).toBe(200);
  });

  it('closes the connection after each answer, so no idle keep-alive socket holds the shutdown open', async () => {
    readiness.drain();
    const res = await get(server, 'test-motors.example', '/', { connection: 'keep-alive' });
    expect(res.status).toBe(200);
    expect(res.headers.connection).toBe('close');
  });
});

describe('/readyz with an invalid tenant document', () => {
  const serve = async (docs: Parameters<typeof tempTenantsDir>[0]) => {
    const dir = tempTenantsDir(docs);
    const clientDir = mkdtempSync(join(tmpdir(), 'client-'));
    mkdirSync(join(clientDir, 'assets'));
    const registry = new TenantRegistry(dir, join(dir, 'templates'), undefined, () => undefined);
    registry.loadAll();
    const app = createApp({ registry, clientDir, assets, logger, metrics, readiness: new Readiness({ tenants: () => registry.readiness() }), log: () => {} });
    return listenOnLoopback(app);
  };
  const broken = () => minimalTenant('broken-motors', { domains: ['broken.example'], theme: 'red' });
  const close = (s: Server) => new Promise<void>((resolve) => s.close(() => resolve()));

  it('stays ready, counting servable and invalid sites; the invalid site alone answers a 503 page', async () => {
    const s = await serve({ 'test-motors': minimalTenant('test-motors', { domains: ['test-motors.example'] }), 'broken-motors': broken() });
    try {
      const res = await get(s, 'x', '/readyz');
      expect(res.status).toBe(200);
      expect(JSON.parse(res.body)).toEqual({ status: 'ready', checks: { tenants: 'ok' }, details: { tenants: { servable: 1, invalid: 1 } } });
      const page = await get(s, 'broken.example', '/');
      expect(page.status).toBe(503);
      expect(page.body).toContain('This site is being updated. Please try again shortly.');
      expect((await get(s, 'test-motors.example', '/')).status).toBe(200);
    } finally {
      await close(s);
    }
  });

  it('is not ready when no site at all can be served', async () => {
    const s = await serve({ 'broken-motors': broken() });
    try {
      const res = await get(s, 'x', '/readyz');
      expect(res.status).toBe(503);
      expect(JSON.parse(res.body).checks.tenants).toBe('no tenant document is valid (1 invalid: see the validation errors logged at start)');
    } finally {
      await close(s);
    }
  });
});
