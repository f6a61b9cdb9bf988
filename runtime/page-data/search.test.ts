import { describe, expect, it, vi } from 'vitest';
import type { TenantDocument } from '../../schemas/generated/tenant';
import type { RuntimeServices } from '../services';
import search, { listScopeOf, SEARCH_FAILED_MESSAGE, searchPageTitle, type SearchPageData } from './search';
import { makeSearchSlug, modelSlug } from '../domain/make-names';
import { makeModelName } from '../domain/vehicle/vehicle-title';
import { modelCatalogue } from '../models';
import { withSettingsDefaults } from '../../test-support/settings-defaults';

const tenant = {
  slug: 'demo',
  settings: { search: withSettingsDefaults('search', { pageSize: 21, promoPositions: [9] }) },
  dealerships: [],
  pages: {
    '/search/:make?/:model?': { title: 'Search', data: 'search', blocks: [{ id: 's', type: 'car-search', props: {} }] },
    '/special-offers': {
      title: 'Offers',
      data: 'search',
      blocks: [{ id: 'o', type: 'car-search', props: { variant: 'offers', offerCategories: ['Special Offers'] } }],
    },
  },
} as unknown as TenantDocument;

const answer = (facetDistribution: Record<string, Record<string, number>>) => ({
  indexUid: 'Car_production',
  hits: [{ id: 1, status: 'in_stock' }],
  totalHits: 40,
  page: 2,
  totalPages: 2,
  facetDistribution,
  facetStats: {},
  processingTimeMs: 1,
});

function servicesWith(multiSearch: (...args: never[]) => unknown): RuntimeServices {
  return { catalogue: { multiSearch } } as unknown as RuntimeServices;
}

describe('search page data', () => {
  it('reads the state from the URL and route, runs the disjunctive queries through the tenant scope, and merges them', async () => {
    const multiSearch = vi.fn(async (_t: unknown, queries: unknown[]) => ({
      results: queries.map((_, i) => (i === 0 ? answer({ make: { Toyota: 3 }, car_type: { used: 40 } }) : answer({ make: { Toyota: 3, Kia: 7 } }))),
    }));
    const url = new URL('http://demo.localhost/search/used-cars?make=Toyota&page=2&sortBy=price_asc');
    const bound = await search({ tenant, params: { make: 'used-cars' }, url, now: new Date(Date.UTC(2026, 10, 1)), services: servicesWith(multiSearch) });
    const data = (bound as { data: SearchPageData }).data;
    expect(multiSearch).toHaveBeenCalledTimes(1);
    const [scopedTenant, queries] = multiSearch.mock.calls[0] as [TenantDocument, { sort: string[]; page: number; hitsPerPage: number; filter: unknown }[]];
    expect(scopedTenant).toBe(tenant);
    expect(queries).toHaveLength(2); // main + the make facet without its own refinement
    expect(queries[0]).toMatchObject({ sort: ['price:asc'], page: 2, hitsPerPage: 21 });
    expect(JSON.stringify(queries[0]?.filter)).toContain('car_type = \\"used\\"');
    expect(data.state).toMatchObject({ page: 2, sortBy: 'price_asc', refinements: { make: ['Toyota'] }, route: { make: 'used-cars' } });
    expect(data.key).toBe('/search/used-cars?page=2&sortBy=price_asc&make=Toyota');
    expect(data.results?.facets.make).toEqual({ Toyota: 3, Kia: 7 });
    expect(data.results?.totalHits).toBe(40);
    expect(data.promoPositions).toEqual([9]);
    expect(data.error).toBeUndefined();
  });

  it('first page is sorted by custom rank, descending, by default', async () => {
    const multiSearch = vi.fn(async () => ({ results: [answer({})] }));
    await search({ tenant, params: {}, url: new URL('http://demo.localhost/search'), now: new Date(), services: servicesWith(multiSearch) });
    expect((multiSearch.mock.calls[0] as unknown[])[1]).toMatchObject([{ sort: ['custom_rank:desc'], page: 1 }]);
  });

  it('titles a make and model page after them', async () => {
    const multiSearch = vi.fn(async () => ({ results: [answer({})] }));
    const bound = await search({
      tenant,
      params: { make: 'toyota', model: 'land-cruiser' },
      url: new URL('http://demo.localhost/search/toyota/land-cruiser'),
      now: new Date(),
      services: servicesWith(multiSearch),
    });
    expect((bound as { meta?: { title?: string } }).meta?.title).toBe('Toyota Land Cruiser for Sale');
  });

  it("titles model pages with the catalogue's spelling of the make and model, not the words of the address", () => {
    expect(searchPageTitle({ make: 'mazda', model: 'bt-50' })).toBe('Mazda BT-50 for Sale');
    expect(searchPageTitle({ make: 'isuzu', model: 'd-max' })).toBe('Isuzu D-MAX for Sale');
    expect(searchPageTitle({ make: 'mercedes-benz', model: 'c-class' })).toBe('Mercedes-Benz C-Class for Sale');
    expect(searchPageTitle({ make: 'mercedes-benz' })).toBe('Mercedes-Benz for Sale');
    expect(searchPageTitle({ make: 'mazda', model: 'mazda3' })).toBe('Mazda Mazda3 for Sale');
    expect(searchPageTitle({ make: 'mazda', model: 'cx-5' })).toBe('Mazda CX-5 for Sale');
    expect(searchPageTitle({ make: 'used-cars' })).toBeUndefined();
    // a make and model only the stock knows (an imported feed) is spelt as its cars are
    expect(searchPageTitle({ make: 'ldv', model: 't60-max' }, ['LDV:T60 MAX'])).toBe('LDV T60 MAX for Sale');
    expect(searchPageTitle({ make: 'some-make', model: 'x-1' })).toBe('Some Make X 1 for Sale');
  });

  it('titles every catalogue model page with the name its cards use', () => {
    for (const { make, stockModel } of modelCatalogue()) {
      const title = searchPageTitle({ make: makeSearchSlug(make), model: modelSlug(make, stockModel) });
      expect(title).toBe(`${makeModelName(make, stockModel)} for Sale`);
      expect(title).not.toMatch(/\b(Bt|D Max|C Class)\b/);
    }
  });

  it("gives the car-search block the page's make and model name for its recent searches", async () => {
    const multiSearch = vi.fn(async () => ({ results: [answer({})] }));
    const bound = await search({
      tenant,
      params: { make: 'mercedes-benz', model: 'c-class' },
      url: new URL('http://demo.localhost/search/mercedes-benz/c-class'),
      now: new Date(),
      services: servicesWith(multiSearch),
    });
    expect((bound as { data: SearchPageData }).data.routeName).toBe('Mercedes-Benz C-Class');
    expect((bound as { meta?: { title?: string } }).meta?.title).toBe('Mercedes-Benz C-Class for Sale');
  });

  it('a failed search still binds the state, with a message instead of results', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const multiSearch = vi.fn(async () => {
      throw new Error('engine down');
    });
    const bound = await search({ tenant, params: {}, url: new URL('http://demo.localhost/search'), now: new Date(), services: servicesWith(multiSearch) });
    const data = (bound as { data: SearchPageData }).data;
    expect(data.results).toBeNull();
    expect(data.error).toBe(SEARCH_FAILED_MESSAGE);
    spy.mockRestore();
  });

  it("the offers page narrows every query to its block's offer categories", async () => {
    expect(listScopeOf(tenant, '/special-offers')).toMatchObject({ variant: 'offers' });
    expect(listScopeOf(tenant, '/search/toyota')).toEqual({});
    const multiSearch = vi.fn(async () => ({ results: [answer({})] }));
    await search({ tenant, params: {}, url: new URL('http://demo.localhost/special-offers'), now: new Date(), services: servicesWith(multiSearch) });
    expect(JSON.stringify((multiSearch.mock.calls[0] as unknown[])[1])).toContain('categories = \\"Special Offers\\"');
  });
});
