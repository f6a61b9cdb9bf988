import { describe, expect, it } from 'vitest';
import { buildSearchRequest, limitFacetDistribution } from './build-search-request';
import { carTypeRank } from './sort-options';
import { parseSearchState } from './search-state';
import { withSettingsDefaults } from '../../../test-support/settings-defaults';

const NOW = Date.UTC(2025, 6, 10);
const visibility = `(status IN ["in_stock", "coming_soon"] OR (status = "sold" AND sold_date_timestamp >= ${NOW / 1000 - 3 * 86400})) AND show_on_dealer_website = true`;

describe('buildSearchRequest', () => {
  it('defaults: 21 per page, custom rank descending, visibility filter', () => {
    const { params, facetLimits } = buildSearchRequest(parseSearchState(''), withSettingsDefaults('search'), { nowMs: NOW });
    expect(params.hitsPerPage).toBe(21);
    expect(params.page).toBe(1);
    expect(params.q).toBe('');
    expect(params.sort).toEqual(['custom_rank:desc']);
    expect(params.filter).toEqual([visibility]);
    expect(facetLimits).toMatchObject({
      body: 30,
      make: 100,
      model: 250,
      colour: 30,
      car_type: 6,
      price_range: 30,
      location_name: 30,
      fuel: 30,
      city: 20,
      dealership_name: 40,
    });
    expect(params.facets).toEqual(expect.arrayContaining(Object.keys(facetLimits)));
  });

  it('query, page, route, refinements and ranges', () => {
    const state = parseSearchState('?q=4x4&page=2&make_model=Toyota:Hilux&price=10000:20000&km=:80000', { make: 'toyota' });
    const { params } = buildSearchRequest(state, withSettingsDefaults('search', { pageSize: 12, soldVisibleDays: 7, defaultFilter: { usedOnly: true } }), {
      nowMs: NOW,
    });
    expect(params).toMatchObject({ q: '4x4', page: 2, hitsPerPage: 12 });
    expect(params.filter).toEqual([
      visibility.replace(String(NOW / 1000 - 3 * 86400), String(NOW / 1000 - 7 * 86400)),
      'car_type = "used"',
      ['make_slug = "toyota"', 'body_slug = "toyota"', 'dealership_slug = "toyota"', 'location_slug = "toyota"'],
      ['make_model = "Toyota:Hilux"'],
      'km <= 80000',
      'price 10000 TO 20000',
    ]);
  });

  it('car type sort orders new, demo, used through car_type_rank', () => {
    const { params } = buildSearchRequest(parseSearchState('?sortBy=car_type'), withSettingsDefaults('search'), { nowMs: NOW });
    expect(params.sort).toEqual(['car_type_rank:asc', 'custom_rank:desc']);
    expect(['used', 'new', 'demo'].sort((a, b) => carTypeRank(a) - carTypeRank(b))).toEqual(['new', 'demo', 'used']);
  });

  it('ascending price sort excludes price 0 only on flagged sites', () => {
    const asc = parseSearchState('?sortBy=price_asc');
    expect(buildSearchRequest(asc, withSettingsDefaults('search'), { nowMs: NOW }).params.filter).not.toContain('price > 0');
    const flagged = buildSearchRequest(asc, withSettingsDefaults('search', { excludeZeroPriceFromAscendingSort: true }), { nowMs: NOW }).params;
    expect(flagged.sort).toEqual(['price:asc']);
    expect(flagged.filter).toContain('price > 0');
    const desc = parseSearchState('?sortBy=price_desc');
    expect(buildSearchRequest(desc, withSettingsDefaults('search', { excludeZeroPriceFromAscendingSort: true }), { nowMs: NOW }).params.filter).not.toContain(
      'price > 0',
    );
  });

  it('uses the site default sort when the URL has none', () => {
    expect(buildSearchRequest(parseSearchState(''), withSettingsDefaults('search', { defaultSortBy: 'newest' }), { nowMs: NOW }).params.sort).toEqual([
      'created_at_timestamp:desc',
    ]);
  });
});

describe('limitFacetDistribution', () => {
  it('keeps the top values up to each facet limit (city 20)', () => {
    const cities = Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`City ${i}`, i + 1]));
    const limited = limitFacetDistribution({ city: cities, year: { '2020': 1 } });
    expect(Object.keys(limited.city ?? {})).toHaveLength(20);
    expect(limited.city?.['City 24']).toBe(25);
    expect(limited.city?.['City 0']).toBeUndefined();
    expect(limited.year).toEqual({ '2020': 1 });
  });
});
