// @vitest-environment jsdom
// Featured stock: the loader picks the site's own available cars by the staff's filter and order, and the block shows
// them as the search's own cards (title, price and the one finance figure of cardFinanceFigure).
import { join } from 'node:path';
import { cleanup, render, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cardFinanceFigure } from '../../runtime/domain/finance/vehicle-finance';
import { resolvedSettings } from '../../runtime/domain/settings';
import { cardPrice, vehicleTitle } from '../../runtime/domain/vehicle';
import { CarCatalogue } from '../../runtime/inventory/car-catalogue';
import { buildDemoInventory } from '../../runtime/inventory/demo-inventory';
import { SiteContext } from '../../runtime/renderer/site-context';
import { EmbeddedSearchEngine } from '../../runtime/search';
import { withBlockDefaults } from '../../runtime/tenants/block-defaults';
import { loadTenants } from '../../runtime/tenants/load';
import { repoRoot } from '../../test-support/tenants';
import type { Car } from '../../schemas/generated/car';
import FeaturedStock from './index';
import load, { type FeaturedStockData } from './loader';

const tenants = loadTenants(join(repoRoot, 'tenants')).flatMap((t) => (t.ok ? [t.doc] : []));
const site = (slug: string) => tenants.find((t) => t.slug === slug)!;
const now = new Date('2026-11-20T00:00:00Z');
const cars = buildDemoInventory(tenants, { total: 3000, now: now.getTime() });
const byId = new Map(cars.map((c) => [c.id, c]));
let catalogue: CarCatalogue;

beforeAll(async () => {
  catalogue = await CarCatalogue.create(new EmbeddedSearchEngine(), cars);
});
afterEach(cleanup);

const run = async (slug: string, props: Record<string, unknown>) =>
  (await load({
    props: withBlockDefaults('featured-stock', props),
    tenant: site(slug),
    params: {},
    url: new URL(`http://${slug}.localhost/`),
    now,
    services: { catalogue },
    page: undefined,
  } as never)) as FeaturedStockData;

describe('featured stock loader', { timeout: 30_000 }, () => {
  it("shows the site's latest available cars first, from its own dealerships only", async () => {
    const tenant = site('big-sky-cars');
    const own = new Set(tenant.dealerships.map((d) => d.id));
    const data = await run('big-sky-cars', {});
    expect(data.cars).toHaveLength(8);
    const full = data.cars.map((c) => byId.get(c.id)!);
    for (const car of full) {
      expect(own.has(car.dealership_id)).toBe(true);
      expect(['in_stock', 'coming_soon']).toContain(car.status);
    }
    const added = full.map((c) => c.created_at_timestamp!);
    expect(added).toEqual([...added].sort((a, b) => b - a));
    // nothing newer in the site's stock was left out
    const newestLeftOut = cars
      .filter((c) => own.has(c.dealership_id) && c.status === 'in_stock' && c.show_on_dealer_website !== false && !data.cars.some((d) => d.id === c.id))
      .reduce((max, c) => Math.max(max, c.created_at_timestamp ?? 0), 0);
    expect(newestLeftOut).toBeLessThanOrEqual(added.at(-1) ?? Number.NEGATIVE_INFINITY);
  });

  it("keeps to the staff's filter: condition, make, body, top price, order and count", async () => {
    const data = await run('southern-cross-motor-group', { carTypes: ['used'], make: 'Toyota', body: 'SUV', maxPrice: 60000, order: 'price-low', count: 5 });
    expect(data.cars.length).toBeGreaterThan(0);
    expect(data.cars.length).toBeLessThanOrEqual(5);
    for (const car of data.cars) {
      expect(car).toMatchObject({ car_type: 'used', make: 'Toyota', simple_body: 'SUV' });
      expect(car.price).toBeLessThanOrEqual(60000);
    }
    const prices = data.cars.map((c) => c.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it("orders by the dealer's own ranking in the search's Featured order", async () => {
    const data = await run('big-sky-cars', { order: 'featured' });
    const ranks = data.cars.map((c) => byId.get(c.id)!.custom_rank ?? 0);
    expect(ranks).toEqual([...ranks].sort((a, b) => b - a));
    expect(new Set(ranks).size).toBeGreaterThan(1);
  });

  it('finds nothing (and the block shows nothing) for a make the site does not sell', async () => {
    const data = await run('harbourside-mazda', { make: 'Toyota', carTypes: ['new'] });
    expect(data.cars).toEqual([]);
    const { container } = renderBlock('harbourside-mazda', {}, data);
    expect(container.innerHTML).toBe('');
  });

  it("shows the cards' shape under its heading where there is no loader data (the editor's preview)", () => {
    renderBlock('harbourside-mazda', { heading: 'Fresh in' }, undefined);
    const section = document.querySelector('section.featured-stock')!;
    expect(section.getAttribute('aria-busy')).toBe('true');
    expect(section.querySelector('h2')!.textContent).toBe('Fresh in');
    expect(section.querySelectorAll('article.car-card')).toHaveLength(0);
  });
});

function renderBlock(slug: string, props: Record<string, unknown>, data: FeaturedStockData | undefined) {
  return render(
    <MemoryRouter>
      <SiteContext.Provider value={site(slug)}>
        <FeaturedStock props={withBlockDefaults('featured-stock', props)} slots={{}} data={data} block={{ id: 'featured', type: 'featured-stock' }} />
      </SiteContext.Provider>
    </MemoryRouter>,
  );
}

describe('featured stock block', { timeout: 30_000 }, () => {
  it("draws each car as the search's card: its link, title, price and the card finance figure", async () => {
    const slug = 'big-sky-cars';
    const settings = resolvedSettings(site(slug).settings);
    const own = new Set(site(slug).dealerships.map((d) => d.id));
    // the latest cars, and one of the site's cars that has a finance figure (few demo cars carry lender data)
    const latest = await run(slug, { heading: 'Just arrived', count: 5 });
    const financed = cars.find((c) => own.has(c.dealership_id) && cardFinanceFigure(c, settings.finance, now))!;
    const data = { ...latest, cars: [...latest.cars, financed] };
    renderBlock(slug, { heading: 'Just arrived' }, data);
    const section = document.querySelector('section.featured-stock') as HTMLElement;
    expect(within(section).getByRole('heading', { level: 2 }).textContent).toBe('Just arrived');
    const cards = [...section.querySelectorAll('article.car-card')];
    expect(cards.map((c) => Number(c.getAttribute('data-car-id')))).toEqual(data.cars.map((c) => c.id));
    let figures = 0;
    for (const [i, card] of cards.entries()) {
      const car = byId.get(data.cars[i]?.id ?? -1)! as Car;
      expect(card.querySelector('.car-card-title')!.textContent).toContain(vehicleTitle(car));
      expect(card.querySelector(`a[href="/cars/${car.slug}"]`)).not.toBeNull();
      expect(card.querySelector('.car-card-amount')!.textContent).toBe(cardPrice(car, settings.vehicle.price).price.text);
      const figure = cardFinanceFigure(car, settings.finance, now);
      expect(card.querySelector('.car-card-weekly strong')?.textContent ?? null).toBe(figure?.text ?? null);
      if (figure) figures++;
    }
    expect(figures).toBeGreaterThanOrEqual(1);
  });

  it('links View all to the main search page unless staff chose another, and hides it without a label', async () => {
    const data = await run('big-sky-cars', {});
    renderBlock('big-sky-cars', {}, data);
    expect(document.querySelector('.featured-all a')!.getAttribute('href')).toBe(resolvedSettings(site('big-sky-cars').settings).search.searchPath);
    cleanup();
    renderBlock('big-sky-cars', { viewAllLabel: 'Every SUV', viewAllHref: '/search/suv' }, data);
    expect(document.querySelector('.featured-all a')!.textContent).toBe('Every SUV');
    expect(document.querySelector('.featured-all a')!.getAttribute('href')).toBe('/search/suv');
    cleanup();
    renderBlock('big-sky-cars', { viewAllLabel: '' }, data);
    expect(document.querySelector('.featured-all')).toBeNull();
  });
});
