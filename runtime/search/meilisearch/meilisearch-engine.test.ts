import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSearchEngine } from '../index.js';
import { EmbeddedSearchEngine } from '../embedded/embedded-engine.js';
import { FIXTURE_CARS, FIXTURE_SETTINGS } from '../../../test-support/search-conformance-fixture.js';
import { MeilisearchEngine } from './meilisearch-engine.js';
import { startMeilisearchStub, type MeilisearchStub } from '../../../test-support/meilisearch-stub.js';

describe('createSearchEngine', () => {
  it('runs embedded when MEILISEARCH_HOST is not set (npm start needs no other service)', () => {
    expect(createSearchEngine({})).toBeInstanceOf(EmbeddedSearchEngine);
    expect(createSearchEngine({ MEILISEARCH_HOST: '  ' })).toBeInstanceOf(EmbeddedSearchEngine);
  });

  it('uses Meilisearch when MEILISEARCH_HOST is set', () => {
    expect(createSearchEngine({ MEILISEARCH_HOST: 'http://127.0.0.1:4199', MEILISEARCH_KEY: 'k' })).toBeInstanceOf(MeilisearchEngine);
  });

  it('gives up a search after MEILISEARCH_SEARCH_TIMEOUT_MS when the engine accepts but never answers', async () => {
    const silent = createServer(() => {});
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const engine = createSearchEngine({ MEILISEARCH_HOST: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`, MEILISEARCH_SEARCH_TIMEOUT_MS: '100' });
    try {
      await expect(engine.search('cars', {})).rejects.toMatchObject({ code: 'search_engine_unavailable', httpStatus: 503 });
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
  }, 3000);
});

const KEY = 'adapter-master-key-0123456789';
const SEARCH_KEY = 'adapter-search-key-0123456789';

describe('MeilisearchEngine over HTTP (stub of the Meilisearch API)', () => {
  let stub: MeilisearchStub;
  beforeAll(async () => {
    // Each task is seen unfinished by two polls first: a write that did not wait would search an empty index.
    stub = await startMeilisearchStub({ masterKey: KEY, searchKey: SEARCH_KEY, pollsBeforeDone: 3, autoProcessMs: 60_000 });
  });
  afterAll(async () => {
    await stub.close();
  });

  it('sends the key as a Bearer token on every request and waits for each task before going on', async () => {
    const engine = new MeilisearchEngine(stub.url, KEY);
    const from = stub.requests.length;
    await engine.createIndex('waits', FIXTURE_SETTINGS);
    await engine.addDocuments('waits', FIXTURE_CARS);
    const r = await engine.search('waits', { filter: 'make = Toyota', hitsPerPage: 2 });
    expect(r).toMatchObject({ totalHits: 5, totalPages: 3 });

    const sent = stub.requests.slice(from);
    expect(sent.every((q) => q.authorization === `Bearer ${KEY}`)).toBe(true);
    const writes = sent.filter((q) => q.method !== 'GET' && !q.path.endsWith('/search')).map((q) => `${q.method} ${q.path}`);
    expect(writes).toEqual(['POST /indexes', 'PATCH /indexes/waits/settings', 'POST /indexes/waits/documents']);
    // Three polls per task (enqueued -> processing -> succeeded), every write finished before the next request.
    expect(sent.filter((q) => q.path.startsWith('/tasks/')).length).toBe(9);
    expect(sent.find((q) => q.method === 'POST' && q.path === '/indexes')?.body).toEqual({ uid: 'waits', primaryKey: 'id' });
    expect(sent.find((q) => q.path === '/indexes/waits/documents')?.query).toEqual({ primaryKey: 'id' });
    expect(sent.find((q) => q.method === 'PATCH')?.body).toEqual(FIXTURE_SETTINGS);
  });

  it('deletes documents by id with documents/delete-batch and waits for the task (stock feeds remove cars this way)', async () => {
    const engine = new MeilisearchEngine(stub.url, KEY);
    await engine.createIndex('deletes', FIXTURE_SETTINGS);
    await engine.addDocuments('deletes', FIXTURE_CARS);
    const before = await engine.search('deletes', { hitsPerPage: 1 });
    const from = stub.requests.length;
    const ids = FIXTURE_CARS.slice(0, 2).map((c) => c.id as number);
    await engine.deleteDocuments('deletes', ids);
    const sent = stub.requests.slice(from);
    expect(sent[0]).toMatchObject({ method: 'POST', path: '/indexes/deletes/documents/delete-batch', body: ids.map(String) });
    expect(sent.slice(1).every((q) => q.path.startsWith('/tasks/'))).toBe(true);
    expect((await engine.search('deletes', { hitsPerPage: 1 })) as { totalHits: number }).toMatchObject({
      totalHits: (before as { totalHits: number }).totalHits - 2,
    });
  });

  it('sends only Meilisearch search parameters, with q always present', async () => {
    const engine = new MeilisearchEngine(stub.url, KEY);
    const from = stub.requests.length;
    await engine.search('waits', { filter: 'make = Mazda', facets: ['make'], sort: ['price:asc'], limit: 1, attributesToRetrieve: ['id'] });
    await engine.multiSearch({ queries: [{ indexUid: 'waits', q: 'ranger', page: 1, hitsPerPage: 1 }] });
    expect(stub.requests.slice(from).map((q) => q.body)).toEqual([
      { q: '', filter: 'make = Mazda', facets: ['make'], sort: ['price:asc'], limit: 1, attributesToRetrieve: ['id'] },
      { queries: [{ q: 'ranger', page: 1, hitsPerPage: 1, indexUid: 'waits' }] },
    ]);
  });

  it('a search-only key searches but cannot write', async () => {
    const engine = new MeilisearchEngine(stub.url, SEARCH_KEY);
    expect((await engine.search('waits', { q: 'hilux' })).hits.map((h) => h.id)).toEqual([1, 2]);
    await expect(engine.addDocuments('waits', FIXTURE_CARS.slice(0, 1))).rejects.toMatchObject({
      code: 'search_engine_unavailable',
      httpStatus: 503,
      message: `Meilisearch at ${stub.url} refused the API key (invalid_api_key): The provided API key is invalid. Check MEILISEARCH_KEY.`,
    });
  });

  it('a wrong key and a missing key are 503s that say the key was refused (never a shopper-facing 4xx)', async () => {
    await expect(new MeilisearchEngine(stub.url, 'wrong-key').search('waits', {})).rejects.toMatchObject({
      code: 'search_engine_unavailable',
      httpStatus: 503,
      message: `Meilisearch at ${stub.url} refused the API key (invalid_api_key): The provided API key is invalid. Check MEILISEARCH_KEY.`,
    });
    await expect(new MeilisearchEngine(stub.url).search('waits', {})).rejects.toMatchObject({
      code: 'search_engine_unavailable',
      httpStatus: 503,
      message: `Meilisearch at ${stub.url} refused the API key (missing_authorization_header): The Authorization header is missing. It must use the bearer authorization method. Check MEILISEARCH_KEY.`,
    });
  });

  it('a failed document task is an error with its Meilisearch code, and nothing of the batch is added', async () => {
    const engine = new MeilisearchEngine(stub.url, KEY);
    await expect(engine.addDocuments('waits', [{ ...FIXTURE_CARS[0], id: 99 }, { make: 'Kia' }])).rejects.toMatchObject({
      code: 'missing_document_id',
      httpStatus: 400,
      message: 'Document doesn\'t have a `id` attribute: `{"make":"Kia"}`.',
    });
    expect((await engine.search('waits', { filter: 'id = 99' })).hits).toEqual([]);
  });

  it("a bad search parameter is a 400 with Meilisearch's message", async () => {
    const engine = new MeilisearchEngine(stub.url, KEY);
    await expect(engine.search('waits', { limit: -1 })).rejects.toMatchObject({ code: 'invalid_search_params', httpStatus: 400 });
  });
});

describe('MeilisearchEngine when the server is down, slow or failing', () => {
  let server: Server | undefined;
  afterEach(async () => {
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server = undefined;
  });
  const listen = async (handler: Parameters<typeof createServer>[1]) => {
    server = createServer(handler);
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };

  it('reports an unreachable server as a 503 SearchError that names the host, not a crash', async () => {
    // Port 4198 in the range reserved for tests; nothing listens there.
    const engine = new MeilisearchEngine('http://127.0.0.1:4198');
    await expect(engine.search('cars', {})).rejects.toMatchObject({
      code: 'search_engine_unavailable',
      httpStatus: 503,
      message: 'Search engine unavailable: cannot reach Meilisearch at http://127.0.0.1:4198 (connect ECONNREFUSED 127.0.0.1:4198)',
    });
  });

  it('gives up on a search the server never answers', async () => {
    const host = await listen(() => {
      /* never answers */
    });
    const engine = new MeilisearchEngine(host, KEY, { searchTimeoutMs: 200 });
    await expect(engine.search('cars', {})).rejects.toMatchObject({ code: 'search_engine_unavailable', httpStatus: 503 });
    await expect(engine.multiSearch({ queries: [{ indexUid: 'cars' }] })).rejects.toMatchObject({ code: 'search_engine_unavailable', httpStatus: 503 });
  });

  it('a 5xx from Meilisearch is a 503, never passed on as a 500', async () => {
    const host = await listen((_req, res) => {
      res.writeHead(503, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          message: 'Too many search requests running at the same time: 10. Retry after 10s.',
          code: 'too_many_search_requests',
          type: 'system',
          link: 'https://docs.meilisearch.com/errors#too_many_search_requests',
        }),
      );
    });
    await expect(new MeilisearchEngine(host, KEY).search('cars', {})).rejects.toMatchObject({
      code: 'search_engine_unavailable',
      httpStatus: 503,
      message: `Search engine unavailable: Meilisearch at ${host} answered 503: Too many search requests running at the same time: 10. Retry after 10s.`,
    });
  });
});
