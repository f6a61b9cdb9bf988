// A site's sitemap is built from its document and its visible stock: its own cars only, none sold past the window,
// and the cache is rebuilt after a publish (a new document) or a stock change (the catalogue's version).
import { beforeAll, describe, expect, it } from 'vitest';
import { buildDemoInventory } from '../inventory/demo-inventory';
import { EmbeddedSearchEngine } from '../search';
import { CarCatalogue } from '../inventory/car-catalogue';
import { sitemapEntries, sitemapsFor } from './sitemaps';
import { shippedTenants } from '../../test-support/server';
import { atLeast } from '../../test-support/at-least';

describe('sitemaps from the stock', () => {
  const tenants = shippedTenants();
  const now = Date.now();
  const cars = buildDemoInventory(tenants, { total: 300, now });
  let catalogue: CarCatalogue;
  beforeAll(async () => {
    catalogue = await CarCatalogue.create(new EmbeddedSearchEngine(), cars);
  });
  const site = tenants.find((t) => t.slug === 'big-sky-cars')!;
  const own = new Set(site.dealerships.map((d) => d.id));

  it("lists exactly the cars the site's search shows, with lastmod from updated_at", async () => {
    const entries = await sitemapEntries(site, catalogue, now);
    const listed = new Set(entries.filter((e) => e.path.startsWith('/cars/')).map((e) => e.path.slice('/cars/'.length)));
    const visible = cars.filter(
      (c) => own.has(c.dealership_id) && c.show_on_dealer_website !== false && (c.status !== 'sold' || c.sold_date_timestamp! * 1000 >= now - 3 * 86_400_000),
    );
    expect([...listed].sort()).toEqual(visible.map((c) => c.slug).sort());
    expect(cars.some((c) => !own.has(c.dealership_id) && listed.has(c.slug))).toBe(false);
    const [car] = atLeast(1, visible, 'the visible cars');
    const first = entries.find((e) => e.path === `/cars/${car.slug}`)!;
    expect(first.lastmod).toBe(new Date(Date.parse(car.updated_at!)).toISOString().replace(/\.\d{3}Z$/, 'Z'));
    expect(entries.some((e) => e.path === `/search/${car.make.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`)).toBe(true);
  });

  it('is cached per document and stock version, and rebuilt after a publish or a stock change', async () => {
    const first = await sitemapsFor(site, catalogue, now);
    expect(await sitemapsFor(site, catalogue, now)).toBe(first);
    const published = { ...site, pages: { ...site.pages } };
    delete (published.pages as Record<string, unknown>)['/careers'];
    const afterPublish = await sitemapsFor(published, catalogue, now);
    expect(afterPublish).not.toBe(first);
    expect(afterPublish.root).not.toContain('/careers<');
    expect(first.root).toContain('/careers<');
    const car = cars.find((c) => own.has(c.dealership_id) && c.status === 'in_stock')!;
    await catalogue.setReserved(car.id, true);
    expect(await sitemapsFor(site, catalogue, now)).not.toBe(first);
  });
});
