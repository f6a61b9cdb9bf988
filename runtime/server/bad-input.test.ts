// Bad input is a 4xx with a reason, never a 500 (issue 9): the final error handler keeps a client error's status,
// search parameters of the wrong type get Meilisearch's invalid_search_* errors, deep bodies are refused before any
// walk, malformed editor cookies are ignored, and a path can never move a page's links or JSON-LD to another host.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signIn, staffEmail, startTestApp, type TestApp } from '../../test-support/editor';
import { get, send } from '../../test-support/http-client';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 }); // whole-app requests with large bodies, on a busy machine

let app: TestApp;
const site = 'big-sky-cars';
const host = `${site}.localhost`;
const deep = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);

beforeAll(async () => {
  app = await startTestApp({ total: 600 });
});
afterAll(() => app.close());

describe('the final error handler', () => {
  it('answers malformed and oversized JSON with 400 and 413 JSON', async () => {
    const malformed = await send(app.server, host, 'POST', '/api/search', '{"queries": [');
    expect(malformed.status).toBe(400);
    expect(malformed.json).toEqual({ error: 'The request body is not valid JSON.', code: 'malformed_json' });
    const big = await send(app.server, host, 'POST', '/api/search', JSON.stringify({ queries: [{ q: 'x'.repeat(100_000) }] }));
    expect(big.status).toBe(413);
    expect(big.json).toEqual({ error: 'The request body is too large.', code: 'payload_too_large' });
    const editorJson = await send(app.server, 'localhost', 'POST', '/editor/api/login', '{"email":');
    expect(editorJson.status).toBe(400);
    expect(editorJson.json.code).toBe('malformed_json');
  });

  it('answers a malformed %-encoding with 400 on pages, /__data, the editor and APIs', async () => {
    for (const [h, path] of [
      [host, '/cars/%E0%A4%A'],
      [host, '/%'],
      ['localhost', '/editor/%'],
      ['localhost', '/editor/api/tenants/%E0'],
      [host, '/api/cars/%/view.json'],
    ] as const) {
      const r = await get(app.server, h, path);
      expect(r.status, `${h}${path}`).toBe(400);
      expect(r.body).toContain('The address is not valid: it has a malformed %-encoding.');
    }
    // a bad encoding inside /__data's path parameter is a page that does not exist
    expect((await get(app.server, host, '/__data?path=/cars/%ZZ')).status).toBe(404);
  });

  it('answers a missing /assets/* file with 404 on every host, the editor included', async () => {
    for (const [h, path] of [
      [host, '/assets/missing.js'],
      ['unknown.example', '/assets/missing.js'],
      ['localhost', '/editor/assets/missing.js'],
      ['localhost', '/editor/missing.css'],
    ] as const) {
      const r = await get(app.server, h, path);
      expect(r.status, `${h}${path}`).toBe(404);
      expect(r.body).not.toContain('<div id="editor-root"');
    }
  });
});

describe('search parameters of the wrong type', () => {
  const cases: [Record<string, unknown>, string, string][] = [
    [{ facets: 'make' }, 'invalid_search_facets', 'Invalid value type at `.queries[0].facets`: expected an array, but found a string: `"make"`'],
    [{ sort: 'price:asc' }, 'invalid_search_sort', 'Invalid value type at `.queries[0].sort`: expected an array, but found a string: `"price:asc"`'],
    [
      { attributesToRetrieve: 'id' },
      'invalid_search_attributes_to_retrieve',
      'Invalid value type at `.queries[0].attributesToRetrieve`: expected an array, but found a string: `"id"`',
    ],
    [
      { attributesToHighlight: { a: 1 } },
      'invalid_search_attributes_to_highlight',
      'Invalid value type at `.queries[0].attributesToHighlight`: expected an array, but found an object: `{"a":1}`',
    ],
    [{ q: ['x'] }, 'invalid_search_q', 'Invalid value type at `.queries[0].q`: expected a string, but found an array: `["x"]`'],
    [{ page: 'two' }, 'invalid_search_page', 'Invalid value type at `.queries[0].page`: expected a positive integer, but found a string: `"two"`'],
    [{ offset: -1 }, 'invalid_search_offset', 'Invalid value type at `.queries[0].offset`: expected a positive integer, but found a negative integer: `-1`'],
    [{ facets: [1] }, 'invalid_search_facets', 'Invalid value type at `.queries[0].facets[0]`: expected a string, but found a positive integer: `1`'],
    [{ filter: true }, 'invalid_search_filter', 'Invalid syntax for the filter parameter: `expected String, Array, found: true`.'],
  ];
  for (const [query, code, message] of cases) {
    it(`${JSON.stringify(query)} is 400 ${code}`, async () => {
      const r = await send(app.server, host, 'POST', '/api/search', { queries: [query] });
      expect(r.status).toBe(400);
      expect(r.json).toEqual({ code, message });
    });
  }
});

describe('deeply nested bodies', () => {
  it('a 20,000-level body is a 400 on every JSON API before anything walks it', async () => {
    for (const path of ['/api/search', '/api/leads', '/api/models', '/api/youx/quote', '/api/cars/phone-reveal']) {
      const r = await send(app.server, host, 'POST', path, deep(20_000));
      expect(r.status, path).toBeGreaterThanOrEqual(400);
      expect(r.status, path).toBeLessThan(500);
    }
    const search = await send(app.server, host, 'POST', '/api/search', deep(5000));
    expect(search.json).toEqual({ error: 'The request body is nested too deeply.', code: 'too_deeply_nested' });
  });

  it('a 20,000-level editor draft or document is refused with 400', async () => {
    const staff = await signIn(app.port, staffEmail(site));
    const opened = (await staff.call('GET', `/tenants/${site}`)).body;
    const draft = `{"baseRev":${opened.head.rev},"publish":false,"doc":${deep(20_000)}}`;
    const saved = await staff.call('POST', `/tenants/${site}/revisions`, draft);
    expect(saved).toEqual({ status: 400, body: { error: 'The request body is nested too deeply.', code: 'too_deeply_nested' } });
    const preview = await staff.call('POST', `/tenants/${site}/preview`, `{"path":"/","doc":${deep(20_000)}}`);
    expect(preview.status).toBe(400);
  });
});

describe('editor cookies', () => {
  it('a malformed session cookie (bad %-encoding) is no session, not a 500', async () => {
    for (const cookie of ['editor_session=%E0%A4%A', 'editor_session=%', 'editor_session="%ZZ', '=%; editor_session', 'a=%E0%A4%A; editor_session=x%']) {
      const r = await get(app.server, 'localhost', '/editor/api/session', { cookie });
      expect(r.status, cookie).toBe(200);
      expect(JSON.parse(r.body)).toEqual({ account: null });
      expect((await get(app.server, 'localhost', '/editor/api/tenants', { cookie })).status).toBe(401);
    }
  });
});

describe('a path never names another host', () => {
  it('//evil.example/cars/{slug} and /__data?path=//evil.example/... keep JSON-LD and links on the site', async () => {
    const search = await send(app.server, host, 'POST', '/api/search', { queries: [{ hitsPerPage: 1 }] });
    const slug = search.json.results[0].hits[0].slug;
    for (const path of [
      `//evil.example/cars/${slug}`,
      `/\\evil.example/cars/${slug}`,
      `/__data?path=//evil.example/cars/${slug}`,
      `/__data?path=${encodeURIComponent(`//evil.example/cars/${slug}`)}`,
    ]) {
      const r = await get(app.server, host, path);
      expect(r.status, path).toBeLessThan(500);
      expect(r.body, path).not.toContain('evil.example/');
    }
    // Absolute addresses (canonical, JSON-LD) come from the site's configured url, never from the request.
    const own = await get(app.server, host, `/cars/${slug}`);
    expect(own.body).toContain(`<link rel="canonical" href="https://www.bigskycars.example/cars/${slug}"/>`);
  });
});
