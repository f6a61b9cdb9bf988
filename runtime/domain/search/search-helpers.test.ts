import { describe, expect, it } from 'vitest';
import { featuredListLimit, featuredListQuery, searchFiltersToClauses } from './search-helpers';

describe('featured-list search helper (docs/requirements/vehicle-browsing.md#calls: search_filters, limit)', () => {
  it('turns site search filters into filter clauses, colons or equals, values of one attribute as any-of', () => {
    expect(searchFiltersToClauses(['make:Toyota', 'make:Mazda', 'car_type=used', 'make_model:Toyota:Corolla'])).toEqual([
      ['make = "Toyota"', 'make = "Mazda"'],
      'car_type = "used"',
      'make_model = "Toyota:Corolla"',
    ]);
    expect(searchFiltersToClauses('car_type:new, price:10000:30000')).toEqual(['car_type = "new"', 'price >= 10000 AND price <= 30000']);
    expect(searchFiltersToClauses(['year:2022', 'km::50000'])).toEqual(['year = 2022', 'km <= 50000']);
    expect(searchFiltersToClauses(undefined)).toEqual([]);
  });

  it('quotes values so a filter cannot be widened', () => {
    expect(searchFiltersToClauses(['make:Toyota" OR make != "x'])).toEqual(['make = "Toyota\\" OR make != \\"x"']);
  });

  it('refuses unknown attributes, empty values, bad ranges and bad limits with a reason', () => {
    expect(() => searchFiltersToClauses(['dealership_id:5'])).toThrow('search_filters[0]: "dealership_id" is not a filterable attribute');
    expect(() => searchFiltersToClauses(['make:'])).toThrow('search_filters[0]: make has no value');
    expect(() => searchFiltersToClauses(['price:cheap'])).toThrow('price must be a number or "min:max"');
    expect(() => searchFiltersToClauses({ make: 'x' })).toThrow('search_filters must be a list');
    expect(() => featuredListLimit(0)).toThrow('limit must be a whole number from 1 to 50');
    expect(() => featuredListLimit(51)).toThrow('limit must be a whole number from 1 to 50');
    expect(featuredListLimit(undefined)).toBe(8);
  });

  it('asks for the featured order (custom rank descending) and the limit', () => {
    expect(featuredListQuery({ search_filters: ['car_type:used'], limit: 4 }, 'Car_production')).toEqual({
      indexUid: 'Car_production',
      q: '',
      filter: ['car_type = "used"'],
      sort: ['custom_rank:desc'],
      limit: 4,
    });
  });
});
