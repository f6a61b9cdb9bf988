// Tag banner on car images, by priority (docs/requirements/vehicle-browsing.md#states). Returns data, the block draws it.
import { normaliseMakeName } from '../make-names';
import { isAvailable } from './availability';
import type { VehicleCar } from './car';
import { fuelTypeName, isElectricOrHybrid } from './fuel-type';
import type { ResolvedVehicleTagSettings } from '../../../schemas/generated/settings';

type TagBannerKind = 'fuel' | 'reserved' | 'certified' | 'tag' | 'coming-soon' | 'new' | 'sold' | 'none';

/** Only a tag value has a seed-given colour (green or red); other kinds are 'neutral' and styled by kind. */
type TagTone = 'green' | 'red' | 'neutral';

export interface TagBanner {
  kind: TagBannerKind;
  text?: string;
  image?: string;
  tone: TagTone;
}

export type TagBannerCar = Pick<VehicleCar, 'status' | 'simple_fuel' | 'fuel' | 'reserved' | 'certified' | 'car_type' | 'make' | 'sold' | 'tag' | 'created_at'>;

const DAY_MS = 24 * 60 * 60 * 1000;
const RUNOUT_SALE = 'runout sale';

/** Created less than `days` days before `now` (an 8-day-old car no longer counts). */
function isNewlyCreated(createdAt: VehicleCar['created_at'], days: number, now: Date): boolean {
  if (createdAt === null || createdAt === undefined || createdAt === '') return false;
  // Feeds give either ISO strings or unix seconds.
  const created = typeof createdAt === 'number' && createdAt < 1e12 ? new Date(createdAt * 1000) : new Date(createdAt);
  const age = now.getTime() - created.getTime();
  return Number.isFinite(age) && age >= 0 && age < days * DAY_MS;
}

/** A used car of the certified make, marked certified (or any such car where the flag is not needed), not sold, on a
 *  site that shows certified cars: it gets the certified logo and lists the certified benefits. */
function isCertifiedOnSite(
  car: Pick<VehicleCar, 'certified' | 'car_type' | 'make' | 'sold'>,
  s: Pick<ResolvedVehicleTagSettings, 'certifiedBadgeEnabled' | 'certifiedRequiresFlag' | 'certifiedMake'>,
): boolean {
  return (
    s.certifiedBadgeEnabled &&
    Boolean(car.certified || !s.certifiedRequiresFlag) &&
    car.car_type === 'used' &&
    !car.sold &&
    normaliseMakeName(car.make).toLowerCase() === normaliseMakeName(s.certifiedMake).toLowerCase()
  );
}

/** The certified benefits a car's page lists, with their heading; none for a car that is not certified on the site. */
export function certifiedBenefits(
  car: Pick<VehicleCar, 'certified' | 'car_type' | 'make' | 'sold'>,
  s: ResolvedVehicleTagSettings,
): { title: string; items: string[] } | null {
  if (!isCertifiedOnSite(car, s) || !s.certifiedBenefits.length) return null;
  return { title: s.certifiedBenefitsTitle, items: [...s.certifiedBenefits] };
}

export function tagBanner(car: TagBannerCar, s: ResolvedVehicleTagSettings, now: Date = new Date()): TagBanner {
  if (!isAvailable(car)) return { kind: 'sold', text: s.soldTagText, tone: 'neutral' };
  if (s.electricTagEnabled && isElectricOrHybrid(car)) return { kind: 'fuel', text: fuelTypeName(car), tone: 'neutral' };
  if (car.reserved) return { kind: 'reserved', text: 'Reserved', tone: 'neutral' };
  if (isCertifiedOnSite(car, s)) return { kind: 'certified', image: s.certifiedLogoUrl, tone: 'neutral' };
  const tag = (car.tag ?? '').trim();
  if (tag) {
    const green = s.runoutSaleGreen && tag.toLowerCase() === RUNOUT_SALE;
    return { kind: 'tag', text: tag, tone: green ? 'green' : 'red' };
  }
  if (car.status === 'coming_soon') return { kind: 'coming-soon', text: 'COMING SOON', tone: 'neutral' };
  if (isNewlyCreated(car.created_at, s.newTagDays, now)) return { kind: 'new', text: s.newTagText, tone: 'neutral' };
  return { kind: 'none', tone: 'neutral' };
}
