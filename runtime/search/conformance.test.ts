// The same queries against the embedded engine (always, exact hand-worked answers) and, when
// MEILISEARCH_HOST is set, against a real Meilisearch (compared with the embedded engine). Without a server, the
// Meilisearch adapter runs the same hand-worked cases against a local stub of the HTTP API (test-support/meilisearch-stub.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFORMANCE_CASES, type ConformanceCase } from '../../test-support/search-conformance-cases.js';
import { FIXTURE_CARS, FIXTURE_INDEX, FIXTURE_SETTINGS } from '../../test-support/search-conformance-fixture.js';
import { EmbeddedSearchEngine } from './embedded/embedded-engine.js';
import { MeilisearchEngine } from './meilisearch/meilisearch-engine.js';
import { startMeilisearchStub, type MeilisearchStub } from '../../test-support/meilisearch-stub.js';
import { SearchError } from './search-error.js';
import { totalHitsOf, type SearchEngine, type SearchResponse } from './types.js';

const idsOf = (r: SearchResponse) => r.hits.map((h) => h.id as number);
const isText = (c: ConformanceCase) => !!c.params.q;

async function outcome(engine: SearchEngine, uid: string, c: ConformanceCase): Promise<SearchResponse | SearchError> {
  try {
    return await engine.search(uid, c.params);
  } catch (error) {
    if (error instanceof SearchError) return error;
    throw error;
  }
}

/** Loads the fixture into an empty engine. */
async function withFixture<E extends SearchEngine>(engine: E): Promise<E> {
  await engine.createIndex(FIXTURE_INDEX, FIXTURE_SETTINGS);
  await engine.addDocuments(FIXTURE_INDEX, FIXTURE_CARS);
  return engine;
}

const fixtureEngine = () => withFixture(new EmbeddedSearchEngine());

/** Every case with its hand-worked answer, on engines from `newEngine` (each call: a fresh, empty engine). */
function handWorkedSuite(title: string, newEngine: () => Promise<SearchEngine>): void {
  describe(title, () => {
    let engine: SearchEngine;
    beforeAll(async () => {
      engine = await withFixture(await newEngine());
    }, 30_000);

    for (const c of CONFORMANCE_CASES) {
      it(c.name, async () => {
        const result = await outcome(engine, FIXTURE_INDEX, c);
        if (c.error) {
          expect(result).toBeInstanceOf(SearchError);
          const error = result as SearchError;
          expect(error.code).toBe(c.error.code);
          if (c.error.message) expect(error.message).toBe(c.error.message);
          return;
        }
        expect(result).not.toBeInstanceOf(SearchError);
        const response = result as SearchResponse;
        if (c.ids) expect(idsOf(response)).toEqual(c.ids);
        if (c.idSet) expect([...idsOf(response)].sort((a, b) => a - b)).toEqual(c.idSet);
        if (c.total !== undefined) expect(totalHitsOf(response)).toBe(c.total);
        if (c.facetDistribution) expect(response.facetDistribution).toEqual(c.facetDistribution);
        if (c.facetStats) expect(response.facetStats).toEqual(c.facetStats);
        if (c.pagination) expect(response).toMatchObject(c.pagination);
        expect(response.query).toBe(c.params.q ?? '');
        expect(typeof response.processingTimeMs).toBe('number');
      });
    }

    it('multi-search answers each query with its indexUid', async () => {
      const { results } = await engine.multiSearch({
        queries: [
          { indexUid: FIXTURE_INDEX, filter: 'make = Mazda' },
          { indexUid: FIXTURE_INDEX, q: 'ranger' },
        ],
      });
      expect(results.map((r) => r.indexUid)).toEqual([FIXTURE_INDEX, FIXTURE_INDEX]);
      expect(results.map(idsOf)).toEqual([[6, 7], [8]]);
    });

    it('multi-search names the failing query', async () => {
      await expect(engine.multiSearch({ queries: [{ indexUid: FIXTURE_INDEX }, { indexUid: FIXTURE_INDEX, sort: ['name:asc'] }] })).rejects.toThrow(
        'Inside `.queries[1]`: Attribute `name` is not sortable.',
      );
    });

    it('an unknown index is a 404 error', async () => {
      await expect(engine.search('nope', {})).rejects.toMatchObject({ code: 'index_not_found', httpStatus: 404, message: 'Index `nope` not found.' });
    });

    it('creating an index that exists is a 409 index_already_exists', async () => {
      await expect(engine.createIndex(FIXTURE_INDEX, FIXTURE_SETTINGS)).rejects.toMatchObject({
        code: 'index_already_exists',
        httpStatus: 409,
        message: `Index \`${FIXTURE_INDEX}\` already exists.`,
      });
    });

    it('attributesToRetrieve keeps only the named fields', async () => {
      const r = await engine.search(FIXTURE_INDEX, { filter: 'id = 1', attributesToRetrieve: ['id', 'make'] });
      expect(r.hits).toEqual([{ id: 1, make: 'Toyota' }]);
    });

    it('adding a document with a known id replaces it', async () => {
      const local = await withFixture(await newEngine());
      await local.addDocuments(FIXTURE_INDEX, [{ ...FIXTURE_CARS[0], price: 1000 }]);
      const r = await local.search(FIXTURE_INDEX, { sort: ['price:asc'], limit: 2 });
      expect(idsOf(r)).toEqual([10, 1]);
      expect(totalHitsOf(r)).toBe(12);
    });

    it('maxTotalHits caps totals and reachable hits as in Meilisearch (default 1000)', async () => {
      const local = await newEngine();
      await local.createIndex('capped', { ...FIXTURE_SETTINGS, pagination: { maxTotalHits: 5 } });
      await local.addDocuments('capped', FIXTURE_CARS);
      const r = await local.search('capped', { page: 2, hitsPerPage: 3 });
      expect(r).toMatchObject({ totalHits: 5, totalPages: 2 });
      expect(idsOf(r)).toEqual([4, 5]);
    });

    it('facet values sorted by count when the index says so, capped by maxValuesPerFacet', async () => {
      const local = await newEngine();
      await local.createIndex('by-count', { ...FIXTURE_SETTINGS, faceting: { maxValuesPerFacet: 2, sortFacetValuesBy: { make: 'count' } } });
      await local.addDocuments('by-count', FIXTURE_CARS);
      const r = await local.search('by-count', { facets: ['make', 'colour'], limit: 0 });
      expect(Object.entries(r.facetDistribution?.make ?? {})).toEqual([
        ['Toyota', 5],
        ['Ford', 2],
      ]);
      expect(r.facetDistribution!.colour).toEqual({ Black: 1, Blue: 1 });
    });

    it('deleting an index removes it; deleting it again is a 404', async () => {
      const local = await withFixture(await newEngine());
      await local.deleteIndex(FIXTURE_INDEX);
      await expect(local.search(FIXTURE_INDEX, {})).rejects.toMatchObject({ code: 'index_not_found', httpStatus: 404 });
      await expect(local.deleteIndex(FIXTURE_INDEX)).rejects.toMatchObject({ code: 'index_not_found', httpStatus: 404 });
    });
  });
}

handWorkedSuite('embedded engine conformance (hand-worked answers)', async () => new EmbeddedSearchEngine());
// The server's configuration: only indexed fields in memory, whole documents read back from disk for the hits.
handWorkedSuite('embedded engine conformance, documents on disk (hand-worked answers)', async () => new EmbeddedSearchEngine({ documents: 'disk' }));

// The adapter's whole path (official client, JSON over HTTP, tasks polled, errors mapped) against a local stub of
// Meilisearch's REST API. The stub answers with the embedded engine, so this proves the adapter's HTTP contract,
// not that Meilisearch ranks, filters or facets like the embedded engine (the MEILISEARCH_HOST suite below does).
const STUB_KEY = 'conformance-master-key-0123456789';
const stubs: MeilisearchStub[] = [];
afterAll(async () => {
  await Promise.all(stubs.map((s) => s.close()));
});
handWorkedSuite('Meilisearch adapter against a stub of the HTTP API (hand-worked answers)', async () => {
  const stub = await startMeilisearchStub({ masterKey: STUB_KEY, pollsBeforeDone: 2 });
  stubs.push(stub);
  return new MeilisearchEngine(stub.url, STUB_KEY);
});

const MEILISEARCH_HOST = process.env.MEILISEARCH_HOST;

describe.skipIf(!MEILISEARCH_HOST)('Meilisearch agrees with the embedded engine (needs MEILISEARCH_HOST)', () => {
  const uid = `conformance_${Date.now()}`;
  let meili: MeilisearchEngine;
  let embedded: EmbeddedSearchEngine;
  beforeAll(async () => {
    meili = new MeilisearchEngine(MEILISEARCH_HOST!, process.env.MEILISEARCH_KEY);
    embedded = await fixtureEngine();
    await meili.createIndex(uid, FIXTURE_SETTINGS);
    await meili.addDocuments(uid, FIXTURE_CARS);
  }, 120_000);
  afterAll(async () => {
    await meili?.deleteIndex(uid).catch(() => undefined);
  });

  for (const c of CONFORMANCE_CASES) {
    it(c.name, async () => {
      const ours = await outcome(embedded, FIXTURE_INDEX, c);
      const theirs = await outcome(meili, uid, c);
      if (ours instanceof SearchError || theirs instanceof SearchError) {
        expect(theirs).toBeInstanceOf(SearchError);
        expect(ours).toBeInstanceOf(SearchError);
        expect((theirs as SearchError).code).toBe((ours as SearchError).code);
        return;
      }
      expect(totalHitsOf(theirs)).toBe(totalHitsOf(ours));
      if (isText(c)) expect(new Set(idsOf(theirs))).toEqual(new Set(idsOf(ours)));
      else expect(idsOf(theirs)).toEqual(idsOf(ours));
      expect(theirs.facetDistribution ?? {}).toEqual(ours.facetDistribution ?? {});
      expect(theirs.facetStats ?? {}).toEqual(ours.facetStats ?? {});
    });
  }

  it('multi-search', async () => {
    const queries = [
      { indexUid: uid, filter: 'make = Mazda' },
      { indexUid: uid, q: 'ranger' },
    ];
    const { results } = await meili.multiSearch({ queries });
    expect(results.map(idsOf)).toEqual([[6, 7], [8]]);
  });
});
