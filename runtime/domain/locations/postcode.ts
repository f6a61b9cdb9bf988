// Postcode on location and lead forms (seed 001 §5) and the nearest locations to it (seed 001 §7, §9).
import { byDistance, type LatLng } from './distance';
import type { DealerLocation } from './location';

export const POSTCODE_FORMAT_MESSAGE = 'Invalid postcode. Please enter a 4-digit number.';
export const POSTCODE_NOT_FOUND_MESSAGE = 'Invalid postcode'; // seed 001 §8: geocode no results
export const POSTCODE_MAX_LENGTH = 4; // input limited to 4 characters

/** Required, exactly 4 digits: null when valid, else the seed's message. */
export function postcodeError(value: unknown): string | null {
  return typeof value === 'string' && /^[0-9]{4}$/.test(value.trim()) ? null : POSTCODE_FORMAT_MESSAGE;
}

export interface NearestLocation<L> {
  location: L;
  km: number;
}

/** Visible locations with coordinates, nearest first (haversine, radius 6371 km), at most `limit`. */
export function nearestLocations<L extends DealerLocation>(from: LatLng, locations: readonly L[], limit = 5): NearestLocation<L>[] {
  return byDistance(from, locations.filter((l) => l.visible !== false)).slice(0, limit);
}

/** '3.4 km' under 10 km, whole kilometres beyond. */
export function formatDistance(km: number): string {
  return km < 10 ? `${(Math.round(km * 10) / 10).toFixed(1)} km` : `${Math.round(km).toLocaleString('en-AU')} km`;
}
