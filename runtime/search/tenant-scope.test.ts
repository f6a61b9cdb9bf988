import { beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_CARS, FIXTURE_INDEX, FIXTURE_NOW, FIXTURE_SETTINGS } from '../../test-support/search-conformance-fixture.js';
import { EmbeddedSearchEngine } from './embedded/embedded-engine.js';
import { scopedMultiSearch, scopedSearch, tenantScopeFilter, tenantTokenSearchRules, type TenantScope } from './tenant-scope.js';
import type { SearchParams, SearchResponse } from './types.js';

const idsOf = (r: SearchResponse) => r.hits.map((h) => h.id as number);
const DEALER_1: TenantScope = { dealershipIds: [1] };

let engine: EmbeddedSearchEngine;
beforeAll(async () => {
  engine = new EmbeddedSearchEngine();
  await engine.createIndex(FIXTURE_INDEX, FIXTURE_SETTINGS);
  await engine.addDocuments(FIXTURE_INDEX, FIXTURE_CARS);
});

const search = (scope: TenantScope, params: SearchParams = {}) => scopedSearch(engine, FIXTURE_INDEX, scope, params, FIXTURE_NOW);

describe('tenantScopeFilter', () => {
  it('builds dealership, website and visibility rules; sold visible 3 days by default (docs/requirements/vehicle-browsing.md#states)', () => {
    // 1767225600 - 3 * 86400 = 1766966400
    expect(tenantScopeFilter(DEALER_1, FIXTURE_NOW)).toBe(
      'dealership_id IN [1] AND show_on_dealer_website = true AND (status IN ["in_stock", "coming_soon"] OR (status = "sold" AND sold_date_timestamp >= 1766966400))',
    );
  });

  it('adds the dealer default search filter parts (docs/requirements/dealer-services.md#constants), quoting values', () => {
    const filter = tenantScopeFilter(
      { dealershipIds: [1, 2], usedOnly: true, inStockOnly: true, excludedMakes: ['Land Rover'], excludedStocknums: ['A"1'], soldVisibleDays: 7 },
      FIXTURE_NOW,
    );
    expect(filter).toBe(
      'dealership_id IN [1, 2] AND show_on_dealer_website = true AND (status IN ["in_stock", "coming_soon"] OR (status = "sold" AND sold_date_timestamp >= 1766620800))' +
        ' AND car_type = "used" AND status = "in_stock" AND make NOT IN ["Land Rover"] AND stocknum NOT IN ["A\\"1"]',
    );
  });

  it('gives the same filter as tenant token search rules for the index', () => {
    expect(tenantTokenSearchRules('Car_production', DEALER_1, FIXTURE_NOW)).toEqual({ Car_production: { filter: tenantScopeFilter(DEALER_1, FIXTURE_NOW) } });
  });
});

describe('scopedSearch', () => {
  it("shows only the dealer's visible cars: hidden-from-website and sold over 3 days ago are out", async () => {
    // dealer 1 owns 1,2,3,6,7,9,11; 9 is not shown on the website, 7 was sold 10 days ago.
    expect(idsOf(await search(DEALER_1))).toEqual([1, 2, 3, 6, 11]);
  });

  it("keeps sold cars for the site's soldVisibleDays", async () => {
    expect(idsOf(await search({ ...DEALER_1, soldVisibleDays: 14 }))).toEqual([1, 2, 3, 6, 7, 11]);
  });

  it('applies used-only, in-stock-only and exclusions', async () => {
    expect(idsOf(await search({ dealershipIds: [2] }))).toEqual([4, 5, 10, 12]);
    expect(idsOf(await search({ dealershipIds: [2], usedOnly: true }))).toEqual([10, 12]);
    expect(idsOf(await search({ ...DEALER_1, inStockOnly: true }))).toEqual([1, 2, 11]);
    expect(idsOf(await search({ ...DEALER_1, excludedMakes: ['Mazda'] }))).toEqual([1, 2, 3, 11]);
    expect(idsOf(await search({ ...DEALER_1, excludedStocknums: ['T1001'] }))).toEqual([2, 3, 6, 11]);
  });

  it('no dealerships means no cars', async () => {
    expect(idsOf(await search({ dealershipIds: [] }))).toEqual([]);
  });

  it('a request OR cannot widen the scope', async () => {
    const r = await search(DEALER_1, { filter: 'make = Toyota OR dealership_id = 3' });
    expect(idsOf(r)).toEqual([1, 2, 3]); // Ford 8 (dealer 3) stays out
    const arrayForm = await search(DEALER_1, { filter: [['make = Ford', 'dealership_id = 3']] });
    expect(idsOf(arrayForm)).toEqual([]);
  });

  it('a request NOT cannot invert the scope', async () => {
    expect(idsOf(await search(DEALER_1, { filter: 'NOT (dealership_id = 1)' }))).toEqual([]);
    expect(idsOf(await search(DEALER_1, { filter: 'NOT show_on_dealer_website = true' }))).toEqual([]);
  });

  it("a request that tries to close the scope's parenthesis is refused", async () => {
    await expect(search(DEALER_1, { filter: 'make = Ford) OR (dealership_id = 3' })).rejects.toMatchObject({ code: 'invalid_search_filter' });
  });

  it('facet counts only count the scope', async () => {
    const r = await search(DEALER_1, { facets: ['make'], limit: 0 });
    expect(r.facetDistribution).toEqual({ make: { Kia: 1, Mazda: 1, Toyota: 3 } });
  });

  it('another index is refused', async () => {
    await expect(scopedSearch(engine, FIXTURE_INDEX, DEALER_1, { indexUid: 'other' } as SearchParams, FIXTURE_NOW)).rejects.toMatchObject({
      code: 'index_not_accessible',
      httpStatus: 403,
    });
  });
});

describe('scopedMultiSearch', () => {
  it('scopes every query', async () => {
    const { results } = await scopedMultiSearch(
      engine,
      FIXTURE_INDEX,
      DEALER_1,
      [
        { indexUid: FIXTURE_INDEX, filter: 'dealership_id = 3' },
        { indexUid: FIXTURE_INDEX, q: 'ranger' },
        { indexUid: FIXTURE_INDEX, q: 'hilux' },
      ],
      FIXTURE_NOW,
    );
    expect(results.map(idsOf)).toEqual([[], [], [1, 2]]);
  });

  it('refuses a query for any other index, and answers none of them', async () => {
    await expect(
      scopedMultiSearch(engine, FIXTURE_INDEX, DEALER_1, [{ indexUid: FIXTURE_INDEX }, { indexUid: 'all_dealers_index' }], FIXTURE_NOW),
    ).rejects.toMatchObject({ code: 'index_not_accessible', message: 'Index `all_dealers_index` is not accessible to this site.' });
  });
});
