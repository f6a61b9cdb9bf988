import { describe, expect, it } from 'vitest';
import type { Manufacturer, Model } from '../models';
import { footerMenu, headerMenu, usesModelRange } from './menu';
import { buildRangeMenu, makeHref, modelHref, type RangeMenu } from './range-menu';

const pages = new Set(['/', '/models', '/search', '/finance', '/about-us', '/mazda3']);
// Every /search/... address resolves (the search route has optional make and model).
const exists = (href: string) => !href.startsWith('/') || pages.has(href.split(/[?#]/)[0] ?? href) || href.startsWith('/search/');

const model = (over: Partial<Model>): Model => ({
  id: 1,
  name: 'CX-5',
  slug: 'mazda-cx-5',
  new_slug: null,
  override_url: null,
  manufacturer_name: 'Mazda',
  manufacturer_body: null,
  manufacturer_body2: null,
  manufacturer_body3: null,
  body: ['SUV'],
  image: { url: '/media/models/mazda-cx-5.svg' },
  from_price: 36990,
  short_description: '',
  status: null,
  search_path: '/search/mazda/cx-5',
  ...over,
});
const maker = (name: string): Manufacturer => ({ id: 1, name, slug: name.toLowerCase(), logo: { url: `/media/makes/${name.toLowerCase()}.svg` } });

describe('modelHref: the one seam for model pages (docs/requirements/dealer-services.md#screens: /{model slug}, new_slug preferred)', () => {
  it('links the model page when the site has it, with new_slug preferred over slug', () => {
    expect(modelHref(model({ slug: 'mazda-3', new_slug: 'mazda3', search_path: '/search/mazda/mazda3' }), exists)).toBe('/mazda3');
  });
  it("falls back to the site's stock of the model while the model page does not exist", () => {
    expect(modelHref(model({}), exists)).toBe('/search/mazda/cx-5');
  });
  it('honours override_url', () => {
    expect(modelHref(model({ override_url: 'https://www.mazda.example/cx-5' }), exists)).toBe('https://www.mazda.example/cx-5');
  });
  it('links nothing for a coming-soon model without a model page (its stock search would be empty)', () => {
    expect(modelHref(model({ status: 'coming_soon' }), exists)).toBeNull();
  });
  it('links nothing when neither the model page nor the search exists', () => {
    expect(modelHref(model({}), (href) => href === '/')).toBeNull();
  });
});

describe('makeHref', () => {
  it('prefers the brand overview, else the make search', () => {
    expect(makeHref(maker('Kia'), (href) => href === '/kia/overview')).toBe('/kia/overview');
    expect(makeHref(maker('Kia'), exists)).toBe('/search/kia');
    expect(makeHref(maker('Kia'), () => false)).toBeNull();
  });
});

describe('buildRangeMenu', () => {
  const models = [
    model({ id: 1, name: 'CX-5' }),
    model({ id: 2, name: 'Mazda3', slug: 'mazda-3', new_slug: 'mazda3', status: 'new', search_path: '/search/mazda/mazda3' }),
    model({ id: 3, name: 'CX-80', slug: 'mazda-cx-80', status: 'coming_soon', search_path: '/search/mazda/cx-80' }),
    model({
      id: 4,
      name: 'Sportage',
      slug: 'kia-sportage',
      manufacturer_name: 'Kia',
      search_path: '/search/kia/sportage',
      image: { url: '/media/models/kia-sportage.svg' },
    }),
  ];
  it('groups the models under their make, with logo tile and badge, leaving out what the site cannot show', () => {
    const menu = buildRangeMenu(models, [maker('Kia'), maker('Mazda'), maker('Tesla')], exists);
    expect(menu.makes.map((m) => m.name)).toEqual(['Kia', 'Mazda']); // Tesla has no models here
    const mazda = menu.makes[1];
    expect(mazda?.logo).toBe('/media/makes/mazda.svg');
    expect(mazda?.models).toEqual([
      { name: 'CX-5', href: '/search/mazda/cx-5', image: '/media/models/mazda-cx-5.svg', badge: null },
      { name: 'Mazda3', href: '/mazda3', image: '/media/models/mazda-cx-5.svg', badge: 'NEW' },
    ]);
  });
});

const range: RangeMenu = {
  makes: [
    {
      name: 'Kia',
      slug: 'kia',
      logo: '/k.svg',
      href: '/search/kia',
      models: [{ name: 'Sportage', href: '/search/kia/sportage', image: '/s.svg', badge: null }],
    },
    { name: 'Mazda', slug: 'mazda', logo: '/m.svg', href: null, models: [{ name: 'CX-5', href: '/search/mazda/cx-5', image: '/c.svg', badge: 'NEW' }] },
  ],
};

describe('headerMenu', () => {
  it('fills a Range item from the catalogue as logo-tile columns, then its fixed children', () => {
    const [item] = headerMenu(
      [{ label: 'Range', href: '/models', source: 'models', layout: 'mega', children: [{ label: 'All models', href: '/models' }] }],
      range,
      exists,
    );
    expect(item?.layout).toBe('mega');
    expect(item?.href).toBe('/models');
    expect(item?.allLabel).toBe('All Models');
    expect(item?.groups.map((g) => [g.title, g.logo, g.href])).toEqual([
      ['Kia', '/k.svg', '/search/kia'],
      ['Mazda', '/m.svg', undefined],
      [undefined, undefined, undefined],
    ]);
    expect(item?.groups[1]?.links).toEqual([{ label: 'CX-5', href: '/search/mazda/cx-5', image: '/c.svg', badge: 'NEW' }]);
    expect(item?.groups[2]?.links).toEqual([{ label: 'All models', href: '/models' }]);
  });

  it('never links a page the site does not have: missing links go, an emptied dropdown becomes its link or goes', () => {
    const menu = headerMenu(
      [
        { label: 'Home', href: '/' },
        { label: 'Offers', href: '/offers' },
        {
          label: 'More',
          children: [
            { label: 'Careers', href: '/careers' },
            { label: 'About', href: '/about-us' },
            { label: 'Insurance', href: 'https://insure.example/', external: true },
          ],
        },
        { label: 'Help', children: [{ label: 'FAQs', href: '/pages/faqs' }] },
        { label: 'Finance', href: '/finance', children: [{ label: 'Apply', href: '/apply-for-finance' }] },
      ],
      null,
      exists,
    );
    expect(menu.map((i) => [i.label, i.layout])).toEqual([
      ['Home', 'link'],
      ['More', 'dropdown'],
      ['Finance', 'link'],
    ]);
    expect(menu[1]?.groups[0]?.links).toEqual([
      { label: 'About', href: '/about-us' },
      { label: 'Insurance', href: 'https://insure.example/', external: true },
    ]);
  });

  it('a Range without a catalogue (no models yet) is its plain link', () => {
    expect(headerMenu([{ label: 'Range', href: '/models', source: 'models' }], { makes: [] }, exists)).toEqual([
      { label: 'Range', href: '/models', layout: 'link', groups: [] },
    ]);
  });
});

describe('footerMenu', () => {
  it('builds a Models group from the Range (make named on a several-make site) and drops missing pages', () => {
    const groups = footerMenu(
      [
        { title: 'Models', source: 'models' },
        {
          title: 'Company',
          links: [
            { label: 'About', href: '/about-us' },
            { label: 'Careers', href: '/careers' },
          ],
        },
        { title: 'Empty', links: [{ label: 'Careers', href: '/careers' }] },
      ],
      range,
      exists,
    );
    expect(groups).toEqual([
      {
        title: 'Models',
        links: [
          { label: 'Kia Sportage', href: '/search/kia/sportage' },
          { label: 'Mazda CX-5', href: '/search/mazda/cx-5' },
        ],
      },
      { title: 'Company', links: [{ label: 'About', href: '/about-us' }] },
    ]);
    expect(footerMenu([{ title: 'Models', source: 'models' }], { makes: range.makes.slice(1, 2) }, exists)[0]?.links[0]?.label).toBe('CX-5');
  });
});

describe('usesModelRange', () => {
  it('is true only when a header item or footer group asks for the Range', () => {
    expect(usesModelRange({ header: [{ label: 'Home', href: '/' }], footer: [{ title: 'Models', source: 'models' }] })).toBe(true);
    expect(usesModelRange({ header: [{ label: 'Home', href: '/' }], footer: [{ title: 'Company', links: [] }] })).toBe(false);
  });
});
