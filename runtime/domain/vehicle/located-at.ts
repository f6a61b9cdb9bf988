// 'Located at {city}' banner (docs/requirements/vehicle-browsing.md#screens): shown when the car is not at the primary location.
import type { VehicleCar } from './car';

export interface LocatedAtBanner {
  text: string;
  directionsUrl: string | null;
}

export function locatedAtBanner(
  car: Pick<VehicleCar, 'location_id'> & { location?: { id?: number; address?: { city?: string; place_url?: string } | null } | null },
  primaryLocationId: number | null | undefined,
): LocatedAtBanner | null {
  const locationId = car.location_id ?? car.location?.id;
  const city = (car.location?.address?.city ?? '').trim();
  if (primaryLocationId == null || locationId == null || locationId === primaryLocationId || !city) return null;
  return { text: `Located at ${city}`, directionsUrl: car.location?.address?.place_url || null };
}
