import { describe, expect, it } from 'vitest';
import { EMPTY_SEARCH_STATE } from '../../runtime/domain/search';
import { fetchSearchResults, ResultCache, SearchRequestError } from './search-client';
import { withSettingsDefaults } from '../../test-support/settings-defaults';

describe('ResultCache', () => {
  it('drops the oldest entry when full', () => {
    const cache = new ResultCache<number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    expect(cache.has('a')).toBe(false);
    expect(cache.get('b')).toBe(2);
    expect(cache.get('c')).toBe(3);
    expect(cache.size).toBe(2);
  });
});

describe('fetchSearchResults', () => {
  const answer = (results: unknown[]) => async () => ({ ok: true, status: 200, json: async () => ({ results }) });

  it('posts the disjunctive queries and merges each refined facet from its own query', async () => {
    let sent: { queries: { filter: unknown; facets: string[]; hitsPerPage: number }[] } | undefined;
    const state = { ...EMPTY_SEARCH_STATE, refinements: { make: ['Mazda'] }, ranges: { price: '10000:20000' } };
    const results = await fetchSearchResults(
      state,
      withSettingsDefaults('search', { pageSize: 21 }),
      {},
      {
        nowMs: Date.UTC(2026, 0, 1),
        fetchImpl: async (_url, init) => {
          sent = JSON.parse(String(init.body));
          return answer([
            {
              indexUid: 'Car_production',
              hits: [{ id: 1 }],
              totalHits: 1,
              page: 1,
              totalPages: 1,
              facetDistribution: { make: { Mazda: 1 } },
              facetStats: { price: { min: 12000, max: 18000 } },
            },
            { indexUid: 'Car_production', hits: [], facetDistribution: { make: { Mazda: 1, Kia: 4 } } },
            { indexUid: 'Car_production', hits: [], facetDistribution: {}, facetStats: { price: { min: 5000, max: 90000 } } },
          ])();
        },
      },
    );
    expect(sent!.queries).toHaveLength(3);
    expect(sent!.queries[0]?.hitsPerPage).toBe(21);
    expect(JSON.stringify(sent!.queries[0]?.filter)).toContain('make = \\"Mazda\\"');
    expect(JSON.stringify(sent!.queries[1]?.filter)).not.toContain('Mazda');
    expect(JSON.stringify(sent!.queries[2]?.filter)).not.toContain('price 10000 TO 20000');
    expect(results.facets.make).toEqual({ Mazda: 1, Kia: 4 });
    expect(results.facetStats.price).toEqual({ min: 5000, max: 90000 });
    expect(results.totalHits).toBe(1);
  });

  it('turns an API error into a SearchRequestError with its message', async () => {
    const fetchImpl = async () => ({ ok: false, status: 400, json: async () => ({ message: 'at most 10 queries per request' }) });
    await expect(fetchSearchResults(EMPTY_SEARCH_STATE, withSettingsDefaults('search'), {}, { nowMs: 0, fetchImpl })).rejects.toThrow(SearchRequestError);
  });

  it('an offers list adds its categories to every query', async () => {
    let body = '';
    await fetchSearchResults(
      EMPTY_SEARCH_STATE,
      withSettingsDefaults('search'),
      { variant: 'offers', offerCategories: ['Special Offers'] },
      {
        nowMs: 0,
        fetchImpl: async (_u, init) => {
          body = String(init.body);
          return answer([{ indexUid: 'Car_production', hits: [], totalHits: 0 }])();
        },
      },
    );
    expect(body).toContain('categories = \\"Special Offers\\"');
  });
});
