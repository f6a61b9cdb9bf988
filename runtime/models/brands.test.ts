import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadTenants } from '../tenants/load';
import { repoRoot } from '../../test-support/tenants';
import { makeLogoSvg, makeMonogram } from './images';
import { logoMakeName, manufacturerList, siteBrandBySlug, siteBrands } from './brands';
import { modelCatalogue } from './catalogue';
import { slugify } from '../domain/search/filters';

const tenants = loadTenants(join(repoRoot, 'tenants')).flatMap((t) => (t.ok ? [t.doc] : []));
const site = (slug: string) => tenants.find((t) => t.slug === slug)!;

describe('the manufacturer list (docs/requirements/dealer-services.md#data: roughly 150 makes with id, name, slug, logo.url)', () => {
  const list = manufacturerList();
  it('has about 150 makes, each with a unique slug made from its name, groups and a drawn logo', () => {
    expect(list.length).toBeGreaterThanOrEqual(140);
    expect(list.length).toBeLessThanOrEqual(160);
    expect(new Set(list.map((m) => m.slug)).size).toBe(list.length);
    for (const m of list) {
      expect(m.slug).toBe(slugify(m.name));
      expect(m.groups.length).toBeGreaterThan(0);
      expect(m.logo.url).toBe(`/media/makes/${m.slug}.svg`);
    }
  });

  it('holds every make of the model catalogue', () => {
    for (const make of new Set(modelCatalogue().map((m) => m.make)))
      expect(
        list.some((m) => m.slug === slugify(make)),
        make,
      ).toBe(true);
  });

  it('draws a monogram and wordmark from the name alone, escaped', () => {
    expect(makeMonogram('Mercedes-Benz')).toBe('MB');
    expect(makeMonogram('Mazda')).toBe('M');
    expect(makeMonogram('Lynk & Co')).toBe('LC');
    const svg = makeLogoSvg('Lynk & Co');
    expect(svg).toContain('LYNK &#38; CO');
    expect(svg).not.toContain('& Co');
    expect(logoMakeName('hino')).toBe('Hino');
    expect(logoMakeName('nope')).toBeUndefined();
  });
});

describe('siteBrands: the brands a site sells', () => {
  it('a dealer group sells the makes its dealerships list', () => {
    expect(siteBrands(site('southern-cross-motor-group')).map((b) => b.name)).toEqual(['Ford', 'Hyundai', 'Isuzu', 'Kia', 'Toyota']);
  });

  it('a brand counts only in the groups of what the site sells it as', () => {
    const honda = siteBrands(site('outback-caravans-motorcycles')).find((b) => b.slug === 'honda')!;
    expect(honda.groups).toEqual(['motorcycle']);
    // Sold as cars: its first car-like group of the list (Isuzu is listed as car and truck).
    const isuzu = siteBrands(site('southern-cross-motor-group')).find((b) => b.slug === 'isuzu')!;
    expect(isuzu.groups).toEqual(['car']);
  });

  it('a site that lists no makes sells every make of the catalogue in its kinds, less its excluded makes', () => {
    const doc = site('big-sky-cars');
    const carMakes = new Set(
      modelCatalogue()
        .filter((m) => m.kind === 'car')
        .map((m) => slugify(m.make)),
    );
    expect(new Set(siteBrands(doc).map((b) => b.slug))).toEqual(carMakes);
    const without = { ...doc, settings: { ...doc.settings, search: { ...doc.settings?.search, defaultFilter: { excludedMakes: ['Toyota'] } } } } as typeof doc;
    expect(siteBrands(without).some((b) => b.slug === 'toyota')).toBe(false);
  });

  it("looks a brand up by its slug only among the site's own", () => {
    expect(siteBrandBySlug(site('southern-cross-motor-group'), 'toyota')?.name).toBe('Toyota');
    expect(siteBrandBySlug(site('southern-cross-motor-group'), 'mazda')).toBeUndefined();
    expect(siteBrandBySlug(site('harbourside-mazda'), 'mazda')?.name).toBe('Mazda');
    expect(siteBrandBySlug(site('harbourside-mazda'), 'not-a-brand')).toBeUndefined();
  });
});
