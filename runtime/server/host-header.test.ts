import type { Server } from 'node:http';
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { minimalTenant, tempTenantsDir } from '../../test-support/tenants';
import { createApp } from './app';
import { DUPLICATE_HOST, hostHeaderCount } from './host-header';
import { rawRequest } from '../../test-support/raw-http';
import { TenantRegistry } from './tenant-registry';

let server: Server;
let port: number;

beforeAll(async () => {
  const dir = tempTenantsDir({ 'test-motors': minimalTenant('test-motors', { domains: ['test-motors.example'] }) });
  const registry = new TenantRegistry(dir, join(dir, 'templates'), 'test-motors', () => {});
  registry.loadAll();
  const app = createApp({
    registry,
    clientDir: mkdtempSync(join(tmpdir(), 'client-')),
    assets: { forBlocks: () => ({ script: '/x.js', styles: [], modulePreloads: [] }) },
    log: () => {},
  });
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const request = (path: string, hosts: string[], extra = '') =>
  rawRequest(port, `GET ${path} HTTP/1.1\r\n${hosts.map((h) => `Host: ${h}\r\n`).join('')}${extra}Connection: close\r\n\r\n`);

describe('one Host header per request', () => {
  it('counts Host headers in any case among the raw headers', () => {
    expect(hostHeaderCount(['Host', 'a.example', 'Accept', '*/*'])).toBe(1);
    expect(hostHeaderCount(['Host', 'a.example', 'hOST', 'b.example', 'X-Host', 'c'])).toBe(2);
    expect(hostHeaderCount([])).toBe(0);
  });

  it('answers a page request with two Host headers 400 with the reason, naming no site', async () => {
    const answer = await request('/', ['test-motors.example', 'unknown.example']);
    expect(answer.status).toBe(400);
    expect(answer.body).toBe(DUPLICATE_HOST);
    expect(answer.headers['content-type']).toMatch(/^text\/plain/);
    expect(answer.body).not.toContain('Test Motors');
  });

  it('answers an API request with two Host headers 400 in JSON, whichever order the hosts come in', async () => {
    for (const hosts of [
      ['test-motors.example', 'test-motors.example'],
      ['unknown.example', 'test-motors.example'],
    ]) {
      const answer = await request('/api/search', hosts);
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body)).toEqual({ error: DUPLICATE_HOST, code: 'duplicate_host' });
    }
  });

  it('serves a request with one Host header as before', async () => {
    const answer = await request('/', ['test-motors.example']);
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('Welcome to Test Motors');
  });
});
