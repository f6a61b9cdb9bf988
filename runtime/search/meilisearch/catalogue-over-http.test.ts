// The server's real search traffic (CarCatalogue: index build, the search page's multi-search with tenant scope,
// disjunctive facets, ranges and sorts) through the Meilisearch adapter and HTTP, against the stub. The stub checks
// every parameter's name and type as Meilisearch does and answers with the embedded engine, so the answers must be
// those of the embedded engine exactly: any difference is the adapter losing or changing something on the way.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TenantDocument } from '../../../schemas/generated/tenant';
import { parseSearchState } from '../../domain/search/search-state';
import { searchQueries } from '../../domain/search/search-queries';
import { generateInventory } from '../../inventory/generate';
import { NOW, SAMPLE_DEALERSHIPS } from '../../../test-support/inventory';
import { CarCatalogue } from '../../inventory/car-catalogue';
import { EmbeddedSearchEngine } from '../embedded/embedded-engine';
import type { MultiSearchResult } from '../types';
import { MeilisearchEngine } from './meilisearch-engine';
import { startMeilisearchStub, type MeilisearchStub } from '../../../test-support/meilisearch-stub';
import { withSettingsDefaults } from '../../../test-support/settings-defaults';

const KEY = 'catalogue-master-key-0123456789';
const cars = generateInventory({ count: 400, seed: 16, dealerships: SAMPLE_DEALERSHIPS, now: NOW });
const tenant = {
  dealerships: SAMPLE_DEALERSHIPS.slice(0, 2).map((d) => ({ id: d.id })),
  settings: { search: { soldVisibleDays: 3 } },
} as unknown as TenantDocument;

const withoutTiming = (results: MultiSearchResult[]) => results.map(({ processingTimeMs: _ms, ...rest }) => rest);

describe("the server's catalogue searches through the Meilisearch adapter (stub of the HTTP API)", () => {
  let stub: MeilisearchStub;
  let overHttp: CarCatalogue;
  let embedded: CarCatalogue;
  beforeAll(async () => {
    stub = await startMeilisearchStub({ masterKey: KEY });
    overHttp = await CarCatalogue.create(new MeilisearchEngine(stub.url, KEY), cars);
    embedded = await CarCatalogue.create(new EmbeddedSearchEngine(), cars);
  }, 30_000);
  afterAll(async () => {
    await stub.close();
  });

  const topMake = () => {
    const counts = new Map<string, number>();
    for (const car of cars) if (tenant.dealerships.some((d) => d.id === car.dealership_id)) counts.set(car.make, (counts.get(car.make) ?? 0) + 1);
    const [top] = [...counts].sort((a, b) => b[1] - a[1]);
    if (!top) throw new Error("the site's dealerships have no cars");
    return top[0];
  };

  const pages: [string, string, { make?: string; model?: string }?][] = [
    ['the first page of /search', ''],
    ['refinements, a price range and a sort', '?make=Toyota&make=Mazda&colour=White&price=10000:60000&sortBy=price_asc'],
    ['a text query', '?q=ranger'],
    ['page 2 by car type', '?sortBy=car_type&page=2'],
    ['a make route with a km range', '?km=0:80000&sortBy=km_asc', { make: 'TOP' }],
  ];

  for (const [name, query, route] of pages) {
    it(`${name}: the same answer as the embedded engine`, async () => {
      const routeParams =
        route?.make === 'TOP'
          ? {
              make: topMake()
                .toLowerCase()
                .replace(/[^a-z0-9]+/g, '-'),
            }
          : route;
      const { queries } = searchQueries(parseSearchState(query, routeParams), withSettingsDefaults('search'), { nowMs: NOW });
      const theirs = await overHttp.multiSearch(tenant, queries, NOW);
      const ours = await embedded.multiSearch(tenant, queries, NOW);
      expect(theirs.results.length).toBeGreaterThan(0);
      expect(withoutTiming(theirs.results)).toEqual(withoutTiming(ours.results));
    });
  }

  it("the scope holds over HTTP: every hit belongs to the site's dealerships", async () => {
    const { queries } = searchQueries(parseSearchState('?hitsPerPage=100'), withSettingsDefaults('search'), { nowMs: NOW });
    const { results } = await overHttp.multiSearch(tenant, queries, NOW);
    const ids = new Set(tenant.dealerships.map((d) => d.id));
    expect(results[0]?.hits.length).toBeGreaterThan(0);
    expect(results[0]?.hits.every((h) => ids.has(h.dealership_id))).toBe(true);
  });

  it('a single search with the scope, as the page data source and loaders send it', async () => {
    const params = { filter: 'price > 20000', sort: ['price:desc'], limit: 5, facets: ['make'] };
    const theirs = await overHttp.search(tenant, params, NOW);
    const { processingTimeMs: _a, ...a } = theirs;
    const { processingTimeMs: _b, ...b } = await embedded.search(tenant, params, NOW);
    expect(a).toEqual(b);
    expect(theirs.hits).toHaveLength(5);
  });
});
