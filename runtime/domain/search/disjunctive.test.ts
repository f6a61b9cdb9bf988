import { describe, expect, it } from 'vitest';
import { FIXTURE_CARS, FIXTURE_INDEX, FIXTURE_SETTINGS } from '../../../test-support/search-conformance-fixture.js';
import { buildDisjunctiveQueries, disjunctiveSearch } from './disjunctive.js';
import { EmbeddedSearchEngine } from '../../search/embedded/embedded-engine.js';
import { totalHitsOf } from '../../search/types.js';

describe('buildDisjunctiveQueries', () => {
  it('main query has every refinement; each refined facet gets a query without its own', () => {
    const queries = buildDisjunctiveQueries(
      'cars',
      { filter: 'body = Ute', facets: ['make', 'colour'], page: 1, hitsPerPage: 21, sort: ['price:asc'] },
      { make: ['Toyota', 'Ford'], colour: ['White'], fuel: [] },
    );
    expect(queries).toEqual([
      {
        indexUid: 'cars',
        filter: ['body = Ute', ['make = "Toyota"', 'make = "Ford"'], ['colour = "White"']],
        facets: ['make', 'colour'],
        page: 1,
        hitsPerPage: 21,
        sort: ['price:asc'],
      },
      { indexUid: 'cars', filter: ['body = Ute', ['colour = "White"']], facets: ['make'], hitsPerPage: 0 },
      { indexUid: 'cars', filter: ['body = Ute', ['make = "Toyota"', 'make = "Ford"']], facets: ['colour'], hitsPerPage: 0 },
    ]);
  });

  it('uses limit 0 when the base query pages by offset/limit', () => {
    const [, facetQuery] = buildDisjunctiveQueries('cars', { limit: 20 }, { make: ['Kia'] });
    expect(facetQuery).toEqual({ indexUid: 'cars', filter: [], facets: ['make'], limit: 0 });
  });
});

describe('disjunctiveSearch', () => {
  it('counts other makes as if the make refinement were not there', async () => {
    const engine = new EmbeddedSearchEngine();
    await engine.createIndex(FIXTURE_INDEX, FIXTURE_SETTINGS);
    await engine.addDocuments(FIXTURE_INDEX, FIXTURE_CARS);
    const r = await disjunctiveSearch(
      engine,
      FIXTURE_INDEX,
      { filter: 'body = Ute', facets: ['make', 'colour'], hitsPerPage: 21 },
      { make: ['Toyota', 'Ford'] },
    );
    expect(r.hits.map((h) => h.id)).toEqual([1, 2, 8]);
    expect(totalHitsOf(r)).toBe(3);
    // make: all utes (the refinement's own query); colour: the refined result (Toyota/Ford utes).
    expect(r.facetDistribution).toEqual({ make: { Ford: 1, Mazda: 1, Mitsubishi: 1, Toyota: 2 }, colour: { Orange: 1, White: 2 } });
    expect('indexUid' in r).toBe(false);
  });
});
