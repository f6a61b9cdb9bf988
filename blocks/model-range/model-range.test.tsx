// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { Model } from '../../runtime/domain/models';
import { SiteContext, type PublicSite } from '../../runtime/renderer/site-context';
import ModelRange from './index';
import { selectRangeModels } from './loader';
import { withBlockDefaults } from '../../runtime/tenants/block-defaults';

const model = (id: number, name: string, body: string[], extra: Partial<Model> = {}): Model => ({
  id,
  name,
  slug: `mazda-${name.toLowerCase()}`,
  new_slug: null,
  override_url: null,
  manufacturer_name: 'Mazda',
  manufacturer_body: null,
  manufacturer_body2: null,
  manufacturer_body3: null,
  body,
  image: { url: `/media/models/${id}.svg` },
  from_price: null,
  short_description: `${name} description`,
  status: null,
  search_path: `/search/mazda/${name.toLowerCase()}`,
  ...extra,
});

const models = [
  model(1, 'CX-5', ['SUV'], { from_price: 36990, short_description: 'w'.repeat(250) }),
  model(2, 'Mazda3', ['Hatch'], { status: 'new', new_slug: 'mazda3' }),
  model(3, 'BT-50', ['Ute', 'Cab Chassis'], { status: 'coming_soon' }),
  model(4, 'CX-90', ['SUV']),
];

// A site with model pages (a page bound to "data": "model").
const siteWithModelPages = {
  slug: 'demo',
  settings: {},
  dealerships: [],
  pages: { '/': {}, '/:model': { data: 'model', blocks: [] } },
} as unknown as PublicSite;

function renderRange(props: Record<string, unknown> = {}, list = models, site: PublicSite | null = siteWithModelPages) {
  return render(
    <MemoryRouter>
      <SiteContext.Provider value={site}>
        <ModelRange
          props={withBlockDefaults('model-range', { heading: 'Explore the range', ...props })}
          slots={{}}
          data={{ models: list }}
          block={{ id: 'range', type: 'model-range' }}
        />
      </SiteContext.Provider>
    </MemoryRouter>,
  );
}

afterEach(cleanup);
// keen-slider reads its breakpoints with matchMedia, which jsdom lacks.
window.matchMedia ??= ((query: string) => ({
  matches: false,
  media: query,
  addListener() {},
  removeListener() {},
  addEventListener() {},
  removeEventListener() {},
  onchange: null,
  dispatchEvent: () => false,
})) as typeof window.matchMedia;

describe('model range browser', () => {
  it('shows All and one button per body, in rows of 3 then the rest', () => {
    renderRange();
    const rows = document.querySelectorAll('.model-category-row');
    expect([...rows].map((r) => [...r.querySelectorAll('button')].map((b) => b.textContent))).toEqual([
      ['All', 'SUV', 'Hatch'],
      ['Ute', 'Cab Chassis'],
    ]);
    expect(screen.getByRole('button', { name: 'All' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('keeps one row when single line', () => {
    renderRange({ singleLine: true });
    expect(document.querySelectorAll('.model-category-row')).toHaveLength(1);
  });

  it('cards show name, From price when known, the description cut at 200 and badges', () => {
    renderRange();
    const cx5 = document.querySelector('[data-model="mazda-cx-5"]') as HTMLElement;
    expect(within(cx5).getByRole('heading', { name: 'CX-5' })).toBeTruthy();
    expect(within(cx5).getByText('From $36,990')).toBeTruthy();
    expect(cx5.querySelector('.model-card-description')!.textContent).toBe(`${'w'.repeat(200)}...`);
    const mazda3 = document.querySelector('[data-model="mazda-mazda3"]') as HTMLElement;
    expect(mazda3.querySelector('.model-card-price')).toBeNull();
    expect(within(mazda3).getByText('NEW')).toBeTruthy();
    expect(within(document.querySelector('[data-model="mazda-bt-50"]') as HTMLElement).getByText('COMING SOON')).toBeTruthy();
  });

  it("Explore goes to the model's stock, or its model page when configured", () => {
    renderRange();
    expect(screen.getByRole('link', { name: 'Explore Mazda CX-5' }).getAttribute('href')).toBe('/search/mazda/cx-5');
    cleanup();
    renderRange({ exploreTarget: 'model-page' });
    expect(screen.getByRole('link', { name: 'Explore Mazda Mazda3' }).getAttribute('href')).toBe('/mazda3');
    expect(screen.getByRole('link', { name: 'Explore Mazda CX-5' }).getAttribute('href')).toBe('/mazda-cx-5');
    cleanup();
    // A site without model pages never links to one: Explore goes to the stock.
    renderRange({ exploreTarget: 'model-page' }, models, { ...siteWithModelPages, pages: { '/': {} } } as unknown as PublicSite);
    expect(screen.getByRole('link', { name: 'Explore Mazda Mazda3' }).getAttribute('href')).toBe('/search/mazda/mazda3');
  });

  it('a category button narrows the models; a carousel only with more than one', () => {
    renderRange();
    expect(screen.getByRole('region', { name: 'Explore the range: models' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'SUV' }));
    expect(document.querySelectorAll('.model-card')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Hatch' }));
    expect(document.querySelectorAll('.model-card')).toHaveLength(1);
    expect(screen.queryByRole('region', { name: 'Explore the range: models' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Hatch' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('pictures load lazily, in the carousel and alone (the range is never a page’s first screen)', () => {
    renderRange();
    const carousel = [...document.querySelectorAll<HTMLImageElement>('.model-card img')];
    expect(carousel).toHaveLength(4);
    expect(carousel.map((img) => img.getAttribute('loading'))).toEqual(['lazy', 'lazy', 'lazy', 'lazy']);
    fireEvent.click(screen.getByRole('button', { name: 'Hatch' }));
    expect(document.querySelector('.model-card img')?.getAttribute('loading')).toBe('lazy');
  });

  it('renders nothing without models', () => {
    const { container } = renderRange({}, []);
    expect(container.innerHTML).toBe('');
  });
});

describe('selectRangeModels', () => {
  it("keeps one make, or the listed slugs in the document's order", () => {
    const mixed = [...models, model(5, 'HiLux', ['Ute'], { manufacturer_name: 'Toyota', slug: 'toyota-hilux' })];
    expect(selectRangeModels(mixed, { make: 'Toyota', models: [] }).map((m) => m.name)).toEqual(['HiLux']);
    expect(selectRangeModels(mixed, { models: ['mazda-cx-90', 'mazda3', 'nope'] }).map((m) => m.name)).toEqual(['CX-90', 'Mazda3']);
  });
});
