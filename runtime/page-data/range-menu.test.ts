import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sitePageExists } from '../renderer/page-exists';
import { loadTenants } from '../tenants/load';
import { repoRoot } from '../../test-support/tenants';
import { siteRangeMenu } from './range-menu';
import { modelsForTenant } from '../models/scope';
import { catalogueLinks } from '../models/site-links';

const tenants = loadTenants(join(repoRoot, 'tenants')).flatMap((t) => (t.ok ? [t.doc] : []));
const bySlug = (slug: string) => tenants.find((t) => t.slug === slug)!;

describe('siteRangeMenu: the Range from the model catalogue', () => {
  it("lists the single-brand site's own make only, every model it sells that it can show", () => {
    const mazda = bySlug('harbourside-mazda');
    const menu = siteRangeMenu(mazda)!;
    expect(menu.makes.map((m) => m.name)).toEqual(['Mazda']);
    const names = menu.makes[0]?.models.map((m) => m.name);
    expect(names).toEqual(expect.arrayContaining(['Mazda2', 'Mazda3', 'CX-5', 'BT-50', 'MX-5']));
    const sellable = modelsForTenant(mazda).filter((e) => e.model.status !== 'coming_soon').length;
    expect(names?.length).toBeGreaterThanOrEqual(sellable);
  });

  it('links only pages the site has (every entry resolves on that site)', () => {
    for (const slug of ['harbourside-mazda', 'southern-cross-motor-group']) {
      const site = bySlug(slug);
      const links = siteRangeMenu(site)!.makes.flatMap((make) => [make.href, ...make.models.map((m) => m.href)]);
      expect(links.length).toBeGreaterThan(5);
      // The site's own model pages, not searches, once its template has them.
      expect(links.some((href) => /^\/[a-z0-9-]+$/.test(href!))).toBe(true);
      for (const href of links) expect(sitePageExists(site, href!, catalogueLinks(site)), `${slug} ${href}`).toBe(true);
    }
  });

  it('groups a dealer group by the makes its dealerships sell, each with a logo tile', () => {
    const menu = siteRangeMenu(bySlug('southern-cross-motor-group'))!;
    expect(menu.makes.map((m) => m.name)).toEqual(['Ford', 'Hyundai', 'Isuzu', 'Kia', 'Toyota']);
    expect(menu.makes.every((m) => m.logo === `/media/makes/${m.slug}.svg`)).toBe(true);
  });

  it('is not built for a site whose navigation has no Range', () => {
    expect(siteRangeMenu(bySlug('big-sky-cars'))).toBeNull();
  });
});
