// Renders the hero with fixture props and loader data, as the server does for the first paint.
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { StockSearchHeroProps, TenantDocument } from '../../schemas/generated/tenant';
import { SiteContext } from '../../runtime/renderer/site-context';
import StockSearchHero from './index';
import { PRICE_BUCKETS, type HeroData } from './hero-search';
import { withMakeLogos } from './loader';
import { withBlockDefaults } from '../../runtime/tenants/block-defaults';
import { type SettingsInput, withSettingsDefaults } from '../../test-support/settings-defaults';

const site = (search: SettingsInput<'search'> = {}) =>
  ({ slug: 'test-site', settings: { search: withSettingsDefaults('search', search) } }) as unknown as TenantDocument;

const data: HeroData = {
  counts: {
    total: 1234,
    options: {
      make: [
        { value: 'Mazda', label: 'Mazda', count: 1200 },
        { value: 'Toyota', label: 'Toyota', count: 34 },
      ],
      model: [],
      body: [{ value: 'SUV', label: 'SUV', count: 700 }],
      colour: [],
      fuel: [{ value: 'Diesel', label: 'Diesel', count: 1 }],
    },
    prices: PRICE_BUCKETS.map((_, i) => i + 1),
  },
  stock: {
    tiles: { make: [{ value: 'Mazda', label: 'Mazda', count: 1200 }], body: [{ value: 'Cab Chassis', label: 'Cab Chassis', count: 1 }] },
  },
};

function render(props: StockSearchHeroProps, heroData: HeroData | null | undefined = data, doc = site()) {
  return renderToStaticMarkup(
    <MemoryRouter>
      <SiteContext.Provider value={doc}>
        <StockSearchHero props={withBlockDefaults('stock-search-hero', props)} slots={{}} data={heroData} block={{ id: 'hero-1', type: 'stock-search-hero' }} />
      </SiteContext.Provider>
    </MemoryRouter>,
  );
}

const text = (html: string) => html.replace(/<[^>]+>/g, '|').replace(/\|+/g, '|');

describe('stock search hero', () => {
  it("defaults: the seed's heading, All / New / Used / Demo with All chosen, six dropdowns with counts", () => {
    const html = render({});
    expect(html).toContain('<h2 id="hero-1-heading">Search Our New &amp; Used Vehicles</h2>');
    expect(text(html)).toContain('|All|New|Used|Demo|');
    expect(html).toMatch(/checked="" value=""\/><span>All<\/span>/);
    for (const label of ['Make', 'Model', 'Body Type', 'Colour', 'Fuel Type', 'Price']) expect(html).toContain(`>${label}</label>`);
    expect(html).toContain('<option value="Mazda">Mazda (1,200)</option>');
    expect(html).toContain('<option value="Diesel">Diesel (1)</option>');
    expect(html).toContain('<option value="1:9999">Under $10,000 (1)</option>');
    expect(html).toContain('<option value="75000:">$75,000 and over (6)</option>');
    expect(html).toContain('1,234 vehicles match');
    // docs/requirements/dealer-services.md#screens: the model list depends on the make.
    expect(html).toMatch(/name="model" disabled=""><option value="" selected="">Choose a make first<\/option><\/select>/);
  });

  it("the site's hero settings apply when the props leave them out; props win", () => {
    const doc = site({ hero: { heading: 'Search Our Stock', carTypeChoices: ['new,demo', 'used'], forceCarTypeSlider: false } });
    const html = render({}, data, doc);
    expect(html).toContain('>Search Our Stock</h2>');
    // Fewer than 3 choices: no slider (docs/requirements/dealer-services.md#states).
    expect(html).not.toContain('ssh-types');
    const forced = render({ heading: 'Find Your Next Van', forceCarTypeSlider: true }, data, doc);
    expect(forced).toContain('>Find Your Next Van</h2>');
    expect(text(forced)).toContain('|New / Demo|Used|');
    expect(forced).toMatch(/checked="" value="new,demo"/);
  });

  it('tiles link make and body to /search/{slug}; the price button sorts by price, highest first', () => {
    const html = render({}, data, site({ searchPath: '/search/used-cars' }));
    expect(html).toContain('href="/search/mazda"');
    expect(html).toContain('href="/search/cab-chassis"');
    expect(text(html)).toContain('|Cab Chassis|1 vehicle|');
    expect(html).toContain('href="/search/used-cars?sortBy=price_desc"');
    expect(html).toContain('max="250000"');
    expect(html).toContain('action="/search/used-cars"');
  });

  it("make tiles show the make's drawn logo (a make without one keeps its name only); body tiles show the body's icon", () => {
    const stock = withMakeLogos({
      tiles: {
        make: [
          { value: 'Mazda', label: 'Mazda', count: 3 },
          { value: 'Nobody Motors', label: 'Nobody Motors', count: 1 },
        ],
        body: [{ value: 'Ute', label: 'Ute', count: 2 }],
      },
    });
    expect(stock.tiles.make).toEqual([
      { value: 'Mazda', label: 'Mazda', count: 3, logo: '/media/makes/mazda.svg' },
      { value: 'Nobody Motors', label: 'Nobody Motors', count: 1 },
    ]);
    const html = render({}, { ...data, stock });
    const tiles = html.split('class="ssh-tile"').slice(1);
    expect(tiles[0]).toMatch(/<img src="\/media\/makes\/mazda.svg" alt="" width="96" height="48" loading="lazy"[^>]*class="ssh-tile-logo"/);
    expect(tiles[1]).not.toContain('<img');
    expect(tiles[2]).toContain('data-body-type="ute"');
  });

  it('chosen dropdowns only; no tiles or slider when turned off', () => {
    const html = render({ dropdowns: ['type', 'price'], tiles: [], priceSlider: false });
    expect(html).toContain('>Vehicle Type</label>');
    expect(html).not.toContain('>Make</label>');
    expect(html).not.toContain('ssh-tile');
    expect(html).not.toContain('type="range"');
  });

  it('without server data (no stock service, editor preview) the form still renders, without counts', () => {
    const html = render({}, null);
    expect(html).toContain('<option value="" selected="">All Makes</option>');
    expect(html).not.toContain('match');
    expect(html).toContain('href="/search/new-used-and-demo-cars?sortBy=price_desc"');
  });

  it("the budget slider has two handles over the search page's price range: 5,000 to 250,000", () => {
    const html = render({});
    const handles = [...html.matchAll(/<input type="range"[^>]*>/g)].map((m) => m[0]);
    expect(handles).toHaveLength(2);
    expect(handles[0]).toContain('aria-label="Minimum price"');
    expect(handles[0]).toContain('value="5000"');
    expect(handles[1]).toContain('aria-label="Maximum price"');
    expect(handles[1]).toContain('value="250000"');
    for (const h of handles) expect(h).toMatch(/min="5000" max="250000"/);
    // The stock's dearest car (85,990 in the data) no longer sets the top.
    expect(html).toContain('Any price');
  });
});
