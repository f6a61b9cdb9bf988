// Which rows each spec list of the vehicle page shows (docs/requirements/vehicle-browsing.md#screens, #data, #validation). Pure: the block draws them.
import { CARAVAN_SPEC_FIELDS, regoExpiryText, specRowsFrom, VARIANT_SPEC_FIELDS, VEHICLE_SPEC_FIELDS, type SpecRow } from '../../runtime/domain/vehicle';
import { formatNumber } from '../../runtime/domain/format';
import { USED_CAR_CHECKS_HEADING } from '../../runtime/domain/vehicle/page-extras';
import type { Car } from '../../schemas/generated/car';

export type SpecListKind = 'featured' | 'specifications' | 'summary' | 'all-specifications' | 'all-features' | 'caravan-specifications' | 'used-car-checks';

export const SPEC_LIST_HEADINGS: Record<SpecListKind, string> = {
  featured: 'Highlights',
  specifications: 'Specifications',
  summary: 'Summary',
  'all-specifications': 'All Specifications',
  'all-features': 'Features',
  'caravan-specifications': 'Caravan Specifications',
  'used-car-checks': USED_CAR_CHECKS_HEADING,
};

type RowSource = Readonly<Record<string, unknown>>;

/** The headline facts shown as a strip of tiles. */
export function featuredRows(car: Car): SpecRow[] {
  return specRowsFrom(car as unknown as RowSource, [
    ['year', 'Year'],
    ['km', 'Odometer', (v) => `${formatNumber(Number(v))} km`],
    ['simple_transmission', 'Transmission'],
    ['simple_fuel', 'Fuel'],
    ['simple_body', 'Body'],
    ['simple_drive', 'Drive'],
  ]);
}

/** docs/requirements/vehicle-browsing.md#validation: 'Expires on {date}', 'Unregistered' on sites that say so, otherwise no row. */
export function registrationRow(car: Pick<Car, 'rego_expiry'>, unregisteredWhenRegoExpired: boolean, today: Date): SpecRow | null {
  const text = regoExpiryText(car.rego_expiry, { unregisteredWhenRegoExpired }, today);
  return text ? { label: 'Registration', value: text } : null;
}

/** The vehicle's own facts, with the registration row after the plate. */
export function specificationRows(car: Car, unregisteredWhenRegoExpired: boolean, today: Date): SpecRow[] {
  const rows = specRowsFrom(car as unknown as RowSource, VEHICLE_SPEC_FIELDS);
  const registration = registrationRow(car, unregisteredWhenRegoExpired, today);
  if (!registration) return rows;
  const plate = rows.findIndex((r) => r.label === 'Rego');
  rows.splice(plate >= 0 ? plate + 1 : rows.length, 0, registration);
  return rows;
}

/** The manufacturer variant's figures. */
export const summaryRows = (car: Car): SpecRow[] => specRowsFrom(car.variant as RowSource | null, VARIANT_SPEC_FIELDS);

export const allSpecificationRows = (car: Car, unregisteredWhenRegoExpired: boolean, today: Date): SpecRow[] => [
  ...specificationRows(car, unregisteredWhenRegoExpired, today),
  ...summaryRows(car),
];

/** Caravans only (docs/requirements/vehicle-browsing.md#data: specifications for caravans). */
export const caravanRows = (car: Car): SpecRow[] =>
  car.item_type === 'caravan' ? specRowsFrom(car.specifications as RowSource | null, CARAVAN_SPEC_FIELDS) : [];
