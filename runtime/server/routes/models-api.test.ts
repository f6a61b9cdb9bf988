import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, send } from '../../../test-support/http-client';
import { startSitesServer, type SitesServer } from '../../../test-support/server';
import { parseModelsRequest } from './models-api';

let sites: SitesServer;

const post = (host: string, body: unknown) => send(sites.server, host, 'POST', '/api/models', body);

beforeAll(async () => {
  sites = await startSitesServer({ total: 1000 });
});

afterAll(() => sites.close());

describe('POST /api/models', () => {
  it("answers with the site's own models only, 21 per page, with facet counts", async () => {
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
    expect((await post('harbourside-mazda.localhost', { colour: 'red' })).json).toEqual({
      message: '"colour" is not a filter; use make, model, body or page',
      code: 'invalid_request',
    });
    expect((await post('harbourside-mazda.localhost', { page: 0 })).status).toBe(400);
    expect((await post('harbourside-mazda.localhost', [1])).status).toBe(400);
    expect(() => parseModelsRequest({ body: 3 })).toThrow('"body" must be text');
  });
});

describe('model media', () => {
  it('draws model images and make wordmarks, 404 for unknown ones', async () => {
    const image = await get(sites.server, 'harbourside-mazda.localhost', '/media/models/mazda-cx-5.svg?w=400');
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toContain('image/svg+xml');
    expect(image.body).toContain('width="400"');
    expect((await get(sites.server, 'harbourside-mazda.localhost', '/media/models/nope.svg')).status).toBe(404);
    expect((await get(sites.server, 'harbourside-mazda.localhost', '/media/makes/mazda.svg')).body).toContain('MAZDA');
    expect((await get(sites.server, 'harbourside-mazda.localhost', '/media/makes/..%2Fx.svg')).status).toBe(404);
  });
});
