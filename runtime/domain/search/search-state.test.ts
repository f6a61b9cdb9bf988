import { describe, expect, it } from 'vitest';
import {
  EMPTY_SEARCH_STATE,
  clearFilters,
  parseSearchState,
  searchStateChanged,
  serializeSearchState,
  setRange,
  setRefinement,
  toggleRefinement,
  withPage,
  withQuery,
  withSort,
} from './search-state';

describe('parseSearchState', () => {
  it('reads query, page, sortBy, refinements and ranges from the URL', () => {
    const state = parseSearchState('/search/toyota?q=hilux&page=3&sortBy=price_asc&colour=White&colour=Black&price=10000:20000', {
      make: 'Toyota',
    });
    expect(state).toEqual({
      query: 'hilux',
      page: 3,
      sortBy: 'price_asc',
      refinements: { colour: ['Black', 'White'] },
      ranges: { price: '10000:20000' },
      route: { make: 'toyota' },
    });
  });

  it('ignores unknown keys, bad pages, unknown sorts and malformed ranges', () => {
    const state = parseSearchState(new URLSearchParams('utm_source=x&page=-2&sortBy=cheapest&km=lots&year=2015:'));
    expect(state.page).toBe(1);
    expect(state.sortBy).toBeNull();
    expect(state.refinements).toEqual({});
    expect(state.ranges).toEqual({ year: '2015:' });
  });

  it('takes a model only together with a make', () => {
    expect(parseSearchState('', { model: 'corolla' }).route).toEqual({});
    expect(parseSearchState('', { make: 'toyota', model: 'corolla' }).route).toEqual({ make: 'toyota', model: 'corolla' });
  });
});

describe('serializeSearchState', () => {
  it('writes a stable key order: q, page, sortBy, then attributes alphabetically', () => {
    const a = parseSearchState('?price=1000:5000&make=Mazda&make=Kia&sortBy=year_desc&page=2&q=ute');
    expect(serializeSearchState(a)).toBe('q=ute&page=2&sortBy=year_desc&make=Kia&make=Mazda&price=1000%3A5000');
  });

  it('round-trips, and leaves out page 1 and the default sort', () => {
    const state = { ...EMPTY_SEARCH_STATE, refinements: { car_type: ['used'] } };
    expect(serializeSearchState(state)).toBe('car_type=used');
    expect(parseSearchState(serializeSearchState(state))).toEqual(state);
    expect(serializeSearchState(EMPTY_SEARCH_STATE)).toBe('');
  });
});

describe('searchStateChanged', () => {
  it('is false when only the order of values differs', () => {
    expect(searchStateChanged(parseSearchState('?make=Kia&make=Mazda'), parseSearchState('?make=Mazda&make=Kia'))).toBe(false);
  });
  it('is true when a parameter or the route changed', () => {
    expect(searchStateChanged(parseSearchState('?page=2'), parseSearchState('?page=3'))).toBe(true);
    expect(searchStateChanged(parseSearchState('', { make: 'kia' }), parseSearchState('', { make: 'mazda' }))).toBe(true);
  });
});

describe('changing the query or a filter resets the page (docs/requirements/vehicle-browsing.md#states)', () => {
  const onPage4 = withPage(parseSearchState('?q=ute&make=Ford'), 4);
  it('query', () => {
    expect(withQuery(onPage4, 'van').page).toBe(1);
    expect(withQuery(onPage4, 'ute')).toBe(onPage4); // unchanged query keeps the page
  });
  it('refinements, ranges and sort', () => {
    expect(toggleRefinement(onPage4, 'make', 'Kia')).toMatchObject({ page: 1, refinements: { make: ['Ford', 'Kia'] } });
    expect(toggleRefinement(onPage4, 'make', 'Ford').refinements).toEqual({});
    expect(setRefinement(onPage4, 'colour', ['Red']).page).toBe(1);
    expect(setRange(onPage4, 'km', '0:50000')).toMatchObject({ page: 1, ranges: { km: '0:50000' } });
    expect(withSort(onPage4, 'price_desc').page).toBe(1);
  });
  it('Clear Filters keeps the route and sort', () => {
    const state = { ...onPage4, sortBy: 'price_desc' as const, route: { make: 'ford' } };
    expect(clearFilters(state)).toEqual({ ...EMPTY_SEARCH_STATE, sortBy: 'price_desc', route: { make: 'ford' } });
  });
});

describe('URL attribute aliases', () => {
  it('reads the seed facet name body as the index field simple_body, and writes simple_body', () => {
    const state = parseSearchState('?body=SUV&simple_body=Ute');
    expect(state.refinements).toEqual({ simple_body: ['SUV', 'Ute'] });
    expect(serializeSearchState(state)).toBe('simple_body=SUV&simple_body=Ute');
  });

  it('reads the public names transmission, fuel and drive as the fields the facet lists refine', () => {
    const state = parseSearchState('?transmission=Automatic&fuel=Petrol&drive=AWD&colour=Red');
    expect(state.refinements).toEqual({ simple_transmission: ['Automatic'], simple_fuel: ['Petrol'], simple_drive: ['AWD'], colour: ['Red'] });
  });

  it('takes every public facet name of a refinement list from the URL', () => {
    const names = ['badge', 'status', 'car_type', 'categories', 'city', 'colour', 'dealership_name', 'filtered_features', 'item_type', 'location_name']
      .concat(['make', 'make_model', 'model', 'price_range', 'seats', 'body', 'drive', 'fuel', 'transmission', 'state', 'tag', 'weekly_price_range'])
      .concat(['certified']);
    for (const name of names) {
      const state = parseSearchState(`?${name}=x`);
      expect(Object.values(state.refinements), name).toEqual([['x']]);
    }
  });
});
