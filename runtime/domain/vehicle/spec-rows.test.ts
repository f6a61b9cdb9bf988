import { describe, expect, it } from 'vitest';
import { ALL_SPECS_LIST, FEATURES_LIST, KEY_INFO_LIST, collapsibleList } from './collapsible-list';
import { CARAVAN_SPEC_FIELDS, KEY_INFO_FIELDS, VARIANT_SPEC_FIELDS, VEHICLE_SPEC_FIELDS, hasSpecValue, specRowsFrom } from './spec-rows';

describe('spec rows (docs/requirements/vehicle-browsing.md#validation)', () => {
  it("hides empty, null and 'null' values", () => {
    expect(hasSpecValue('null')).toBe(false);
    expect(hasSpecValue(' ')).toBe(false);
    expect(hasSpecValue(null)).toBe(false);
    expect(hasSpecValue(0)).toBe(true);
  });
  it('builds vehicle rows in order with formatted values', () => {
    const rows = specRowsFrom({ make: 'Mercedes Benz', model: 'C300', km: 45210, badge: 'null', vin: null }, VEHICLE_SPEC_FIELDS);
    expect(rows).toEqual([
      { label: 'Make', value: 'Mercedes-Benz' },
      { label: 'Model', value: 'C300' },
      { label: 'Odometer', value: '45,210 km' },
    ]);
  });
  it('labels caravan specifications', () => {
    expect(specRowsFrom({ sleeps: 4, tare_weight: '1850kg', axle_type: '' }, CARAVAN_SPEC_FIELDS)).toEqual([
      { label: 'Tare Weight', value: '1850kg' },
      { label: 'Sleeps', value: '4' },
    ]);
  });
  it('gives numeric caravan, engine and variant values their units', () => {
    expect(specRowsFrom({ body_width: 2440, tare_weight: 2660, aggregate_trailer_mass: 3200, axle_type: 'null' }, CARAVAN_SPEC_FIELDS)).toEqual([
      { label: 'Body Width', value: '2,440 mm' },
      { label: 'Tare Weight', value: '2,660 kg' },
      { label: 'Aggregate Trailer Mass (ATM)', value: '3,200 kg' },
    ]);
    expect(specRowsFrom({ engine_size_litres: 3 }, VEHICLE_SPEC_FIELDS)).toEqual([{ label: 'Engine', value: '3.0L' }]);
    expect(specRowsFrom({ cylinders: 4, fuelconsumptioncombined: 7.5, torque: 'null', towingcapacitybraked: 3500 }, VARIANT_SPEC_FIELDS)).toEqual([
      { label: 'Cylinders', value: '4' },
      { label: 'Fuel Consumption (Combined)', value: '7.5 L/100km' },
      { label: 'Towing Capacity (Braked)', value: '3,500 kg' },
    ]);
  });
  it('starts key information with odometer, transmission, fuel and body', () => {
    const rows = specRowsFrom(
      { km: 40, simple_transmission: 'Automatic', simple_fuel: 'Diesel', simple_body: 'Ute', simple_drive: '4WD', seats: 5 },
      KEY_INFO_FIELDS,
    );
    expect(rows.slice(0, 4).map((r) => r.label)).toEqual(['Odometer', 'Transmission', 'Fuel Type', 'Body']);
    expect(rows).toHaveLength(6);
  });
});

describe('collapsible lists (docs/requirements/vehicle-browsing.md#constants)', () => {
  const ten = Array.from({ length: 10 }, (_, i) => i);
  it('shows 4 specs then Show All Specs / Hide Specs', () => {
    expect(collapsibleList(ten, ALL_SPECS_LIST)).toEqual({ shown: [0, 1, 2, 3], toggleLabel: 'Show All Specs' });
    expect(collapsibleList(ten, ALL_SPECS_LIST, true)).toEqual({ shown: ten, toggleLabel: 'Hide Specs' });
  });
  it('shows 8 features then Show All / Hide', () => {
    expect(collapsibleList(ten, FEATURES_LIST).shown).toHaveLength(8);
    expect(collapsibleList(ten, FEATURES_LIST).toggleLabel).toBe('Show All');
    expect(collapsibleList(ten, FEATURES_LIST, true).toggleLabel).toBe('Hide');
  });
  it('shows key info first 4 with Show More, and no toggle when all fit', () => {
    expect(collapsibleList(ten, KEY_INFO_LIST).toggleLabel).toBe('Show More');
    expect(collapsibleList([1, 2, 3, 4], KEY_INFO_LIST)).toEqual({ shown: [1, 2, 3, 4], toggleLabel: null });
  });
});
