// Geocoding behind one interface (docs/requirements/dealer-services.md#calls: maps geocoding GET with postal_code and country AU; no result gives
// 'Invalid postcode'): the Google adapter when a key is configured, the local postcode table otherwise.
import type { LatLng } from '../domain/locations';

export interface Geocoder {
  readonly name: string;
  /** The postcode's coordinates, or null when it is not known. Throws only when the service itself fails. */
  postcode(postcode: string): Promise<LatLng | null>;
}
