import type { Server } from 'node:http';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDemoInventory } from '../../inventory/demo-inventory';
import { EmbeddedSearchEngine } from '../../search';
import { loadTenants } from '../../tenants/load';
import { repoRoot } from '../../tenants/test-helpers';
import { createApp } from '../app';
import { CarCatalogue } from '../car-catalogue';
import { get } from '../test-client';
import { TenantRegistry } from '../tenant-registry';
import { parseModelsRequest } from './models-api';

let server: Server;
const tenants = loadTenants(join(repoRoot, 'tenants')).flatMap((t) => (t.ok ? [t.doc] : []));

function post(host: string, body: unknown): Promise<{ status: number; json: any }> {
  const { port } = server.address() as AddressInfo;
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/api/models', method: 'POST', headers: { host, 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) } }, (res) => {
      let data = '';
      res.on('data', (c) => (data += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, json: data ? JSON.parse(data) : null }));
    });
    req.on('error', reject);
    req.end(text);
  });
}

beforeAll(async () => {
  const catalogue = await CarCatalogue.create(new EmbeddedSearchEngine(), buildDemoInventory(tenants, { total: 1000 }));
  const registry = new TenantRegistry(join(repoRoot, 'tenants'), join(repoRoot, 'tenants/templates'), undefined, () => {});
  registry.loadAll();
  const app = createApp({ registry, clientDir: repoRoot, assets: { forBlocks: () => ({ script: '/x.js', styles: [], modulePreloads: [] }) }, services: { catalogue }, log: () => {} });
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('POST /api/models', () => {
  it('answers with the site\'s own models only, 21 per page, with facet counts', async () => {
    const { status, json } = await post('southern-cross-motor-group.localhost', {});
    expect(status).toBe(200);
    expect(json.hitsPerPage).toBe(21);
    expect(json.hits).toHaveLength(21);
    expect(json.totalPages).toBe(Math.ceil(json.totalHits / 21));
    expect(json.facets.make.map((f: { label: string }) => f.label)).toEqual(['Ford', 'Hyundai', 'Isuzu', 'Kia', 'Toyota']);
    const mazda = await post('harbourside-mazda.localhost', { make: 'toyota' });
    expect(mazda.json.totalHits).toBe(0);
  });

  it('filters by manufacturer name, model name and body', async () => {
    const { json } = await post('southern-cross-motor-group.localhost', { make: 'Toyota', body: 'ute' });
    expect(json.hits.map((m: { name: string }) => m.name)).toEqual(['HiLux']);
    const byName = await post('harbourside-mazda.localhost', { model: 'cx 5' });
    expect(byName.json.hits.map((m: { name: string }) => m.name)).toEqual(['CX-5']);
  });

  it('refuses bodies that are not filters, with the reason', async () => {
    expect((await post('harbourside-mazda.localhost', { colour: 'red' })).json).toEqual({ message: '"colour" is not a filter; use make, model, body or page', code: 'invalid_request' });
    expect((await post('harbourside-mazda.localhost', { page: 0 })).status).toBe(400);
    expect((await post('harbourside-mazda.localhost', [1])).status).toBe(400);
    expect(() => parseModelsRequest({ body: 3 })).toThrow('"body" must be text');
  });
});

describe('model media', () => {
  it('draws model images and make wordmarks, 404 for unknown ones', async () => {
    const image = await get(server, 'harbourside-mazda.localhost', '/media/models/mazda-cx-5.svg?w=400');
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toContain('image/svg+xml');
    expect(image.body).toContain('width="400"');
    expect((await get(server, 'harbourside-mazda.localhost', '/media/models/nope.svg')).status).toBe(404);
    expect((await get(server, 'harbourside-mazda.localhost', '/media/makes/mazda.svg')).body).toContain('MAZDA');
    expect((await get(server, 'harbourside-mazda.localhost', '/media/makes/..%2Fx.svg')).status).toBe(404);
  });
});
