// The server's geocoder: Google when GOOGLE_GEOCODING_KEY is set (a platform setting, never a tenant's: the server
// only ever calls Google's address, or GOOGLE_GEOCODING_URL set by the platform for tests), else the local table.
import { googleGeocoder } from './google-provider';
import { localGeocoder } from './local-provider';
import type { Geocoder } from './types';

export * from './types';
export { googleGeocoder } from './google-provider';
export { localGeocoder, postcodeTable } from './local-provider';

/** Remembers answers (found or not; never failures), so repeated postcodes cost one paid lookup. ~4,000 postcodes exist. */
export function cachedGeocoder(inner: Geocoder, maxEntries = 5000): Geocoder {
  const answers = new Map<string, Awaited<ReturnType<Geocoder['postcode']>>>();
  return {
    name: inner.name,
    async postcode(postcode) {
      if (answers.has(postcode)) return answers.get(postcode)!;
      const answer = await inner.postcode(postcode);
      if (answers.size >= maxEntries) answers.delete(answers.keys().next().value!);
      answers.set(postcode, answer);
      return answer;
    },
  };
}

export function createGeocoder(env: Record<string, string | undefined> = process.env): Geocoder {
  const key = env.GOOGLE_GEOCODING_KEY;
  return key ? cachedGeocoder(googleGeocoder({ key, ...(env.GOOGLE_GEOCODING_URL ? { baseUrl: env.GOOGLE_GEOCODING_URL } : {}) })) : localGeocoder();
}
