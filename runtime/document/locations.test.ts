import { describe, expect, it } from 'vitest';
import schema from '../../schemas/tenant.schema.json';
import { addLocation, locationUses, removeLocation } from './locations';

const loc = (id: number, name: string, slug: string) => ({
  id,
  name,
  slug,
  address: { street: '1 Main St', city: 'Newcastle', state: 'NSW', postcode: '2300' },
  contact_detail: { phone: '02 4900 0000' },
});
const doc = () => ({
  dealerships: [{ id: 7, name: 'Harbour Motors', slug: 'harbour', locations: [loc(1, 'Sales', 'sales'), loc(2, 'Service centre', 'service-centre')] }],
  navigation: { header: [{ label: 'Service', href: '/locations/service-centre' }], footer: [] },
  pages: {
    '/': { title: 'Home', blocks: [{ id: 'map', type: 'location-map', props: { locationId: 1 } }] },
    '/locations/:slug': { title: 'Location', data: 'location', blocks: [] },
  },
});

describe('locations', () => {
  it('adds a location with a fresh id and slug and the dealership’s state, address and phone left to fill in', () => {
    const { doc: next, index } = addLocation(doc(), 0, 'Sales');
    expect(index).toBe(2);
    expect(next.dealerships[0].locations[2]).toEqual({
      id: 3,
      name: 'Sales',
      slug: 'sales-2',
      address: { street: '', city: '', state: 'NSW', postcode: '' },
      contact_detail: { phone: '', opening_hours: [] },
    });
    expect(() => addLocation(doc(), 0, ' ')).toThrow('Give the location a name.');
  });

  it('names what uses a location: blocks naming it and links to its page', () => {
    expect(locationUses(doc(), schema, 1)).toEqual(['block "map" on page /']);
    expect(locationUses(doc(), schema, 2)).toEqual(['header menu › Service']);
  });

  it('refuses to remove a used location or a dealership’s only one; removes it once nothing uses it', () => {
    expect(() => removeLocation(doc(), schema, 0, 0)).toThrow('Sales is used by the block "map" on page /. Change or remove it first.');
    expect(() => removeLocation(doc(), schema, 0, 1)).toThrow('Service centre is used by the header menu › Service. Change or remove it first.');
    const d = doc();
    d.navigation.header = [];
    expect(removeLocation(d, schema, 0, 1).dealerships[0].locations.map((l: { id: number }) => l.id)).toEqual([1]);
    const single = { ...doc(), dealerships: [{ ...doc().dealerships[0], locations: [loc(1, 'Sales', 'sales')] }] };
    expect(() => removeLocation(single, schema, 0, 0)).toThrow('Sales is the only location of Harbour Motors; a dealership keeps at least one.');
  });
});
