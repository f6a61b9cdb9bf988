// Spec rows of the vehicle page (docs/requirements/vehicle-browsing.md#validation: rows with empty, null or 'null' values are hidden).
import { formatNumber } from '../format';
import { normaliseMakeName } from '../make-names';

export interface SpecRow {
  label: string;
  value: string;
}

export type SpecValue = string | number | boolean | null | undefined;

/** Feeds send literal 'null' strings; those and blanks are no value. */
export function hasSpecValue(value: SpecValue): boolean {
  if (value === null || value === undefined) return false;
  const text = String(value).trim();
  return text !== '' && text.toLowerCase() !== 'null';
}

type Formatter = (value: SpecValue) => string;
type SpecField = readonly [field: string, label: string, format?: Formatter];

const km: Formatter = (v) => `${formatNumber(Number(v))} km`;
const make: Formatter = (v) => normaliseMakeName(String(v));
/** Feeds send numbers or ready-made text: numbers get the unit, text stays as sent ('1850kg'). */
const unit =
  (suffix: string, decimals = 0): Formatter =>
  (v) =>
    typeof v === 'number' ? `${formatNumber(v, decimals)}${suffix}` : String(v).trim();
const litres = unit('L', 1);

/** Vehicle spec fields in display order, with their labels. */
export const VEHICLE_SPEC_FIELDS: readonly SpecField[] = [
  ['make', 'Make', make],
  ['model', 'Model'],
  ['badge', 'Badge'],
  ['series', 'Series'],
  ['year', 'Year'],
  ['km', 'Odometer', km],
  ['simple_body', 'Body'],
  ['simple_transmission', 'Transmission'],
  ['simple_drive', 'Drive'],
  ['simple_fuel', 'Fuel Type'],
  ['engine_size_litres', 'Engine', litres],
  ['colour', 'Colour'],
  ['interior_colour', 'Interior Colour'],
  ['seats', 'Seats'],
  ['doors', 'Doors'],
  ['stocknum', 'Stock No.'],
  ['vin', 'VIN'],
  ['regplate', 'Rego'],
  ['build_date', 'Build Date'],
  ['compliance_date', 'Compliance Date'],
];

/** Caravan specification labels (docs/requirements/vehicle-browsing.md#data: specifications for caravans). */
export const CARAVAN_SPEC_FIELDS: readonly SpecField[] = [
  ['body_length', 'Body Length', unit(' mm')],
  ['body_width', 'Body Width', unit(' mm')],
  ['tare_weight', 'Tare Weight', unit(' kg')],
  ['aggregate_trailer_mass', 'Aggregate Trailer Mass (ATM)', unit(' kg')],
  ['axle_type', 'Axle Type'],
  ['sleeps', 'Sleeps'],
];

/** Key information on the vehicle page: the first 4 show, the rest behind Show More (docs/requirements/vehicle-browsing.md#screens, #constants). */
export const KEY_INFO_FIELDS: readonly SpecField[] = [
  ['km', 'Odometer', km],
  ['simple_transmission', 'Transmission'],
  ['simple_fuel', 'Fuel Type'],
  ['simple_body', 'Body'],
  ['simple_drive', 'Drive'],
  ['engine_size_litres', 'Engine', litres],
  ['colour', 'Colour'],
  ['seats', 'Seats'],
  ['doors', 'Doors'],
];

/** Manufacturer variant specifications, the summary spec list (docs/requirements/vehicle-browsing.md#data: variant). */
export const VARIANT_SPEC_FIELDS: readonly SpecField[] = [
  ['cylinders', 'Cylinders'],
  ['enginesize_litres', 'Engine Size', litres],
  ['induction', 'Induction'],
  ['geartype', 'Gear Type'],
  ['bodyconfiguration', 'Body Configuration'],
  ['fuelconsumptioncombined', 'Fuel Consumption (Combined)', unit(' L/100km', 1)],
  ['fuelcapacity', 'Fuel Capacity', unit(' L')],
  ['torque', 'Torque', unit(' Nm')],
  ['towingcapacitybraked', 'Towing Capacity (Braked)', unit(' kg')],
  ['grossvehiclemass', 'Gross Vehicle Mass', unit(' kg')],
  ['vehiclelength', 'Length', unit(' mm')],
  ['vehiclewidth', 'Width', unit(' mm')],
  ['vehicleheight', 'Height', unit(' mm')],
  ['ancaprating', 'ANCAP Rating'],
];

export function specRowsFrom(source: Readonly<Record<string, unknown>> | null | undefined, fields: readonly SpecField[]): SpecRow[] {
  const rows: SpecRow[] = [];
  for (const [field, label, format] of fields) {
    const value = source?.[field] as SpecValue;
    if (hasSpecValue(value)) rows.push({ label, value: format ? format(value) : String(value).trim() });
  }
  return rows;
}
