import { describe, expect, it } from 'vitest';
import type { DealerLocation } from './location';
import { autoSelectedLocation, locationChoiceValues, locationDropdownOptions } from './location-dropdown';
import { withSettingsDefaults } from '../../../test-support/settings-defaults';

const DROPDOWN = withSettingsDefaults('locations').dropdown;

const locations: DealerLocation[] = [
  { id: 1, name: 'City Land Rover', manufacturers: ['Land Rover', 'Jaguar'], dealership_id: 10, dealership_slug: 'city-group' },
  { id: 2, name: 'City Service', location_type: 'service', manufacturers: ['Land Rover'], dealership_id: 10 },
  { id: 3, name: 'North Kia', manufacturers: ['Kia'], dealership_id: 20 },
  { id: 4, name: 'Hidden', visible: false, manufacturers: ['Kia'], dealership_id: 20 },
];
const ids = (l: DealerLocation[]) => l.map((x) => x.id);

describe('location dropdown (docs/requirements/dealer-services.md#validation)', () => {
  it('filters by make slug, spaces becoming hyphens', () => {
    expect(ids(locationDropdownOptions(locations, { make: 'land-rover' }, DROPDOWN))).toEqual([1, 2]);
    expect(ids(locationDropdownOptions(locations, { make: 'Land Rover' }, DROPDOWN))).toEqual([1, 2]);
    expect(ids(locationDropdownOptions(locations, { make: 'Kia' }, DROPDOWN))).toEqual([3]);
  });
  it('filters by type, empty type meaning sales', () => {
    expect(ids(locationDropdownOptions(locations, { type: 'sales' }, DROPDOWN))).toEqual([1, 3]);
    expect(ids(locationDropdownOptions(locations, { type: 'service' }, DROPDOWN))).toEqual([2]);
  });
  it('applies site lists: excluded and only locations, hidden and shown dealerships', () => {
    expect(ids(locationDropdownOptions(locations, {}, withSettingsDefaults('locations', { dropdown: { excludedLocationIds: [1] } }).dropdown))).toEqual([2, 3]);
    expect(ids(locationDropdownOptions(locations, {}, withSettingsDefaults('locations', { dropdown: { onlyLocationIds: [3, 4] } }).dropdown))).toEqual([3]);
    expect(ids(locationDropdownOptions(locations, {}, withSettingsDefaults('locations', { dropdown: { hiddenDealershipIds: [10] } }).dropdown))).toEqual([3]);
    expect(ids(locationDropdownOptions(locations, {}, withSettingsDefaults('locations', { dropdown: { shownDealershipIds: [10] } }).dropdown))).toEqual([1, 2]);
  });
  it('auto-selects a single option once', () => {
    expect(autoSelectedLocation(locations.slice(2, 3), false)?.id).toBe(3);
    expect(autoSelectedLocation(locations.slice(2, 3), true)).toBeNull();
    expect(autoSelectedLocation(locations.slice(0, 2), false)).toBeNull();
  });
  it('sets dealership_slug on sites with the flag', () => {
    expect(locationChoiceValues(locations[0]!, DROPDOWN)).toEqual({ location: 'City Land Rover' });
    expect(locationChoiceValues(locations[0]!, withSettingsDefaults('locations', { dropdown: { choosingSetsDealership: true } }).dropdown)).toEqual({
      location: 'City Land Rover',
      dealership_slug: 'city-group',
    });
  });
});
