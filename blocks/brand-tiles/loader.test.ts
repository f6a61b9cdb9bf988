import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadTenants } from '../../runtime/tenants/load';
import { repoRoot } from '../../test-support/tenants';
import load from './loader';
import { withBlockDefaults } from '../../runtime/tenants/block-defaults';

const tenants = loadTenants(join(repoRoot, 'tenants')).flatMap((t) => (t.ok ? [t.doc] : []));
const site = (slug: string) => tenants.find((t) => t.slug === slug)!;
const run = (slug: string, props: Record<string, unknown>) =>
  load({
    props: withBlockDefaults('brand-tiles', props),
    tenant: site(slug),
    params: {},
    url: new URL('http://x.localhost/brands'),
    now: new Date(),
    services: {},
  } as never) as { groups: { title: string; brands: { name: string; href?: string; logo?: string }[] }[] } | null;

describe("brand tiles from the site's brands (docs/requirements/vehicle-browsing.md#screens brands page)", () => {
  it("groups the dealer group's brands, the makes it names per group, and its own brands", () => {
    const data = run('southern-cross-motor-group', {
      moreMakes: { motorcycle: ['Yamaha', 'honda'], truck: ['Isuzu', 'Nope'] },
      ownBrands: [
        { name: 'Southern Cross Rentals', href: '/not-a-page' },
        { name: 'Southern Cross Tyres', href: '/about-us' },
      ],
    })!;
    expect(data.groups.map((g) => g.title)).toEqual(['Car Brands', 'Motorcycle Brands', 'Truck Brands', 'Our Brands']);
    expect(data.groups[0]?.brands).toEqual(
      ['Ford', 'Hyundai', 'Isuzu', 'Kia', 'Toyota'].map((name) => ({
        name,
        logo: `/media/makes/${name.toLowerCase()}.svg`,
        href: `/${name.toLowerCase()}/overview`,
      })),
    );
    expect(data.groups[1]?.brands).toEqual([
      { name: 'Honda', logo: '/media/makes/honda.svg' },
      { name: 'Yamaha', logo: '/media/makes/yamaha.svg' },
    ]);
    expect(data.groups[2]?.brands).toEqual([{ name: 'Isuzu', logo: '/media/makes/isuzu.svg', href: '/isuzu/overview' }]);
    // A link to a page the site does not have is left out.
    expect(data.groups[3]?.brands).toEqual([{ name: 'Southern Cross Rentals' }, { name: 'Southern Cross Tyres', href: '/about-us' }]);
  });

  it("a motorcycle dealer's Honda is a motorcycle brand; hand-made groups need no data", () => {
    const data = run('outback-caravans-motorcycles', {})!;
    expect(data.groups.map((g) => g.title)).toEqual(['Motorcycle Brands']);
    expect(data.groups[0]?.brands.map((b) => [b.name, b.href])).toEqual([
      ['Honda', '/honda/overview'],
      ['Kawasaki', '/kawasaki/overview'],
      ['Yamaha', '/yamaha/overview'],
    ]);
    expect(run('outback-caravans-motorcycles', { groups: [{ title: 'Car Brands', brands: [{ name: 'X' }] }] })).toBeNull();
  });
});
