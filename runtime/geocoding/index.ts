// The server's geocoder: Google when GOOGLE_GEOCODING_KEY is set (a platform setting, never a tenant's: the server
// only ever calls Google's address, or GOOGLE_GEOCODING_URL set by the platform for tests), else the local table.
import { googleGeocoder } from './google-provider';
import { localGeocoder } from './local-provider';
import type { Geocoder } from './types';

export * from './types';
export { googleGeocoder, GeocodingError, GOOGLE_GEOCODE_URL } from './google-provider';
export { localGeocoder, postcodeTable } from './local-provider';

export function createGeocoder(env: Record<string, string | undefined> = process.env): Geocoder {
  const key = env.GOOGLE_GEOCODING_KEY;
  return key ? googleGeocoder({ key, ...(env.GOOGLE_GEOCODING_URL ? { baseUrl: env.GOOGLE_GEOCODING_URL } : {}) }) : localGeocoder();
}
