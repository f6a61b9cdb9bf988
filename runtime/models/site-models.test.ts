import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildDemoInventory } from '../inventory/demo-inventory';
import { EmbeddedSearchEngine } from '../search';
import { CarCatalogue } from '../inventory/car-catalogue';
import { loadTenants } from '../tenants/load';
import { repoRoot } from '../../test-support/tenants';
import { isVisibleInSearch } from '../domain/search/filters';
import { siteModels } from './site-models';

const tenants = loadTenants(join(repoRoot, 'tenants')).flatMap((t) => (t.ok ? [t.doc] : []));
const mazda = tenants.find((t) => t.slug === 'harbourside-mazda')!;
const now = Date.parse('2026-11-20T00:00:00Z');
const cars = buildDemoInventory(tenants, { total: 2000, now });
let stock: CarCatalogue;

beforeAll(async () => {
  stock = await CarCatalogue.create(new EmbeddedSearchEngine(), cars);
});

describe('siteModels: From prices', () => {
  it('keeps the catalogue price where there is one', async () => {
    const models = await siteModels(mazda, stock, now);
    expect(models.find((m) => m.name === 'CX-5')!.from_price).toBe(36990);
  });

  it("uses the lowest new price in the site's own visible stock when the catalogue has none", async () => {
    const models = await siteModels(mazda, stock, now);
    const own = new Set(mazda.dealerships.map((d) => d.id));
    let priced = 0;
    for (const name of ['CX-90', 'MX-5']) {
      const stockModel = name;
      const prices = cars
        .filter((c) => own.has(c.dealership_id) && c.model === stockModel && c.car_type === 'new' && c.price > 0 && isVisibleInSearch(c, now, 3))
        .map((c) => c.price);
      const model = models.find((m) => m.name === name)!;
      expect(model.from_price).toBe(prices.length ? Math.min(...prices) : null);
      if (prices.length) priced += 1;
    }
    expect(priced).toBeGreaterThan(0); // the demo stock has new cars of these models
    expect(models.find((m) => m.name === 'Mazda 6e')!.from_price).toBeNull();
  });

  it('without a stock service, models without a list price have no From price', async () => {
    const models = await siteModels(mazda, undefined, now);
    expect(models.find((m) => m.name === 'CX-90')!.from_price).toBeNull();
    expect(models.find((m) => m.name === 'Mazda3')!.from_price).toBe(29990);
  });
});
