import { describe, expect, it } from 'vitest';
import { mergeSimilarCars, similarCarsQueries, similarPriceBand } from './similar-cars-query';
import { withSettingsDefaults } from '../../../test-support/settings-defaults';

const similar = (s = {}) => withSettingsDefaults('vehicle', { similarCars: s }).similarCars;

describe('similar cars (docs/requirements/vehicle-browsing.md#constants)', () => {
  it('uses a 10000 band under 50000 and 25000 from 50000', () => {
    expect(similarPriceBand(30000)).toEqual({ min: 20000, max: 40000 });
    expect(similarPriceBand(49999)).toEqual({ min: 39999, max: 59999 });
    expect(similarPriceBand(50000)).toEqual({ min: 25000, max: 75000 });
    expect(similarPriceBand(5000)).toEqual({ min: 0, max: 15000 });
  });
  it('builds in_stock-only multi-search queries of 10 hits', () => {
    const queries = similarCarsQueries({ id: 42, make: 'Toyota', model: 'RAV4', simple_body: 'SUV', price: 38990 }, similar());
    expect(queries).toHaveLength(3);
    expect(queries[0]).toEqual({
      indexUid: 'Car_production',
      q: '',
      filter: ['status = "in_stock"', 'id != 42', 'price >= 28990', 'price <= 48990', 'make = "Toyota"', 'model = "RAV4"'],
      limit: 10,
      facets: [],
      attributesToHighlight: [],
    });
    expect(queries[1]?.filter.at(-1)).toBe('simple_body = "SUV"');
    expect(queries[2]?.filter).toEqual(['status = "in_stock"', 'id != 42', 'price >= 28990', 'price <= 48990']);
    expect(queries.every((q) => q.limit === 10 && q.filter[0] === 'status = "in_stock"')).toBe(true);
  });
  it('escapes quotes and skips the price filter without a price', () => {
    const [q] = similarCarsQueries({ id: 'a1', make: 'Ford', model: 'Say "Hi"', price: 0 }, similar({ indexUid: 'cars', hitsPerQuery: 5 }));
    expect(q).toMatchObject({ indexUid: 'cars', limit: 5, filter: ['status = "in_stock"', 'id != "a1"', 'make = "Ford"', 'model = "Say \\"Hi\\""'] });
  });
  it('merges up to 6 results unique by id, without the car itself', () => {
    const hits = (ids: number[]) => ({ hits: ids.map((id) => ({ id })) });
    const merged = mergeSimilarCars([hits([42, 1, 2]), hits([2, 3, 4]), hits([5, 6, 7, 8])], { id: 42 }, similar());
    expect(merged.map((c) => c.id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(mergeSimilarCars([hits([1, 2, 3])], { id: 9 }, similar({ maxResults: 2 }))).toHaveLength(2);
  });
});
