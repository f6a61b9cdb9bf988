import { describe, expect, it } from 'vitest';
import {
  carTypesOfSegment,
  defaultFilterClauses,
  isVisibleInSearch,
  quoteFilterValue,
  rangeFilterClause,
  refinementFilterClauses,
  routeFilterClauses,
  slugify,
  visibilityFilter,
} from './filters';

const NOW = Date.UTC(2025, 6, 10, 0, 0, 0); // 10 July 2025
const NOW_S = NOW / 1000;
const DAY = 86400;

describe('visibility (docs/requirements/vehicle-browsing.md#states: in_stock / coming_soon, or sold within 3 days, and show_on_dealer_website)', () => {
  it('filter expression uses the sold window in Unix seconds', () => {
    expect(visibilityFilter(NOW, 3)).toBe(
      `(status IN ["in_stock", "coming_soon"] OR (status = "sold" AND sold_date_timestamp >= ${NOW_S - 3 * DAY})) AND show_on_dealer_website = true`,
    );
  });
  it('predicate', () => {
    const shown = { show_on_dealer_website: true };
    expect(isVisibleInSearch({ ...shown, status: 'in_stock' }, NOW, 3)).toBe(true);
    expect(isVisibleInSearch({ ...shown, status: 'coming_soon' }, NOW, 3)).toBe(true);
    expect(isVisibleInSearch({ status: 'in_stock', show_on_dealer_website: false }, NOW, 3)).toBe(false);
    expect(isVisibleInSearch({ ...shown, status: 'sold', sold_date_timestamp: NOW_S - 3 * DAY }, NOW, 3)).toBe(true);
    expect(isVisibleInSearch({ ...shown, status: 'sold', sold_date_timestamp: NOW_S - 3 * DAY - 1 }, NOW, 3)).toBe(false);
    expect(isVisibleInSearch({ ...shown, status: 'sold', sold_date_timestamp: NOW_S - 5 * DAY }, NOW, 7)).toBe(true);
    expect(isVisibleInSearch({ ...shown, status: 'sold', sold_date_timestamp: null }, NOW, 3)).toBe(false);
  });
});

describe('default filter (docs/requirements/vehicle-browsing.md#constants)', () => {
  it('used only, in stock only, excluded makes and stock numbers', () => {
    expect(defaultFilterClauses({ usedOnly: true, inStockOnly: true, excludedMakes: ['Suzuki'], excludedStocknums: ['A1', 'B"2'] })).toEqual([
      'car_type = "used"',
      'status = "in_stock"',
      'make NOT IN ["Suzuki"]',
      'stocknum NOT IN ["A1", "B\\"2"]',
    ]);
    expect(defaultFilterClauses({ usedOnly: false, inStockOnly: false, excludedMakes: [], excludedStocknums: [] })).toEqual([]);
  });
});

describe('route segments', () => {
  it('type segments', () => {
    expect(carTypesOfSegment('new-used-and-demo-cars')).toEqual([]);
    expect(carTypesOfSegment('used-cars')).toEqual(['used']);
    expect(carTypesOfSegment('new-and-demo-cars')).toEqual(['new', 'demo']);
    expect(carTypesOfSegment('toyota')).toBeNull();
    expect(routeFilterClauses({ make: 'new-and-demo-cars' })).toEqual([['car_type = "new"', 'car_type = "demo"']]);
    expect(routeFilterClauses({ make: 'new-used-and-demo-cars' })).toEqual([]);
  });
  it('a make (or body, dealership, location) slug and a model slug', () => {
    expect(routeFilterClauses({ make: 'toyota', model: 'hilux' })).toEqual([
      ['make_slug = "toyota"', 'body_slug = "toyota"', 'dealership_slug = "toyota"', 'location_slug = "toyota"'],
      'model_slug = "hilux"',
    ]);
  });
  it('slugify', () => {
    expect(slugify('Mercedes-Benz')).toBe('mercedes-benz');
    expect(slugify(' Cab Chassis ')).toBe('cab-chassis');
    expect(slugify('CX-5')).toBe('cx-5');
  });
});

describe('refinements and ranges', () => {
  it('OR within an attribute, quoted values', () => {
    expect(refinementFilterClauses({ make: ['Kia', 'Mazda'], car_type: ['used'] })).toEqual([['car_type = "used"'], ['make = "Kia"', 'make = "Mazda"']]);
    expect(quoteFilterValue('a\\b')).toBe('"a\\\\b"');
  });
  it("'min:max' -> 'price 10000 TO 20000' (docs/requirements/vehicle-browsing.md#validation)", () => {
    expect(rangeFilterClause('price', '10000:20000')).toBe('price 10000 TO 20000');
    expect(rangeFilterClause('year', '2015:')).toBe('year >= 2015');
    expect(rangeFilterClause('km', ':50000')).toBe('km <= 50000');
    expect(rangeFilterClause('km', ':')).toBeNull();
    expect(rangeFilterClause('km', 'a:b')).toBeNull();
  });
});
