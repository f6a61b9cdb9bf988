import { describe, expect, it } from 'vitest';
import { addPage, removePage, renamePage } from './pages';
import { join } from 'node:path';
import { pageServes, redirectFor, redirectsAfterRename } from './redirects';
import { loadTenants } from '../tenants/load';
import { redirects as redirectCheck } from '../tenants/checks/redirects';
import type { TenantDocument } from '../../schemas/generated/tenant';

const doc = () => ({
  navigation: { header: [], footer: [] },
  pages: {
    '/': { title: 'Home', blocks: [] },
    '/specials': { title: 'Specials', blocks: [] },
    '/cars/:slug': { title: 'Car', data: 'vehicle', blocks: [] },
    '*': { title: 'Not found', blocks: [] },
  },
});
const check = (d: object) => redirectCheck.run(d as unknown as TenantDocument, { schema: {} });

describe('redirects of renamed pages', () => {
  it('renaming a page records its old address, which redirects to the new one while no page serves it', () => {
    const { doc: next } = renamePage(doc(), '/specials', '/service-specials');
    expect(next.redirects).toEqual([{ from: '/specials', to: '/service-specials' }]);
    expect(redirectFor(next as never, '/specials')).toBe('/service-specials');
    expect(redirectFor(next as never, '/specials/')).toBe('/service-specials');
    expect(redirectFor(next as never, '/service-specials')).toBeUndefined();
    expect(redirectFor(next as never, '/other')).toBeUndefined();
    expect(check(next)).toEqual([]);
    // A fixed address outranks a pattern: the redirect wins over a page such as /:model, as the page it replaces did.
    const withModels = { ...next, pages: { ...next.pages, '/:model': { title: 'Model', blocks: [] } } };
    expect(redirectFor(withModels as never, '/specials')).toBe('/service-specials');
    expect(check(withModels)).toEqual([]);
  });

  it('a second rename leads the first old address straight to the newest (no chain); renaming back drops the redirect', () => {
    const once = renamePage(doc(), '/specials', '/deals').doc;
    const twice = renamePage(once, '/deals', '/offers').doc;
    expect(twice.redirects).toEqual([
      { from: '/specials', to: '/offers' },
      { from: '/deals', to: '/offers' },
    ]);
    const back = renamePage(twice, '/offers', '/specials').doc;
    expect(back.redirects).toEqual([
      { from: '/deals', to: '/specials' },
      { from: '/offers', to: '/specials' },
    ]);
    expect(check(back)).toEqual([]);
  });

  it('pages with parameters get no redirect; a page added at an old address takes it back; removing the target drops it', () => {
    expect(redirectsAfterRename([], '/cars/:slug', '/vehicles/:slug')).toEqual([]);
    const moved = renamePage(doc(), '/specials', '/deals').doc;
    expect(addPage(moved, '/specials', { title: 'Specials again' }).redirects).toEqual([]);
    expect(removePage(moved, '/deals').redirects).toEqual([]);
  });

  it('the validator reports a redirect a page shadows, a repeated one, one to itself and one to no page', () => {
    const d = {
      ...doc(),
      redirects: [
        { from: '/specials', to: '/' },
        { from: '/old', to: '/gone' },
        { from: '/old', to: '/' },
        { from: '/loop', to: '/loop' },
      ],
    };
    expect(check(d)).toEqual([
      {
        path: 'redirects[0].from',
        message: 'a page of this site serves /specials, so the redirect to / would never be used; remove the redirect or move the page',
      },
      { path: 'redirects[1].to', message: '/gone is not a page of this site' },
      { path: 'redirects[2].from', message: '/old is redirected more than once' },
      { path: 'redirects[3].to', message: '/loop cannot redirect to itself' },
    ]);
    expect(redirectFor(d as never, '/specials')).toBeUndefined();
  });
});

describe('contact addresses of the shipped sites', () => {
  const sites = loadTenants(join(import.meta.dirname, '../../tenants')).flatMap((t) => (t.ok ? [t.doc] : []));

  it('every site answers /contact-us (and /contact-us/) with its contact page, which a page serves', () => {
    expect(sites.length).toBeGreaterThanOrEqual(4);
    for (const site of sites) {
      expect(redirectFor(site, '/contact-us'), site.slug).toBe('/contact');
      expect(redirectFor(site, '/contact-us/'), site.slug).toBe('/contact');
      expect(pageServes(site.pages, '/contact'), site.slug).toBe(true);
      expect(pageServes(site.pages, '/contact-us/north-shore'), site.slug).toBe(true); // a location's contact page stays a page
    }
  });
});
