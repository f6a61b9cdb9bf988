import { describe, expect, it } from 'vitest';
import {
  chooseValue,
  facetOptions,
  heroCountQueries,
  heroCountsFromResults,
  heroSelectionHref,
  heroStockFromResult,
  heroStockQuery,
  PRICE_BUCKETS,
  selectionFilter,
  type HeroDropdownId,
  type HeroResult,
  type HeroSelection,
} from './hero-search';

const DROPDOWNS: HeroDropdownId[] = ['make', 'model', 'body', 'colour', 'fuel', 'price'];
const SEARCH = '/search/new-used-and-demo-cars';
const none: HeroSelection = { carType: '', values: {} };

describe('price buckets', () => {
  it('cover every priced car once, with labels in dollars', () => {
    expect(PRICE_BUCKETS.map((b) => [b.value, b.label])).toEqual([
      ['1:9999', 'Under $10,000'],
      ['10000:19999', '$10,000 to $20,000'],
      ['20000:29999', '$20,000 to $30,000'],
      ['30000:49999', '$30,000 to $50,000'],
      ['50000:74999', '$50,000 to $75,000'],
      ['75000:', '$75,000 and over'],
    ]);
  });
});

describe('selection filter', () => {
  it('car type choice, dropdown values on their index fields, price as a range', () => {
    const selection: HeroSelection = { carType: 'new,demo', values: { make: 'Toyota', body: 'SUV', price: '10000:19999' } };
    expect(selectionFilter(selection, DROPDOWNS)).toEqual([
      ['car_type = "new"', 'car_type = "demo"'],
      'make = "Toyota"',
      'simple_body = "SUV"',
      'price 10000 TO 19999',
    ]);
    expect(selectionFilter(selection, DROPDOWNS, 'make')).toEqual([['car_type = "new"', 'car_type = "demo"'], 'simple_body = "SUV"', 'price 10000 TO 19999']);
  });
  it('All adds no car type clause; values of dropdowns the hero does not show are ignored', () => {
    expect(selectionFilter({ carType: '', values: { city: 'Penrith' } }, DROPDOWNS)).toEqual([]);
  });
});

describe('count queries', () => {
  it('nothing chosen: one query for every facet, then one per price bucket', () => {
    const [facets, prices] = heroCountQueries(none, DROPDOWNS);
    expect(facets).toEqual([{ q: '', filter: [], facets: ['make', 'model', 'simple_body', 'colour', 'fuel'], hitsPerPage: 0 }]);
    expect(prices?.map((q) => q.filter)).toEqual([
      ['price 1 TO 9999'],
      ['price 10000 TO 19999'],
      ['price 20000 TO 29999'],
      ['price 30000 TO 49999'],
      ['price 50000 TO 74999'],
      ['price >= 75000'],
    ]);
  });
  it('a chosen make: the main query narrows the models; the make list comes from a query without the make', () => {
    const selection: HeroSelection = { carType: 'used', values: { make: 'Mazda' } };
    const [facets] = heroCountQueries(selection, DROPDOWNS);
    expect(facets).toEqual([
      { q: '', filter: [['car_type = "used"'], 'make = "Mazda"'], facets: ['model', 'simple_body', 'colour', 'fuel'], hitsPerPage: 0 },
      { q: '', filter: [['car_type = "used"']], facets: ['make'], hitsPerPage: 0 },
    ]);
  });
  it('no price dropdown: no price queries; never more than 10 queries in one request', () => {
    const many: HeroSelection = { carType: 'new', values: { make: 'Kia', model: 'EV6', body: 'SUV', colour: 'Blue', fuel: 'Electric', price: '50000:74999' } };
    const requests = heroCountQueries(many, DROPDOWNS);
    expect(requests.every((r) => r.length <= 10)).toBe(true);
    expect(requests.flat()).toHaveLength(1 + 5 + PRICE_BUCKETS.length);
    expect(heroCountQueries(none, ['make', 'model'])).toHaveLength(1);
  });
});

describe('reading the answers', () => {
  it('options from the right query, sorted by name, models named with their make; totals per price bucket', () => {
    const selection: HeroSelection = { carType: '', values: { make: 'Mazda' } };
    const results: HeroResult[] = [
      {
        totalHits: 120,
        facetDistribution: {
          model: { '3': 40, 'CX-30': 30, 'CX-3': 20, 'BT-50': 30 },
          simple_body: { SUV: 50, Ute: 30, Hatch: 40 },
          colour: {},
          fuel: { Diesel: 30 },
        },
      },
      { totalHits: 900, facetDistribution: { make: { Toyota: 300, Mazda: 120, Audi: 12, Kia: 0 } } },
      ...PRICE_BUCKETS.map((_, i) => ({ totalHits: i * 10 })),
    ];
    const counts = heroCountsFromResults(selection, DROPDOWNS, results);
    expect(counts.total).toBe(120);
    expect(counts.options.make).toEqual([
      { value: 'Audi', label: 'Audi', count: 12 },
      { value: 'Mazda', label: 'Mazda', count: 120 },
      { value: 'Toyota', label: 'Toyota', count: 300 },
    ]);
    expect(counts.options.model?.map((o) => `${o.label}=${o.count}`)).toEqual(['BT-50=30', 'CX-3=20', 'CX-30=30', 'Mazda3=40']);
    expect(counts.options.body?.map((o) => o.value)).toEqual(['Hatch', 'SUV', 'Ute']);
    expect(counts.options.colour).toEqual([]);
    expect(counts.prices).toEqual([0, 10, 20, 30, 40, 50]);
  });
  it('vehicle types read as words', () => {
    expect(facetOptions('type', { caravan: 455, motorcycle: 227 }).map((o) => o.label)).toEqual(['Caravan', 'Motorcycle']);
  });
});

describe('stock tiles', () => {
  it('the values with the most cars', () => {
    expect(heroStockQuery(['make', 'body'])).toEqual({ q: '', filter: [], facets: ['make', 'simple_body'], hitsPerPage: 0 });
    const stock = heroStockFromResult(['make'], { facetDistribution: { make: { Audi: 5, Kia: 50, Ford: 50, BMW: 20 } } }, 3);
    expect(stock.tiles.make?.map((o) => o.value)).toEqual(['Ford', 'Kia', 'BMW']);
    expect(heroStockFromResult([], undefined, 3).tiles).toEqual({});
  });
});

describe('search button address (docs/requirements/dealer-services.md#screens)', () => {
  it('car types, dropdown values under the search page keys and the price range, in stable order', () => {
    const selection: HeroSelection = { carType: 'new,demo', values: { make: 'Toyota', model: 'RAV4', body: 'SUV', price: '30000:49999' } };
    expect(heroSelectionHref(SEARCH, selection, DROPDOWNS)).toBe(
      '/search/new-used-and-demo-cars?car_type=demo&car_type=new&make=Toyota&model=RAV4&price=30000%3A49999&simple_body=SUV',
    );
    expect(heroSelectionHref(SEARCH, { carType: 'used', values: {} }, DROPDOWNS)).toBe('/search/new-used-and-demo-cars?car_type=used');
    expect(heroSelectionHref(SEARCH, none, DROPDOWNS)).toBe(SEARCH);
    expect(heroSelectionHref(SEARCH, { carType: '', values: { type: 'caravan' } }, ['type'])).toBe(`${SEARCH}?item_type=caravan`);
  });
  it('a new make clears the model; the empty option clears a value', () => {
    const chosen = chooseValue(chooseValue(none, 'make', 'Mazda'), 'model', 'CX-5');
    expect(chosen.values).toEqual({ make: 'Mazda', model: 'CX-5' });
    expect(chooseValue(chosen, 'make', 'Kia').values).toEqual({ make: 'Kia' });
    expect(chooseValue(chosen, 'model', '').values).toEqual({ make: 'Mazda' });
  });
});
