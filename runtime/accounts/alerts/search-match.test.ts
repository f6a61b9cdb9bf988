// The alert job matches a period's changed cars over an index of just those cars; the account page counts new cars
// over the whole stock. Both run the saved search page's own query, and these tests hold them to the same answer on
// the demo stock of Big Sky for a spread of saved pages (makes, models, price and year bands, text, sold, body).
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Car } from '../../../schemas/generated/car';
import type { TenantDocument } from '../../../schemas/generated/tenant';
import { CarCatalogue } from '../../inventory/car-catalogue';
import { buildDemoInventory } from '../../inventory/demo-inventory';
import { EmbeddedSearchEngine } from '../../search';
import { newCarsSince } from '../../server/routes/saved-search-count';
import { loadTenant } from '../../tenants/load';
import { atLeast } from '../../../test-support/at-least';
import { repoRoot } from '../../../test-support/tenants';
import { changedCarsMatcher, savedSearchQuery } from './search-match';

const loaded = loadTenant(join(repoRoot, 'tenants', 'big-sky-cars.json'), join(repoRoot, 'tenants', 'templates'));
if (!loaded.ok) throw new Error('big-sky-cars does not load');
const site = loaded.doc as TenantDocument;
const NOW = Date.parse('2026-11-29T22:15:00Z');

let cars: Car[];
let whole: CarCatalogue;

/** What the search page itself shows of the whole stock, by id. */
async function pageIds(path: string): Promise<number[]> {
  const main = savedSearchQuery(site, path, NOW)?.main;
  if (!main) return [];
  const { results } = await whole.multiSearch(site, [{ ...main, hitsPerPage: cars.length, page: 1, facets: [], attributesToRetrieve: ['id'] }], NOW);
  return atLeast(1, results, 'the search results')[0].hits.map((h) => Number((h as { id: unknown }).id));
}

beforeAll(async () => {
  cars = buildDemoInventory([site], { total: 2500, now: NOW }).filter((c) => site.dealerships.some((d) => d.id === c.dealership_id));
  whole = await CarCatalogue.create(new EmbeddedSearchEngine(), cars);
});

describe('matching saved searches against a period’s changed cars', () => {
  const sampleOf = () => {
    const makes = atLeast(1, [...new Set(cars.map((c) => c.make))].slice(0, 4), 'the makes in stock');
    const withModel = cars.find((c) => c.model)!;
    const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    return [
      '/search',
      ...makes.map((m) => `/search/${slug(m)}`),
      `/search/${slug(withModel.make)}/${slug(withModel.model!)}`,
      `/search/${slug(makes[0])}?price=0:25000`,
      '/search?price=30000:',
      '/search?year=2020:',
      '/search?km=0:50000',
      `/search?q=${encodeURIComponent(withModel.make.toLowerCase())}`,
      '/search/suv',
      '/search?sold=1',
      '/not-a-search',
    ];
  };

  it('finds, of the changed cars, exactly those the search page shows', async () => {
    // Every third car "changed"; some of them match each page and some do not.
    const changed = cars.filter((_, i) => i % 3 === 0).map((c) => c.id);
    const match = await changedCarsMatcher(whole, site, changed, NOW);
    const changedSet = new Set(changed);
    let matched = 0;
    for (const path of sampleOf()) {
      const expected = (await pageIds(path)).filter((id) => changedSet.has(id));
      const got = await match(path);
      expect(new Set(got), path).toEqual(new Set(expected));
      expect(got.length, path).toBe(expected.length);
      matched += got.length;
    }
    expect(matched).toBeGreaterThan(0);
  });

  it('agrees with the account page’s count of new cars when the changed cars are those created since the last look', async () => {
    const since = NOW - 4 * 86_400_000;
    const created = cars.filter((c) => (c.created_at_timestamp ?? 0) > Math.floor(since / 1000)).map((c) => c.id);
    expect(created.length).toBeGreaterThan(0);
    expect(created.length).toBeLessThan(cars.length);
    const match = await changedCarsMatcher(whole, site, created, NOW);
    for (const path of sampleOf()) {
      const count = await newCarsSince(whole, site, path, since, NOW);
      expect((await match(path)).length, path).toBe(count ?? 0);
    }
  });

  it('matches nothing when no car changed or the changed cars are gone from stock', async () => {
    expect(await (await changedCarsMatcher(whole, site, [], NOW))('/search')).toEqual([]);
    expect(await (await changedCarsMatcher(whole, site, [987_654_321], NOW))('/search')).toEqual([]);
  });
});
