import { describe, expect, it } from 'vitest';
import type { DealerLocation } from './location';
import { locationBlockLayout, locationTypesAtSamePlace, selectLocations } from './location-selection';

const addr = { street: '1 Main St', city: 'Brisbane', postcode: '4000' };
const locations: DealerLocation[] = [
  { id: 1, name: 'Zeta Motors', primary: true, location_type: '', dealership_id: 1, address: addr },
  { id: 2, name: 'Alpha Service', location_type: 'service', dealership_id: 1, address: addr },
  { id: 3, name: 'Beta Parts', location_type: 'parts', dealership_id: 2 },
  { id: 4, name: 'Hidden Sales', location_type: 'sales', visible: false, dealership_id: 2 },
  { id: 5, name: 'Gamma Sales', location_type: 'sales', dealership_id: 2 },
];
const ids = (list: DealerLocation[]) => list.map((l) => l.id);

describe('selectLocations (docs/requirements/dealer-services.md#screens)', () => {
  it('selects by kind, treating empty type as sales and dropping visible false', () => {
    expect(ids(selectLocations(locations, 'primary'))).toEqual([1]);
    expect(ids(selectLocations(locations, 'sales'))).toEqual([5, 1]);
    expect(ids(selectLocations(locations, 'service'))).toEqual([2]);
    expect(ids(selectLocations(locations, 'parts'))).toEqual([3]);
    expect(ids(selectLocations(locations, 'service-and-parts'))).toEqual([2, 3]);
    expect(ids(selectLocations(locations, 3))).toEqual([3]);
    expect(ids(selectLocations(locations, 4))).toEqual([]);
  });
  it('sorts by name unless a custom order is set', () => {
    expect(ids(selectLocations(locations, 'all'))).toEqual([2, 3, 5, 1]);
    expect(ids(selectLocations(locations, 'all', { customOrder: [1, 3] }))).toEqual([1, 3, 2, 5]);
  });
  it('keeps only service locations on service and parts paths', () => {
    expect(ids(selectLocations(locations, 'all', { path: '/service/' }))).toEqual([2]);
    expect(ids(selectLocations(locations, 'all', { path: '/vehicle-parts-and-accessories' }))).toEqual([2]);
    expect(ids(selectLocations(locations, 'all', { path: '/servicing-tips' }))).toHaveLength(4);
  });
});

describe('locationBlockLayout', () => {
  it('picks none, single, dealership carousel or grid', () => {
    expect(locationBlockLayout([])).toBe('none');
    expect(locationBlockLayout(locations.slice(0, 1))).toBe('single');
    expect(locationBlockLayout([locations[0]!, locations[2]!])).toBe('dealership-carousel');
    expect(locationBlockLayout(locations.slice(0, 2))).toBe('grid');
  });
  it('finds the location types at the same place', () => {
    expect(ids(locationTypesAtSamePlace(locations[0]!, locations))).toEqual([1, 2]);
  });
});
