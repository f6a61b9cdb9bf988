import { describe, expect, it } from 'vitest';
import { BRAND_TILE_GROUPS, brandTileGroups, findManufacturer, type ManufacturerEntry } from './brands';

const make = (name: string, slug: string, groups: ManufacturerEntry['groups']): ManufacturerEntry => ({
  name,
  slug,
  groups,
  logo: { url: `/media/makes/${slug}.svg` },
});
const toyota = make('Toyota', 'toyota', ['car']);
const mercedes = make('Mercedes-Benz', 'mercedes-benz', ['car', 'truck']);
const yamaha = make('Yamaha', 'yamaha', ['motorcycle']);
const hino = make('Hino', 'hino', ['truck']);

describe('findManufacturer', () => {
  it('finds a make by slug or by name in any case and spelling of spaces', () => {
    const list = [toyota, mercedes, yamaha];
    expect(findManufacturer(list, 'mercedes-benz')).toBe(mercedes);
    expect(findManufacturer(list, 'Mercedes Benz')).toBe(mercedes);
    expect(findManufacturer(list, 'TOYOTA')).toBe(toyota);
  });

  it('finds nothing for an unknown, empty or missing name', () => {
    expect(findManufacturer([toyota], 'toyotaa')).toBeUndefined();
    expect(findManufacturer([toyota], '')).toBeUndefined();
    expect(findManufacturer([toyota], '../toyota')).toBe(toyota); // slugified: never a path
    expect(findManufacturer([toyota], undefined)).toBeUndefined();
  });
});

describe('brandTileGroups (docs/requirements/vehicle-browsing.md#screens: Car Brands, Motorcycle Brands, Truck Brands, Our Brands)', () => {
  it("has the seed's four groups in order", () => {
    expect(BRAND_TILE_GROUPS.map((g) => g.title)).toEqual(['Car Brands', 'Motorcycle Brands', 'Truck Brands', 'Our Brands']);
  });

  it("puts each brand in every group it belongs to, sorted by name, then the site's own brands", () => {
    const groups = brandTileGroups([yamaha, toyota, mercedes, hino], [{ name: 'Southern Cross Rentals', href: '/twg-rental' }], (b) =>
      b.slug === 'hino' ? null : `/${b.slug}/overview`,
    );
    expect(groups.map((g) => g.title)).toEqual(['Car Brands', 'Motorcycle Brands', 'Truck Brands', 'Our Brands']);
    expect(groups[0]?.brands).toEqual([
      { name: 'Mercedes-Benz', logo: '/media/makes/mercedes-benz.svg', href: '/mercedes-benz/overview' },
      { name: 'Toyota', logo: '/media/makes/toyota.svg', href: '/toyota/overview' },
    ]);
    expect(groups[1]?.brands.map((b) => b.name)).toEqual(['Yamaha']);
    // A brand without a page on the site is a tile without a link.
    expect(groups[2]?.brands).toEqual([
      { name: 'Hino', logo: '/media/makes/hino.svg' },
      { name: 'Mercedes-Benz', logo: '/media/makes/mercedes-benz.svg', href: '/mercedes-benz/overview' },
    ]);
    expect(groups[3]?.brands).toEqual([{ name: 'Southern Cross Rentals', href: '/twg-rental' }]);
  });

  it('leaves out groups without tiles', () => {
    expect(brandTileGroups([toyota], [], () => null).map((g) => g.key)).toEqual(['car']);
    expect(brandTileGroups([], [], () => null)).toEqual([]);
  });
});
