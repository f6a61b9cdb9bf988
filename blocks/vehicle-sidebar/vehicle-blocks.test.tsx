// Server render of the vehicle page blocks with a bound car: what a shopper sees before any script runs.
import { join } from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Car } from '../../schemas/generated/car';
import type { TenantDocument } from '../../schemas/generated/tenant';
import { buildDemoInventory } from '../../runtime/inventory/demo-inventory';
import type { VehiclePageData } from '../../runtime/page-data/types';
import { PageContext, SiteContext } from '../../runtime/renderer/site-context';
import type { BlockComponent } from '../../runtime/renderer/types';
import { loadTenants } from '../../runtime/tenants/load';
import CallDealer from '../call-dealer';
import FuelCalculator from '../fuel-calculator';
import VehicleLocatedAt from '../vehicle-located-at';
import VehicleSidebar from './index';

const tenants = loadTenants(join(import.meta.dirname, '../../tenants')).flatMap((t) => (t.ok ? [t.doc] : []));
const site = (slug: string) => tenants.find((t) => t.slug === slug)!;
const cars = buildDemoInventory(tenants, { total: 800, now: Date.parse('2026-03-01T00:00:00Z') });

function vehicleData(tenant: TenantDocument, car: Car): VehiclePageData {
  const dealership = tenant.dealerships.find((d) => d.id === car.dealership_id)!;
  return {
    car,
    dealership,
    location: dealership.locations.find((l) => l.id === car.location_id),
    primaryLocation: dealership.locations.find((l) => l.primary),
  };
}

function render(Component: BlockComponent, tenant: TenantDocument, car: Car, props: Record<string, unknown> = {}, data?: unknown) {
  return renderToStaticMarkup(
    <MemoryRouter>
      <SiteContext.Provider value={tenant}>
        <PageContext.Provider value={{ route: '/cars/:slug', tenant: tenant.slug, data: vehicleData(tenant, car) }}>
          <Component props={props} slots={{}} data={data} block={{ id: 'x', type: 'x' }} />
        </PageContext.Provider>
      </SiteContext.Provider>
    </MemoryRouter>,
  );
}

const bigSky = site('big-sky-cars');
const harbourside = site('harbourside-mazda');
const own = (t: TenantDocument) => (c: Car) => t.dealerships.some((d) => d.id === c.dealership_id);

describe('vehicle sidebar', () => {
  it('shows SOLD with Find Me Something Similar and no purchase actions for a sold car', () => {
    const html = render(VehicleSidebar, bigSky, cars.find((c) => own(bigSky)(c) && c.status === 'sold')!, { valueAdds: [] }, { figure: null });
    expect(html).toContain('SOLD');
    expect(html).toContain('Find Me Something Similar');
    for (const text of ['Enquire Now', 'Book a Test Drive', 'Value My Trade-In', 'Reserve Car Now', 'Get Finance']) expect(html).not.toContain(text);
  });

  it("shows 'Enquire for price.' for a car without a price", () => {
    const html = render(VehicleSidebar, bigSky, cars.find((c) => own(bigSky)(c) && c.status === 'in_stock' && c.price === 0)!, {}, { figure: null });
    expect(html).toContain('Enquire for price.');
  });

  it('reads the reserve text from the site: with the $200 default, or without the amount', () => {
    const available = (t: TenantDocument) => cars.find((c) => own(t)(c) && c.status === 'in_stock' && c.price > 0)!;
    expect(render(VehicleSidebar, bigSky, available(bigSky), {}, { figure: null })).toContain('Reserve Car Now for $200');
    const html = render(VehicleSidebar, harbourside, available(harbourside), {}, { figure: null });
    expect(html).toContain('>Reserve Car Now<');
    expect(html).toContain('Buy Online');
  });

  it('gives Enquire Now alone the primary colour, the other buttons outlined two to a row, the history report as a link', () => {
    const car = cars.find((c) => own(bigSky)(c) && c.status === 'in_stock' && c.price > 0 && c.file)!;
    const html = render(VehicleSidebar, bigSky, car, {}, { figure: null });
    expect(html.match(/button-primary/g)).toHaveLength(1);
    expect(html).toMatch(
      /<div class="sidebar-primary-actions"><div><a class="button button-primary sidebar-button" href="#enquire">Enquire Now<\/a><\/div>.*Reserve Car Now for \$200/,
    );
    const secondary = html.slice(html.indexOf('class="sidebar-buttons"'), html.indexOf('class="sidebar-links"'));
    for (const text of ['Call Dealer', 'Get Finance', 'Book a Test Drive', 'Value My Trade-In', 'WhatsApp Us']) {
      expect(secondary).toMatch(new RegExp(`class="button button-outline sidebar-button"[^>]*>${text}<`));
    }
    expect(html).toMatch(/<div class="sidebar-links">.*<a [^>]*class="sidebar-link"[^>]*>Car History Report<\/a>/);
  });

  it("shows the server's finance figure with Get Pre-Approved", () => {
    const car = cars.find((c) => own(bigSky)(c) && c.status === 'in_stock' && c.price > 0)!;
    const html = render(
      VehicleSidebar,
      bigSky,
      car,
      {},
      { figure: { amount: 147, period: 'wk', text: 'Only $147 /wk*', source: 'lender', interestRate: 10, comparisonRate: 10.5 } },
    );
    expect(html).toContain('Only $147 /wk*');
    expect(html).toContain('Get Pre-Approved');
  });
});

describe('call the dealer', () => {
  const car = cars.find((c) => own(bigSky)(c))!;
  it('masks the number after five characters on a masking site, and shows it in full elsewhere', () => {
    expect(render(CallDealer, bigSky, car)).toMatch(/\d\d \d\dXX XXXX/);
    const hCar = cars.find((c) => own(harbourside)(c))!;
    expect(render(CallDealer, harbourside, hCar)).toMatch(/\d\d \d{4} \d{4}/);
  });
});

describe('located at and fuel calculator', () => {
  it("shows 'Located at {city}' only away from the primary location", () => {
    const away = cars.find((c) => own(bigSky)(c) && c.location_id === 2012)!;
    const home = cars.find((c) => own(bigSky)(c) && c.location_id === 2011)!;
    expect(render(VehicleLocatedAt, bigSky, away)).toContain('Located at Dandenong');
    expect(render(VehicleLocatedAt, bigSky, home)).toBe('');
  });

  it('renders nothing for an electric car', () => {
    const electric = cars.find((c) => own(bigSky)(c) && c.simple_fuel === 'Electric')!;
    const petrol = cars.find((c) => own(bigSky)(c) && c.simple_fuel === 'Petrol')!;
    expect(render(FuelCalculator, bigSky, electric)).toBe('');
    expect(render(FuelCalculator, bigSky, petrol)).toContain('Per week');
  });
});
