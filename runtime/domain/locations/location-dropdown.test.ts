import { describe, expect, it } from 'vitest';
import type { DealerLocation } from './location';
import { autoSelectedLocation, locationChoiceValues, locationDropdownOptions } from './location-dropdown';

const locations: DealerLocation[] = [
  { id: 1, name: 'City Land Rover', manufacturers: ['Land Rover', 'Jaguar'], dealership_id: 10, dealership_slug: 'city-group' },
  { id: 2, name: 'City Service', location_type: 'service', manufacturers: ['Land Rover'], dealership_id: 10 },
  { id: 3, name: 'North Kia', manufacturers: ['Kia'], dealership_id: 20 },
  { id: 4, name: 'Hidden', visible: false, manufacturers: ['Kia'], dealership_id: 20 },
];
const ids = (l: DealerLocation[]) => l.map((x) => x.id);

describe('location dropdown (docs/requirements/dealer-services.md#validation)', () => {
  it('filters by make slug, spaces becoming hyphens', () => {
    expect(ids(locationDropdownOptions(locations, { make: 'land-rover' }))).toEqual([1, 2]);
    expect(ids(locationDropdownOptions(locations, { make: 'Land Rover' }))).toEqual([1, 2]);
    expect(ids(locationDropdownOptions(locations, { make: 'Kia' }))).toEqual([3]);
  });
  it('filters by type, empty type meaning sales', () => {
    expect(ids(locationDropdownOptions(locations, { type: 'sales' }))).toEqual([1, 3]);
    expect(ids(locationDropdownOptions(locations, { type: 'service' }))).toEqual([2]);
  });
  it('applies site lists: excluded and only locations, hidden and shown dealerships', () => {
    expect(ids(locationDropdownOptions(locations, {}, { excludedLocationIds: [1] }))).toEqual([2, 3]);
    expect(ids(locationDropdownOptions(locations, {}, { onlyLocationIds: [3, 4] }))).toEqual([3]);
    expect(ids(locationDropdownOptions(locations, {}, { hiddenDealershipIds: [10] }))).toEqual([3]);
    expect(ids(locationDropdownOptions(locations, {}, { shownDealershipIds: [10] }))).toEqual([1, 2]);
  });
  it('auto-selects a single option once', () => {
    expect(autoSelectedLocation(locations.slice(2, 3), false)?.id).toBe(3);
    expect(autoSelectedLocation(locations.slice(2, 3), true)).toBeNull();
    expect(autoSelectedLocation(locations.slice(0, 2), false)).toBeNull();
  });
  it('sets dealership_slug on sites with the flag', () => {
    expect(locationChoiceValues(locations[0]!)).toEqual({ location: 'City Land Rover' });
    expect(locationChoiceValues(locations[0]!, { choosingSetsDealership: true })).toEqual({ location: 'City Land Rover', dealership_slug: 'city-group' });
  });
});
