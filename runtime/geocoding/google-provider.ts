// Google Geocoding API: GET {base}?components=postal_code:{postcode}|country:AU&key=...; the first result's
// geometry.location gives lat and lng; ZERO_RESULTS means the postcode is unknown.
import type { Geocoder } from './types';

const GOOGLE_GEOCODE_URL = 'https://maps.googleapis.com/maps/api/geocode/json';

class GeocodingError extends Error {}

export function googleGeocoder({ key, baseUrl = GOOGLE_GEOCODE_URL, timeoutMs = 5000 }: { key: string; baseUrl?: string; timeoutMs?: number }): Geocoder {
  return {
    name: 'google',
    async postcode(postcode) {
      const url = new URL(baseUrl);
      url.searchParams.set('components', `postal_code:${postcode}|country:AU`);
      url.searchParams.set('region', 'au');
      url.searchParams.set('key', key);
      const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
      if (!response.ok) throw new GeocodingError(`geocoding answered ${response.status}`);
      const body = (await response.json()) as {
        status?: string;
        results?: Array<{ geometry?: { location?: { lat?: number; lng?: number } } }>;
        error_message?: string;
      };
      if (body.status === 'ZERO_RESULTS') return null;
      if (body.status && body.status !== 'OK')
        throw new GeocodingError(`geocoding failed: ${body.status}${body.error_message ? ` (${body.error_message})` : ''}`);
      const location = body.results?.[0]?.geometry?.location;
      return typeof location?.lat === 'number' && typeof location?.lng === 'number' ? { lat: location.lat, lng: location.lng } : null;
    },
  };
}
