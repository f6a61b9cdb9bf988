import { describe, expect, it } from 'vitest';
import schema from '../../schemas/tenant.schema.json';
import { references } from '../tenants/checks/references';
import { clashesWith, siteIdentity } from '../tenants/checks/unique-across-tenants';
import { addDealership, dealershipUses, nextDealershipId, removeDealership } from './dealerships';
import { locationUses } from './locations';

const loc = (id: number, name: string, slug: string, state = 'NSW') => ({
  id,
  name,
  slug,
  address: { street: '1 Main St', city: 'Newcastle', state, postcode: '2300' },
  contact_detail: { phone: '02 4900 0000' },
});
const doc = () => ({
  slug: 'harbour-group',
  domains: [] as string[],
  dealerships: [
    { id: 7, name: 'Harbour Motors', slug: 'harbour', locations: [loc(1, 'Sales', 'sales', 'QLD')] },
    { id: 9, name: 'Bay Kia', slug: 'bay-kia', locations: [loc(2, 'Bay Kia Sales', 'bay-kia-sales'), loc(3, 'Bay Kia Service', 'bay-kia-service')] },
  ],
  // biome-ignore lint/suspicious/noExplicitAny: tenant settings read by path; Ajv checked them and the settings schema gives their defaults
  settings: {} as Record<string, any>,
  navigation: { header: [] as { label: string; href: string }[], footer: [] },
  pages: {
    '/': { title: 'Home', blocks: [] as unknown[] },
    '/locations/:slug': { title: 'Location', data: 'location', blocks: [] },
  },
});

describe('adding a dealership', () => {
  it('takes an id above every id on this site and on the others, unique slugs, and one location in the first state', () => {
    const { doc: next, index } = addDealership(doc(), 'Harbour Motors', [12, 3]);
    expect(index).toBe(2);
    expect(next.dealerships[2]).toEqual({
      id: 13,
      name: 'Harbour Motors',
      slug: 'harbour-motors',
      locations: [
        {
          id: 4,
          name: 'Harbour Motors',
          slug: 'harbour-motors',
          address: { street: '', city: '', state: 'QLD', postcode: '' },
          contact_detail: { phone: '', opening_hours: [] },
        },
      ],
    });
    expect(nextDealershipId(doc(), [])).toBe(10);
    expect(addDealership(doc(), 'Bay Kia', []).doc.dealerships[2].slug).toBe('bay-kia-2');
    expect(() => addDealership(doc(), '  ', [])).toThrow('Give the dealership a name.');
  });

  it("the new id never clashes with another site's (the same check refuses a clash on publish and in CI)", () => {
    const other = { slug: 'other-site', domains: [], dealershipIds: [40, 41] };
    const { doc: next } = addDealership(doc(), 'New Yard', other.dealershipIds);
    expect(clashesWith(siteIdentity(next as ReturnType<typeof doc>), [other])).toEqual([]);
    const clash = { ...next, dealerships: [...next.dealerships.slice(0, 2), { ...next.dealerships[2], id: 41 }] };
    expect(clashesWith(siteIdentity(clash as ReturnType<typeof doc>), [other])).toEqual([
      {
        path: 'dealerships[2].id',
        message: 'dealership id 41 already belongs to another site (its stock is filed under it); choose another id',
        code: 'unique-across-tenants',
      },
    ]);
  });
});

describe('removing a dealership', () => {
  it('removes it with its locations once nothing refers to it', () => {
    expect(removeDealership(doc(), schema, 1).dealerships.map((d: { id: number }) => d.id)).toEqual([7]);
  });

  it('is refused while stock is filed under it', () => {
    expect(() => removeDealership(doc(), schema, 1, 37)).toThrow('Bay Kia is used by 37 cars in stock. Change or remove it first.');
  });

  it('is refused while blocks, menus or settings name it or its locations, naming each', () => {
    const d = doc();
    d.pages['/'].blocks = [{ id: 'service-map', type: 'location-map', props: { locationId: 3 } }];
    d.navigation.header = [{ label: 'Bay Kia', href: '/locations/bay-kia-sales' }];
    d.settings = { leads: { crm: { endpoints: [{ dealershipId: 9, url: 'https://crm.example/leads' }] } }, locations: { customOrder: [3, 1] } };
    expect(dealershipUses(d, schema, 1)).toEqual([
      'header menu › Bay Kia (location Bay Kia Sales)',
      'block "service-map" on page / (location Bay Kia Service)',
      'setting settings.locations.customOrder[0] (location Bay Kia Service)',
      'setting settings.leads.crm.endpoints[0].dealershipId',
    ]);
    expect(() => removeDealership(d, schema, 1)).toThrow(
      /^Bay Kia is used by header menu › Bay Kia \(location Bay Kia Sales\), .* Change or remove them first\.$/,
    );
    expect(dealershipUses(d, schema, 0)).toEqual(['setting settings.locations.customOrder[1] (location Sales)']);
  });

  it("is refused for a site's only dealership", () => {
    const single = { ...doc(), dealerships: [doc().dealerships[0]] };
    expect(() => removeDealership(single, schema, 0)).toThrow('Harbour Motors is the only dealership of this site; a site keeps at least one.');
  });
});

describe('settings that name locations and dealerships', () => {
  it('count as uses of a location', () => {
    const d = doc();
    d.settings = { service: { notableDisclaimer: { locationIds: [2] } } };
    expect(locationUses(d, schema, 2)).toEqual(['setting settings.service.notableDisclaimer.locationIds[0]']);
  });

  it('must name ones that exist (the validator’s reference check)', () => {
    const d = doc();
    d.settings = { locations: { dropdown: { hiddenDealershipIds: [99] } } };
    expect(references.run(d as never, { schema } as never)).toEqual([
      { path: 'settings.locations.dropdown.hiddenDealershipIds[0]', message: 'dealership 99 does not exist in this document' },
    ]);
  });
});
