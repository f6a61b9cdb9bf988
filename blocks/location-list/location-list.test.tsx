// Server render of the location block per mode (docs/requirements/dealer-services.md#screens, #states): what shows for none, one and several locations,
// the hours table with today's holiday hours, and links only to pages the site has.
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { LocationListProps, TenantDocument } from '../../schemas/generated/tenant';
import { PageContext, SiteContext } from '../../runtime/renderer/site-context';
import LocationList from './index';
import { withBlockDefaults } from '../../runtime/tenants/block-defaults';
import { allSettingsWithDefaults } from '../../test-support/settings-defaults';

const week = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, status: 'Open', open: '08:30', close: '17:30' }));
const loc = (id: number, name: string, extra: Record<string, unknown> = {}) => ({
  id,
  name,
  slug: name.toLowerCase().replace(/ /g, '-'),
  address: { street: `${id} Main St`, city: 'Brisbane', state: 'QLD', postcode: '4000', lat: -27.47, long: 153.02 },
  contact_detail: { phone: '+61 7 3123 4567', opening_hours: week },
  ...extra,
});
const page = { title: 'x', blocks: [] };
const site = (dealerships: unknown[], pages: Record<string, unknown> = {}) =>
  ({ slug: 't', name: 'T', settings: allSettingsWithDefaults(), dealerships, pages: { '/': page, ...pages } }) as unknown as TenantDocument;

function render(doc: TenantDocument, props: LocationListProps, { route = '/contact', now = '2026-12-10T01:00:00Z' } = {}) {
  return renderToString(
    <MemoryRouter>
      <SiteContext.Provider value={doc}>
        <PageContext.Provider value={{ route, tenant: doc.slug }}>
          <LocationList
            props={withBlockDefaults('location-list', props)}
            slots={{}}
            data={{ nowMs: Date.parse(now) }}
            block={{ id: 'locations', type: 'location-list' }}
          />
        </PageContext.Provider>
      </SiteContext.Provider>
    </MemoryRouter>,
  );
}

const group = site(
  [
    {
      id: 1,
      name: 'Alpha Motors',
      slug: 'alpha',
      manufacturer: 'Kia',
      locations: [
        loc(11, 'Alpha Sales', { primary: true, special_hours: [{ date: '2026-12-25', status: 'Closed', name: 'Christmas Day' }] }),
        loc(12, 'Alpha Service', { location_type: 'service' }),
      ],
    },
    { id: 2, name: 'Beta Motors', slug: 'beta', manufacturer: 'Ford', locations: [loc(21, 'Beta Sales', { primary: true, visible: false })] },
    { id: 3, name: 'Gamma Motors', slug: 'gamma', manufacturer: 'Ford', locations: [loc(31, 'Gamma Sales', { primary: true })] },
  ],
  { '/our-location/:slug': page, '/search/:make?/:model?': page, '/contact': page },
);

describe('location block modes', () => {
  it('shows nothing without locations', () => {
    expect(render(group, { show: 'parts' })).toBe('');
  });
  it('one location: a large card with the hero map', () => {
    const html = render(group, { show: 'single', locationId: 31 });
    expect(html).toContain('data-layout="single"');
    expect(html).toContain('location-map-hero');
    expect(html).toContain('Gamma Sales');
  });
  it('several dealerships: the carousel, sorted by name, hidden locations dropped', () => {
    const html = render(group, { show: 'primary' });
    expect(html).toContain('data-layout="dealership-carousel"');
    expect(html).toContain('aria-roledescription="carousel"');
    expect(html).not.toContain('Beta Sales');
    expect(html.indexOf('Alpha Sales')).toBeLessThan(html.indexOf('Gamma Sales'));
  });
  it('several locations of one dealership: a grid; on service paths only service locations', () => {
    const doc = site([group.dealerships[0]], { '/contact': page });
    expect(render(doc, { show: 'all' })).toContain('data-layout="grid"');
    const service = render(doc, { show: 'all' }, { route: '/service' });
    expect(service).toContain('data-layout="single"');
    expect(service).toContain('Alpha Service');
    expect(service).not.toContain('Alpha Sales');
  });
  it('service locations of a site that lists none: the yards its service form offers, not nothing', () => {
    const yards = site(
      [{ id: 5, name: 'Yard Cars', slug: 'yard', locations: [loc(51, 'Yard North'), loc(52, 'Yard South'), loc(53, 'Yard Hidden', { visible: false })] }],
      { '/contact': page },
    );
    const html = render(yards, { show: 'service' }, { route: '/service' });
    expect(html).toContain('data-layout="grid"');
    expect(html).toContain('Yard North');
    expect(html).toContain('Yard South');
    expect(html).not.toContain('Yard Hidden');
    // A site with a service centre still shows only it.
    expect(render(group, { show: 'service' }, { route: '/service' })).not.toContain('Gamma Sales');
    // Other selectors keep showing nothing when nothing matches.
    expect(render(yards, { show: 'parts' })).toBe('');
  });
});

describe('location card', () => {
  it('shows the phone as 2-4-4 with a tel: link, hours as Mon-Fri, and links only to existing pages', () => {
    const html = render(group, { show: 'primary', showStockLink: true });
    expect(html).toContain('href="tel:+61731234567"');
    expect(html).toContain('>07 3123 4567<');
    expect(html).toMatch(/<th scope="row">Mon-Fri<\/th><td>8:30am - 5:30pm/);
    expect(html).toContain('href="/our-location/alpha-sales"');
    expect(html).toContain('href="/search/alpha-sales"');
    const bare = site(group.dealerships, {});
    const plain = render(bare, { show: 'primary', showStockLink: true });
    expect(plain).not.toContain('View Details');
    expect(plain).not.toContain('View Our Stock');
  });
  it("puts today's holiday hours in the table and offers the holiday hours dialog", () => {
    const christmas = render(group, { show: 'single', locationId: 11 }, { now: '2026-12-25T01:00:00Z' });
    expect(christmas).toMatch(/<th scope="row">Friday<\/th><td>Closed<span class="hours-special"> \(<!-- -->Christmas Day<!-- -->\)<\/span>/);
    expect(christmas).not.toContain('Mon-Fri');
    expect(christmas).toContain('View Holiday Hours');
    // After the day, nothing upcoming: no dialog button.
    expect(render(group, { show: 'single', locationId: 11 }, { now: '2026-12-27T01:00:00Z' })).not.toContain('View Holiday Hours');
  });
  it('links a single-manufacturer site to /contact', () => {
    const single = site([group.dealerships[0]], { '/contact': page });
    expect(render(single, { show: 'all' }, { route: '/' })).toContain('href="/contact"');
    expect(render(group, { show: 'all' }, { route: '/' })).not.toContain('Contact Us');
  });
});
