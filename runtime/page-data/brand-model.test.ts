// Brand overview and model pages bind their brand or model, or render the site's own 404 (runtime/page-data/brand.ts,
// model.ts), with the stock counted in the site's own scope.
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildDemoInventory } from '../inventory/demo-inventory';
import { EmbeddedSearchEngine } from '../search';
import { CarCatalogue } from '../inventory/car-catalogue';
import { loadPageData } from '../renderer/server-loaders';
import { loadTenants } from '../tenants/load';
import { repoRoot } from '../../test-support/tenants';
import type { BrandPageData, ModelPageData } from './types';

const tenants = loadTenants(join(repoRoot, 'tenants')).flatMap((t) => (t.ok ? [t.doc] : []));
const group = tenants.find((t) => t.slug === 'southern-cross-motor-group')!;
const mazda = tenants.find((t) => t.slug === 'harbourside-mazda')!;
const now = new Date('2026-11-20T00:00:00Z');
const cars = buildDemoInventory(tenants, { total: 2000, now: now.getTime() });
let catalogue: CarCatalogue;

beforeAll(async () => {
  catalogue = await CarCatalogue.create(new EmbeddedSearchEngine(), cars);
});

const load = (tenant: typeof group, route: string, params: Record<string, string>, path: string) =>
  loadPageData({ tenant, route, params, url: new URL(`http://x.localhost${path}`), now, services: { catalogue } });

describe('brand overview pages', () => {
  it('bind a brand the site sells: name, logo, its models and its visible stock count', async () => {
    const data = await load(group, '/:brand/overview', { brand: 'toyota' }, '/toyota/overview');
    expect(data.route).toBe('/:brand/overview');
    const page = data.page as BrandPageData;
    expect(page.brand).toEqual({ name: 'Toyota', slug: 'toyota', logo: { url: '/media/makes/toyota.svg' } });
    expect(page.models.length).toBeGreaterThan(3);
    expect(new Set(page.models.map((m) => m.manufacturer_name))).toEqual(new Set(['Toyota']));
    // Models link to their model pages on this site.
    expect(page.models.find((m) => m.name === 'HiLux')!.page_path).toBe('/toyota-hilux');
    const own = new Set(group.dealerships.map((d) => d.id));
    const expected = (await catalogue.search(group, { filter: ['make = "Toyota"'], hitsPerPage: 0, page: 1 }, now.getTime())) as { totalHits: number };
    expect(page.stockCount).toBe(expected.totalHits);
    expect(page.stockCount).toBeGreaterThan(0);
    expect(cars.filter((c) => c.make === 'Toyota' && own.has(c.dealership_id)).length).toBeGreaterThanOrEqual(page.stockCount);
    expect(page.searchHref).toBe('/search/toyota');
    expect(data.meta?.title).toBe('Toyota');
  });

  it("render the site's 404 for a brand that does not exist or that the site does not sell", async () => {
    for (const brand of ['nope', 'mazda', 'hino', '']) {
      expect((await load(group, '/:brand/overview', { brand }, `/${brand}/overview`)).route).toBe('*');
    }
  });
});

describe('model pages', () => {
  it('bind a model of the site by new_slug (or slug), with its From price and its stock', async () => {
    for (const slug of ['mazda3', 'mazda-3']) {
      const data = await load(mazda, '/:model', { model: slug }, `/${slug}`);
      expect(data.route).toBe('/:model');
      const page = data.page as ModelPageData;
      expect(page.model).toMatchObject({ name: 'Mazda3', new_slug: 'mazda3', from_price: 29990 });
      expect(page.cars.length).toBeGreaterThan(0);
      expect(page.cars.length).toBeLessThanOrEqual(6);
      for (const car of page.cars) expect([car.make, car.model]).toEqual(['Mazda', '3']);
      expect(page.stockCount).toBeGreaterThanOrEqual(page.cars.length);
      expect(page.brandHref).toBe('/mazda/overview');
      expect(data.meta?.title).toBe('Mazda3');
    }
  });

  it("render the site's 404 for a word that is no model of this site (another site's model included)", async () => {
    for (const slug of ['zzz', 'toyota-hilux', 'favicon.ico', '']) {
      expect((await load(mazda, '/:model', { model: slug }, `/${slug}`)).route).toBe('*');
    }
  });
});
