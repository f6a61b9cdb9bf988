// The stub against Meilisearch's documented REST shapes, with plain fetch (no client), so the adapter tests that use
// it rest on the protocol as documented rather than on whatever the client happens to send.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMeilisearchStub, type MeilisearchStub } from './meilisearch-stub.js';

const KEY = 'master-key-for-tests-0123456789';
const SEARCH_KEY = 'search-only-key-0123456789';

describe('Meilisearch HTTP stub speaks the documented API', () => {
  let stub: MeilisearchStub;
  const call = async (method: string, path: string, body?: unknown, key: string | null = KEY) => {
    const headers: Record<string, string> = {};
    if (key !== null) headers.authorization = `Bearer ${key}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${stub.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  /** Polls GET /tasks/{uid} as a client does, and returns every state it saw. */
  const waitTask = async (taskUid: number) => {
    const seen: Record<string, unknown>[] = [];
    for (;;) {
      const { body } = await call('GET', `/tasks/${taskUid}`);
      seen.push(body);
      if (body.status !== 'enqueued' && body.status !== 'processing') return seen;
    }
  };

  beforeAll(async () => {
    stub = await startMeilisearchStub({ masterKey: KEY, searchKey: SEARCH_KEY, pollsBeforeDone: 2, autoProcessMs: 60_000 });
  });
  afterAll(async () => {
    await stub.close();
  });

  it('POST /indexes answers 202 with a summarized task; GET /tasks/{uid} goes enqueued -> succeeded', async () => {
    const created = await call('POST', '/indexes', { uid: 'movies', primaryKey: 'id' });
    expect(created.status).toBe(202);
    expect(created.body).toEqual({
      taskUid: expect.any(Number),
      indexUid: 'movies',
      status: 'enqueued',
      type: 'indexCreation',
      enqueuedAt: expect.any(String),
    });
    const states = await waitTask(created.body.taskUid as number);
    expect(states.map((t) => t.status)).toEqual(['processing', 'succeeded']);
    expect(states.at(-1)).toMatchObject({ uid: created.body.taskUid, indexUid: 'movies', type: 'indexCreation', error: null, details: { primaryKey: 'id' } });
    expect((await call('GET', '/indexes/movies')).body).toMatchObject({ uid: 'movies', primaryKey: 'id' });
  });

  it('writes are applied only when their task is processed', async () => {
    const added = await call('POST', '/indexes/movies/documents?primaryKey=id', [
      { id: 1, title: 'Mad Max' },
      { id: 2, title: 'Babe' },
    ]);
    expect(added).toMatchObject({ status: 202, body: { type: 'documentAdditionOrUpdate', status: 'enqueued' } });
    expect((await call('POST', '/indexes/movies/search', { q: '' })).body).toMatchObject({ hits: [], estimatedTotalHits: 0 });
    const states = await waitTask(added.body.taskUid as number);
    expect(states.at(-1)).toMatchObject({ status: 'succeeded', details: { receivedDocuments: 2, indexedDocuments: 2 } });
    expect((await call('POST', '/indexes/movies/search', { q: 'max' })).body).toMatchObject({ hits: [{ id: 1, title: 'Mad Max' }], query: 'max' });
  });

  it('PATCH settings then search uses them; unknown settings are a 400 bad_request', async () => {
    const patched = await call('PATCH', '/indexes/movies/settings', {
      filterableAttributes: ['title'],
      sortableAttributes: ['id'],
      pagination: { maxTotalHits: 5 },
    });
    expect(patched).toMatchObject({ status: 202, body: { type: 'settingsUpdate' } });
    await waitTask(patched.body.taskUid as number);
    const settings = (await call('GET', '/indexes/movies/settings')).body;
    expect(settings).toMatchObject({
      filterableAttributes: ['title'],
      sortableAttributes: ['id'],
      pagination: { maxTotalHits: 5 },
      faceting: { maxValuesPerFacet: 100 },
    });
    const found = await call('POST', '/indexes/movies/search', { filter: 'title = Babe', sort: ['id:desc'] });
    expect(found.body.hits).toEqual([{ id: 2, title: 'Babe' }]);

    const bad = await call('PATCH', '/indexes/movies/settings', { filterable: ['title'] });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'bad_request', type: 'invalid_request', link: 'https://docs.meilisearch.com/errors#bad_request' });
    expect(bad.body.message).toMatch(/^Unknown field `filterable`: expected one of `displayedAttributes`, `searchableAttributes`/);
  });

  it('creating an existing index: 202, then the task fails with index_already_exists', async () => {
    const again = await call('POST', '/indexes', { uid: 'movies' });
    expect(again.status).toBe(202);
    const last = (await waitTask(again.body.taskUid as number)).at(-1)!;
    expect(last).toMatchObject({
      status: 'failed',
      error: {
        message: 'Index `movies` already exists.',
        code: 'index_already_exists',
        type: 'invalid_request',
        link: 'https://docs.meilisearch.com/errors#index_already_exists',
      },
    });
  });

  it('an unknown index is a 404 index_not_found; an unknown task is a 404 task_not_found', async () => {
    expect(await call('GET', '/indexes/nope')).toEqual({
      status: 404,
      body: {
        message: 'Index `nope` not found.',
        code: 'index_not_found',
        type: 'invalid_request',
        link: 'https://docs.meilisearch.com/errors#index_not_found',
      },
    });
    expect(await call('POST', '/indexes/nope/search', {})).toMatchObject({ status: 404, body: { code: 'index_not_found' } });
    expect(await call('GET', '/tasks/99999')).toMatchObject({ status: 404, body: { code: 'task_not_found', message: 'Task `99999` not found.' } });
    const deleted = await call('DELETE', '/indexes/nope');
    expect(deleted.status).toBe(202);
    expect((await waitTask(deleted.body.taskUid as number)).at(-1)).toMatchObject({ status: 'failed', error: { code: 'index_not_found' } });
  });

  it('search errors keep Meilisearch codes; unknown search fields are a 400 bad_request', async () => {
    expect(await call('POST', '/indexes/movies/search', { filter: 'year = 1' })).toMatchObject({
      status: 400,
      body: { code: 'invalid_search_filter', type: 'invalid_request' },
    });
    expect(await call('POST', '/indexes/movies/search', { limit: 'ten' })).toMatchObject({ status: 400, body: { code: 'invalid_search_limit' } });
    const unknown = await call('POST', '/indexes/movies/search', { query: 'max' });
    expect(unknown).toMatchObject({ status: 400, body: { code: 'bad_request' } });
    expect(unknown.body.message).toMatch(/^Unknown field `query`: expected one of `q`/);
  });

  it('multi-search answers each query with its indexUid and names a failing query', async () => {
    const ok = await call('POST', '/multi-search', {
      queries: [
        { indexUid: 'movies', q: 'babe' },
        { indexUid: 'movies', limit: 1 },
      ],
    });
    expect(ok.status).toBe(200);
    expect(ok.body.results).toMatchObject([
      { indexUid: 'movies', hits: [{ id: 2 }] },
      { indexUid: 'movies', hits: [{ id: 1 }], limit: 1 },
    ]);
    const bad = await call('POST', '/multi-search', { queries: [{ indexUid: 'movies' }, { indexUid: 'movies', sort: ['title:asc'] }] });
    expect(bad).toMatchObject({ status: 400, body: { code: 'invalid_search_sort' } });
    expect(bad.body.message).toMatch(/^Inside `\.queries\[1\]`: Attribute `title` is not sortable\./);
  });

  it('keys: none is 401 missing_authorization_header, a wrong one 403 invalid_api_key, a search key only searches', async () => {
    expect(await call('GET', '/indexes/movies', undefined, null)).toEqual({
      status: 401,
      body: {
        message: 'The Authorization header is missing. It must use the bearer authorization method.',
        code: 'missing_authorization_header',
        type: 'auth',
        link: 'https://docs.meilisearch.com/errors#missing_authorization_header',
      },
    });
    expect(await call('GET', '/indexes/movies', undefined, 'wrong')).toEqual({
      status: 403,
      body: { message: 'The provided API key is invalid.', code: 'invalid_api_key', type: 'auth', link: 'https://docs.meilisearch.com/errors#invalid_api_key' },
    });
    expect((await call('POST', '/indexes/movies/search', { q: 'babe' }, SEARCH_KEY)).status).toBe(200);
    expect(await call('POST', '/indexes/movies/documents', [{ id: 3 }], SEARCH_KEY)).toMatchObject({ status: 403, body: { code: 'invalid_api_key' } });
    expect((await call('GET', '/health', undefined, null)).status).toBe(200);
  });

  it('a document without the primary key fails its task with missing_document_id and adds nothing', async () => {
    const added = await call('POST', '/indexes/movies/documents', [{ id: 3, title: 'Up' }, { title: 'No id' }]);
    const last = (await waitTask(added.body.taskUid as number)).at(-1)!;
    expect(last).toMatchObject({
      status: 'failed',
      error: { code: 'missing_document_id', message: 'Document doesn\'t have a `id` attribute: `{"title":"No id"}`.' },
    });
    expect((await call('POST', '/indexes/movies/search', { filter: 'title = Up' })).body.hits).toEqual([]);
  });

  it('a body without Content-Type is a 415', async () => {
    const res = await fetch(`${stub.url}/indexes/movies/search`, { method: 'POST', headers: { authorization: `Bearer ${KEY}` }, body: '{}' });
    // fetch labels a string body text/plain: Meilisearch refuses anything but JSON here.
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({ code: 'invalid_content_type' });
  });
});
