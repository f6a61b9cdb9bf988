// Vehicle page sections of docs/requirements/vehicle-browsing.md#screens and #states that need a rule: used-car checks, the external video, the impel
// walkaround, the sidebar car icons and 'See more from this dealer'.
import type { Car } from '../../../schemas/generated/car';
import { DEFAULT_TIME_ZONE, formatNumber, zonedDateParts } from '../format';
import { regoExpiryText } from './rego-expiry';

// ---------------------------------------------------------------------------------------------------------------
// Used-car checks: what a used-car buyer checks first, from the car's own fields (docs/requirements/vehicle-browsing.md#data).

export interface CheckRow {
  id: 'registration' | 'odometer' | 'vin' | 'build-date' | 'compliance-date' | 'history-report' | 'certified';
  label: string;
  value: string;
  /** A link to the history report file. */
  href?: string;
}

export const USED_CAR_CHECKS_HEADING = 'Used Car Checks';

const monthYear = (value: string | null | undefined, timeZone = DEFAULT_TIME_ZONE): string | null => {
  if (!value) return null;
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return null;
  const { year, month } = zonedDateParts(d, timeZone);
  return `${String(month).padStart(2, '0')}/${year}`;
};

/** The checks of a used car (none for new or demo cars); rows without a value are left out (docs/requirements/vehicle-browsing.md#validation). */
export function usedCarChecks(car: Car, settings: { unregisteredWhenRegoExpired?: boolean } = {}, now = new Date()): CheckRow[] {
  if (car.car_type !== 'used') return [];
  const rows: (CheckRow | null)[] = [];
  const rego = regoExpiryText(car.rego_expiry, settings, now);
  const plate = car.regplate && car.regplate !== 'null' ? car.regplate : null;
  if (plate || rego) rows.push({ id: 'registration', label: 'Registration', value: [plate, rego].filter(Boolean).join(' · ') });
  if (typeof car.km === 'number' && car.km >= 0) rows.push({ id: 'odometer', label: 'Odometer', value: `${formatNumber(car.km)} km` });
  if (car.vin && car.vin !== 'null') rows.push({ id: 'vin', label: 'VIN', value: car.vin });
  const build = monthYear(car.build_date);
  if (build) rows.push({ id: 'build-date', label: 'Build date', value: build });
  const compliance = monthYear(car.compliance_date);
  if (compliance) rows.push({ id: 'compliance-date', label: 'Compliance date', value: compliance });
  if (car.file) rows.push({ id: 'history-report', label: 'History report', value: 'View the report', href: car.file });
  if (car.certified) rows.push({ id: 'certified', label: 'Certified', value: 'Certified pre-owned' });
  return rows.filter((r): r is CheckRow => r !== null);
}

// External video and the Impel walkaround: in media-extras.ts, the gallery's (it may hydrate once the page has loaded;
// the rest of this file's rules, 2 KB compressed, are for blocks that load later).
export * from './media-extras';

// ---------------------------------------------------------------------------------------------------------------
// Sidebar car icons (docs/requirements/vehicle-browsing.md#screens 'Sidebar: title, price, finance block, buttons and car icons').

export type SidebarIconId = 'km' | 'transmission' | 'fuel' | 'body' | 'drive' | 'seats' | 'doors' | 'engine' | 'year' | 'colour';

export interface IconFact {
  id: SidebarIconId;
  /** What the value is, for screen readers ('Odometer'). */
  label: string;
  value: string;
}

const present = (v: unknown): string | null => (v == null || String(v).trim() === '' || v === 'null' ? null : String(v).trim());

export function sidebarIconFacts(car: Car, icons: readonly SidebarIconId[]): IconFact[] {
  const facts: IconFact[] = [];
  for (const id of icons) {
    let value: string | null = null;
    let label = '';
    switch (id) {
      case 'km':
        label = 'Odometer';
        value = typeof car.km === 'number' && car.car_type !== 'new' ? `${formatNumber(car.km)} km` : null;
        break;
      case 'transmission':
        label = 'Transmission';
        value = present(car.simple_transmission ?? car.trans);
        break;
      case 'fuel':
        label = 'Fuel';
        value = present(car.simple_fuel ?? car.fuel);
        break;
      case 'body':
        label = 'Body';
        value = present(car.simple_body);
        break;
      case 'drive':
        label = 'Drive';
        value = present(car.simple_drive ?? car.drive);
        break;
      case 'seats':
        label = 'Seats';
        value = present(car.seats) && `${car.seats} seats`;
        break;
      case 'doors':
        label = 'Doors';
        value = present(car.doors) && `${car.doors} doors`;
        break;
      case 'engine':
        label = 'Engine';
        value = present(car.engine_size_litres) ? `${car.engine_size_litres}L` : present(car.engine_size);
        break;
      case 'year':
        label = 'Year';
        value = present(car.year);
        break;
      case 'colour':
        label = 'Colour';
        value = present(car.colour);
        break;
    }
    if (value) facts.push({ id, label, value });
  }
  return facts;
}

// ---------------------------------------------------------------------------------------------------------------
// 'See more from this dealer' (docs/requirements/vehicle-browsing.md#screens: /search/{dealership_slug}).

export const SEE_MORE_FROM_DEALER = 'See more from this dealer';

export const dealerSearchPath = (car: Pick<Car, 'dealership_slug'>): string | null =>
  car.dealership_slug ? `/search/${encodeURIComponent(car.dealership_slug)}` : null;

// ---------------------------------------------------------------------------------------------------------------
// Blogs on the vehicle page (docs/requirements/vehicle-browsing.md#screens 'optional blogs'): the site's posts for this car's make (or for every car).

export function vehicleBlogPosts<P extends { make?: string; href: string }>(
  posts: readonly P[],
  car: Pick<Car, 'make'>,
  max: number,
  exists: (href: string) => boolean,
): P[] {
  const make = (car.make ?? '').trim().toLowerCase();
  return posts.filter((p) => (!p.make || p.make.trim().toLowerCase() === make) && exists(p.href)).slice(0, Math.max(0, max));
}
