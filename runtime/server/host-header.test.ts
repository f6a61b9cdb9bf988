import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { minimalTenant } from '../../test-support/tenants';
import { startAppWithTenants, type AppWithTenants } from '../../test-support/server';
import { DUPLICATE_HOST, hostHeaderCount } from './host-header';
import { rawRequest } from '../../test-support/raw-http';

let app: AppWithTenants;

beforeAll(async () => {
  app = await startAppWithTenants({ 'test-motors': minimalTenant('test-motors', { domains: ['test-motors.example'] }) }, { defaultSlug: 'test-motors' });
});
afterAll(() => app.close());

const request = (path: string, hosts: string[], extra = '') =>
  rawRequest(app.port, `GET ${path} HTTP/1.1\r\n${hosts.map((h) => `Host: ${h}\r\n`).join('')}${extra}Connection: close\r\n\r\n`);

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
