import { describe, expect, it } from 'vitest';
import { allSpecificationRows, caravanRows, featuredRows, registrationRow, specificationRows, summaryRows } from './lists';
import { testCar } from '../../test-support/vehicle-page';

const today = new Date('2026-06-01T00:00:00Z');

describe('vehicle spec lists', () => {
  it('features year, odometer, transmission, fuel, body and drive', () => {
    expect(featuredRows(testCar()).map((r) => `${r.label}: ${r.value}`)).toEqual([
      'Year: 2021',
      'Odometer: 45,210 km',
      'Transmission: Automatic',
      'Fuel: Diesel',
      'Body: Ute',
      'Drive: 4WD',
    ]);
  });

  it("words the rego expiry: 'Expires on {date}', 'Unregistered' only where the site says so (docs/requirements/vehicle-browsing.md#validation)", () => {
    expect(registrationRow({ rego_expiry: '2027-03-14' }, false, today)).toEqual({ label: 'Registration', value: 'Expires on 14/03/2027' });
    expect(registrationRow({ rego_expiry: '2025-01-01' }, false, today)).toBeNull();
    expect(registrationRow({ rego_expiry: '2025-01-01' }, true, today)).toEqual({ label: 'Registration', value: 'Unregistered' });
    expect(registrationRow({ rego_expiry: null }, true, today)).toBeNull();
  });

  it('puts the registration row right after the plate', () => {
    const labels = specificationRows(testCar(), false, today).map((r) => r.label);
    expect(labels.indexOf('Registration')).toBe(labels.indexOf('Rego') + 1);
    expect(labels.slice(0, 4)).toEqual(['Make', 'Model', 'Badge', 'Series']);
  });

  it("hides null and 'null' variant values in the summary, and all specifications joins both lists", () => {
    expect(summaryRows(testCar()).map((r) => r.label)).toEqual(['Cylinders', 'Fuel Consumption (Combined)', 'Torque']);
    const all = allSpecificationRows(testCar(), false, today);
    expect(all.at(-1)).toEqual({ label: 'Torque', value: '500 Nm' });
    expect(all).toHaveLength(specificationRows(testCar(), false, today).length + 3);
  });

  it('lists caravan specifications for caravans only', () => {
    const specifications = { body_width: 2440, body_length: null, tare_weight: 2660, axle_type: 'null', sleeps: 4, aggregate_trailer_mass: 3200 };
    expect(caravanRows(testCar({ item_type: 'caravan', specifications }))).toEqual([
      { label: 'Body Width', value: '2,440 mm' },
      { label: 'Tare Weight', value: '2,660 kg' },
      { label: 'Aggregate Trailer Mass (ATM)', value: '3,200 kg' },
      { label: 'Sleeps', value: '4' },
    ]);
    expect(caravanRows(testCar({ specifications }))).toEqual([]);
  });
});
