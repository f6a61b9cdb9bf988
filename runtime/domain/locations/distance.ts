// Distance between coordinates by haversine (docs/requirements/dealer-services.md#constants: Earth radius 6371 km).

export const EARTH_RADIUS_KM = 6371;

export interface LatLng {
  lat: number;
  lng: number;
}

const rad = (deg: number) => (deg * Math.PI) / 180;

export function haversineKm(a: LatLng, b: LatLng): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Locations with coordinates, nearest first, each with its distance in km. */
export function byDistance<T extends { address?: { lat?: number | null; long?: number | null } | null }>(
  from: LatLng,
  locations: readonly T[],
): Array<{ location: T; km: number }> {
  return locations
    .filter((l) => typeof l.address?.lat === 'number' && typeof l.address?.long === 'number')
    .map((location) => ({ location, km: haversineKm(from, { lat: location.address!.lat!, lng: location.address!.long! }) }))
    .sort((a, b) => a.km - b.km);
}
