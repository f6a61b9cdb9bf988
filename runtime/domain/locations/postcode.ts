// Postcode on location and lead forms (docs/requirements/dealer-services.md#validation) and the nearest locations to it
// (docs/requirements/dealer-services.md#calls, #constants).
import { byDistance, type LatLng } from './distance';
import type { DealerLocation } from './location';
import { INVALID_POSTCODE, POSTCODE_MAX_LENGTH, postcodeError as postcodeTextError } from '../vehicle/postcode';
import { formatNumber } from '../format';

export { POSTCODE_MAX_LENGTH }; // input limited to 4 characters
export const POSTCODE_FORMAT_MESSAGE = INVALID_POSTCODE; // 'Invalid postcode. Please enter a 4-digit number.'
export const POSTCODE_NOT_FOUND_MESSAGE = 'Invalid postcode'; // docs/requirements/dealer-services.md#errors: geocode no results

/** Required, exactly 4 digits: null when valid, else the seed's message (anything but text, e.g. a repeated query key, too). */
export function postcodeError(value: unknown): string | null {
  return typeof value === 'string' ? postcodeTextError(value) : POSTCODE_FORMAT_MESSAGE;
}

export interface NearestLocation<L> {
  location: L;
  km: number;
}

/** Visible locations with coordinates, nearest first (haversine, radius 6371 km), at most `limit`. */
export function nearestLocations<L extends DealerLocation>(from: LatLng, locations: readonly L[], limit = 5): NearestLocation<L>[] {
  return byDistance(
    from,
    locations.filter((l) => l.visible !== false),
  ).slice(0, limit);
}

/** '3.4 km' under 10 km, whole kilometres beyond. */
export function formatDistance(km: number): string {
  return km < 10 ? `${(Math.round(km * 10) / 10).toFixed(1)} km` : `${formatNumber(Math.round(km))} km`;
}
