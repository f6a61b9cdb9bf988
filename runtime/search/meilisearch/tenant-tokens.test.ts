// Tenant tokens for browsers that search Meilisearch directly: issued by GET /api/search/token with the site's scope
// as search rules, honoured by the Meilisearch stub as Meilisearch does (signature, issuer key uid, expiry, rules
// ANDed to the query's filter), so a browser holding one site's token can never see another site's cars.
import type { Server } from 'node:http';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TenantDocument } from '../../../schemas/generated/tenant';
import { generateInventory } from '../../inventory/generate';
import { SAMPLE_DEALERSHIPS } from '../../../test-support/inventory';
import { CarCatalogue, scopeOf } from '../../inventory/car-catalogue';
import { searchApi } from '../../server/routes/search-api';
import { tenantScopeFilter } from '../tenant-scope';
import { MeilisearchEngine } from './meilisearch-engine';
import { directSearchConfig, issueTenantToken, siteSearchesDirectly, type DirectSearchConfig } from './tenant-tokens';
import { startMeilisearchStub, type MeilisearchStub } from '../../../test-support/meilisearch-stub';

const MASTER = 'tokens-master-key-0123456789';
const SEARCH_KEY = 'tokens-search-key-0123456789';
const SEARCH_KEY_UID = '6062abda-a5aa-4414-ac91-ecd7944c0f8d';
const cars = generateInventory({ count: 300, seed: 21, dealerships: SAMPLE_DEALERSHIPS, now: Date.now() });
const siteA = { slug: 'site-a', dealerships: [{ id: SAMPLE_DEALERSHIPS[0].id }], settings: { search: { directSearch: true } } } as unknown as TenantDocument;
const siteB = { slug: 'site-b', dealerships: [{ id: SAMPLE_DEALERSHIPS[1].id }], settings: { search: { directSearch: true } } } as unknown as TenantDocument;
// A site that left hosted search off (the default).
const siteC = { slug: 'site-c', dealerships: [{ id: SAMPLE_DEALERSHIPS[1].id }], settings: { search: {} } } as unknown as TenantDocument;

let stub: MeilisearchStub;
let catalogue: CarCatalogue;
let config: DirectSearchConfig;
let app: Server;

async function directSearch(token: string, query: Record<string, unknown>) {
  const res = await fetch(`${stub.url}/multi-search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ queries: [{ indexUid: catalogue.indexUid, limit: 500, ...query }] }),
  });
  return { status: res.status, body: (await res.json()) as { results?: { hits: { dealership_id: number }[] }[]; code?: string } };
}

beforeAll(async () => {
  stub = await startMeilisearchStub({ masterKey: MASTER, searchKey: SEARCH_KEY, searchKeyUid: SEARCH_KEY_UID });
  catalogue = await CarCatalogue.create(new MeilisearchEngine(stub.url, MASTER), cars);
  config = { publicHost: stub.url, searchKey: SEARCH_KEY, searchKeyUid: SEARCH_KEY_UID, ttlSeconds: 600 };
  const server = express();
  server.use((req, _res, next) => {
    req.tenant = req.headers['x-site'] === 'b' ? siteB : req.headers['x-site'] === 'c' ? siteC : siteA;
    next();
  });
  server.use(searchApi(() => catalogue, { direct: config }));
  server.use(
    '/off',
    searchApi(() => catalogue, { direct: null }),
  );
  app = await new Promise<Server>((resolve) => {
    const s = server.listen(0, '127.0.0.1', () => resolve(s));
  });
}, 30_000);
afterAll(async () => {
  await stub.close();
  await new Promise((r) => app.close(r));
});

const base = () => `http://127.0.0.1:${(app.address() as { port: number }).port}`;

describe('GET /api/search/token', () => {
  it("answers the public host, the index and a token whose search rules are the site's scope", async () => {
    const res = await fetch(`${base()}/api/search/token`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const answer = (await res.json()) as { host: string; indexUid: string; token: string; expires_at: number };
    expect(answer).toMatchObject({ host: stub.url, indexUid: catalogue.indexUid });
    const [, payload = ''] = answer.token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    expect(claims.apiKeyUid).toBe(SEARCH_KEY_UID);
    expect(claims.exp).toBe(answer.expires_at);
    expect(claims.searchRules).toEqual({ [catalogue.indexUid]: { filter: tenantScopeFilter(scopeOf(siteA), answer.expires_at - 600) } });
    // The search key itself is never sent.
    expect(JSON.stringify(answer)).not.toContain(SEARCH_KEY);
  });

  it('answers 404 when the server has no public search host', async () => {
    const res = await fetch(`${base()}/off/api/search/token`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'direct_search_off' });
  });

  it('answers 404 to a site that has not turned hosted search on, and issues it no token', async () => {
    const res = await fetch(`${base()}/api/search/token`, { headers: { 'x-site': 'c' } });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      message: 'Direct search is not turned on for this site; search through POST /api/search.',
      code: 'direct_search_off',
    });
  });

  it('is on for a site only with its own setting and the server configured', () => {
    expect(siteSearchesDirectly(siteA.settings, config)).toBe(true);
    expect(siteSearchesDirectly(siteC.settings, config)).toBe(false);
    expect(siteSearchesDirectly(siteA.settings, null)).toBe(false);
  });

  it('is configured only with Meilisearch as the engine and all three settings', () => {
    const env = {
      MEILISEARCH_HOST: 'http://meili:7700',
      MEILISEARCH_PUBLIC_HOST: 'https://search.example.com/',
      MEILISEARCH_SEARCH_KEY: 'k',
      MEILISEARCH_SEARCH_KEY_UID: 'u',
    };
    expect(directSearchConfig(env)).toEqual({ publicHost: 'https://search.example.com', searchKey: 'k', searchKeyUid: 'u', ttlSeconds: 600 });
    expect(directSearchConfig({ ...env, MEILISEARCH_HOST: '' })).toBeNull();
    expect(directSearchConfig({ ...env, MEILISEARCH_SEARCH_KEY_UID: undefined })).toBeNull();
  });
});

describe('searching Meilisearch directly with a tenant token', () => {
  it("finds only the site's own cars, whatever filter the browser sends", async () => {
    const { token } = await issueTenantToken(config, catalogue.indexUid, scopeOf(siteA));
    const own = await directSearch(token, {});
    expect(own.status).toBe(200);
    const hits = own.body.results?.[0]?.hits ?? [];
    expect(hits.length).toBeGreaterThan(0);
    expect(new Set(hits.map((h) => h.dealership_id))).toEqual(new Set([SAMPLE_DEALERSHIPS[0].id]));
    for (const filter of [
      `dealership_id = ${SAMPLE_DEALERSHIPS[1].id}`,
      `dealership_id = ${SAMPLE_DEALERSHIPS[0].id} OR dealership_id = ${SAMPLE_DEALERSHIPS[1].id}`,
    ]) {
      const other = await directSearch(token, { filter });
      expect(other.status).toBe(200);
      expect(other.body.results?.[0]?.hits.every((h) => h.dealership_id === SAMPLE_DEALERSHIPS[0].id)).toBe(true);
    }
  });

  it('refuses an expired token, a token signed with another key, and an index the token does not name', async () => {
    const expired = await issueTenantToken({ ...config, ttlSeconds: -10 }, catalogue.indexUid, scopeOf(siteA));
    expect((await directSearch(expired.token, {})).status).toBe(403);
    const forged = await issueTenantToken({ ...config, searchKey: 'another-key-0123456789abcdef' }, catalogue.indexUid, scopeOf(siteA));
    expect((await directSearch(forged.token, {})).body).toMatchObject({ code: 'invalid_api_key' });
    const { token } = await issueTenantToken(config, catalogue.indexUid, scopeOf(siteA));
    const res = await fetch(`${stub.url}/multi-search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ queries: [{ indexUid: 'another_index' }] }),
    });
    expect(res.status).toBe(403);
  });
});
