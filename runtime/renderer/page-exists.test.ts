import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { pageExists, sitePageExists } from './page-exists';

describe('sitePageExists', () => {
  const site = { pages: { '/': {}, '/warranty': {}, '/cars/:slug': {}, '*': {} } } as never;
  it('matches paths against the site pages, not the 404 page', () => {
    expect(sitePageExists(site, '/warranty')).toBe(true);
    expect(sitePageExists(site, '/warranty/')).toBe(true);
    expect(sitePageExists(site, '/cars/abc?x=1#top')).toBe(true);
    expect(sitePageExists(site, '/roadside-assist')).toBe(false);
    expect(sitePageExists(site, 'https://example.com/book')).toBe(true);
  });
});

describe('model and brand pages (catalogue-bound routes)', () => {
  const site = { pages: { '/': {}, '/warranty': {}, '/:model': { data: 'model' }, '/:brand/overview': { data: 'brand' }, '*': {} } } as never;
  const known: Record<'model' | 'brand', string[]> = { model: ['mazda3', 'mazda-cx-5'], brand: ['mazda'] };
  const resolver = (data: 'model' | 'brand', param: string) => known[data].includes(param);

  it('a one-word route for models does not make every word a page', () => {
    expect(sitePageExists(site, '/warranty')).toBe(true);
    expect(sitePageExists(site, '/fleet')).toBe(false);
    expect(sitePageExists(site, '/fleet', resolver)).toBe(false);
  });

  it('exist only for the models and brands the resolver knows, and without one count as missing', () => {
    expect(sitePageExists(site, '/mazda3', resolver)).toBe(true);
    expect(sitePageExists(site, '/mazda/overview?x=1', resolver)).toBe(true);
    expect(sitePageExists(site, '/toyota/overview', resolver)).toBe(false);
    expect(sitePageExists(site, '/mazda3')).toBe(false);
  });
});

describe("an editor's drafts (a new pages object after each edit)", () => {
  it('answers for the routes each draft has, whether its route table is new or shared with an earlier draft', () => {
    const first = { '/': { blocks: [] }, '/warranty': { blocks: [] } };
    const edited = { ...first, '/': { blocks: [{ id: 'hero' }] } };
    const added = { ...edited, '/service': { blocks: [] } };
    const catalogue = { ...first, '/:model': { data: 'model' } };
    expect(pageExists(first, '/service')).toBe(false);
    expect(pageExists(edited, '/warranty')).toBe(true);
    expect(pageExists(added, '/service')).toBe(true);
    expect(pageExists(edited, '/service')).toBe(false);
    // the same routes with a catalogue page: '/service' exists only as a model the resolver knows
    expect(pageExists(catalogue, '/service')).toBe(false);
    expect(pageExists(catalogue, '/service', () => true)).toBe(true);
  });
});

describe('answers as matchRoutes over all the site pages does', () => {
  // The patterns are compiled once per route table (route-pattern.ts) rather than ranked per link: the same answers.
  const patterns = ['/', '/about-us', '/About-Team', '/our-location/:slug', '/search/:make?/:model?', '/cars/:slug', '/cars/:slug/checkout', '/cars/trade-in'];
  const more = ['/:lang?/help', '/files/*', '/caf%C3%A9', '/menu.html', '/pages/faqs'];
  const paths = [
    '/',
    '/about-us',
    '/about-us/',
    '/ABOUT-US',
    '/about-team',
    '/about',
    '/about-us/x',
    '/our-location/brisbane',
    '/our-location',
    '/search',
    '/search/mazda',
    '/search/mazda/cx-5',
    '/search/mazda/cx-5/x',
    '/cars/abc',
    '/cars/abc/checkout',
    '/cars/abc/other',
    '/cars/trade-in',
    '/cars',
    '/help',
    '/en/help',
    '/files/a/b',
    '/files',
    '/café',
    '/caf%C3%A9',
    '/caf%c3%a9',
    '/menu.html',
    '/menuxhtml',
    '/pages/faqs',
    '/pages/%66aqs',
    '/warranty',
    '/a%2Fb',
    '/search/mazda%2Fcx-5',
  ];
  it('for plain pages, whatever the path', () => {
    for (const set of [patterns, [...patterns, ...more]]) {
      const pages = Object.fromEntries(set.map((path) => [path, {}]));
      for (const path of paths)
        expect(pageExists(pages, path), path).toBe(
          !!matchRoutes(
            set.map((p) => ({ path: p })),
            path,
          ),
        );
    }
  });
});
