import type { VehicleCar } from './car';

// docs/requirements/vehicle-browsing.md#states: in_stock and coming_soon count as available; any other status shows the SOLD notice.
const AVAILABLE_STATUSES: readonly string[] = ['in_stock', 'coming_soon'];

export function isAvailable(car: Pick<VehicleCar, 'status'>): boolean {
  return AVAILABLE_STATUSES.includes(car.status ?? '');
}

/** Unavailable cars show the SOLD notice with a 'Find Me Something Similar' link (docs/requirements/vehicle-browsing.md#screens). */
export function soldNotice(car: Pick<VehicleCar, 'status'>): { text: 'SOLD'; action: 'Find Me Something Similar' } | null {
  return isAvailable(car) ? null : { text: 'SOLD', action: 'Find Me Something Similar' };
}
