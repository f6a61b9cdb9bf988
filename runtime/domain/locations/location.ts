import { FALLBACK_TIME_ZONE, stateTimeZone } from '../time/site-time-zone';
import type { ReviewEntry } from './review-rating';
// Dealership location fields the location rules read (docs/requirements/dealer-services.md#data).

export type LocationType = 'sales' | 'service' | 'parts' | (string & {});

export interface OpeningHourEntry {
  /** 0 Sunday to 6 Saturday. */
  weekday: number;
  status: 'Open' | 'Closed' | (string & {});
  formated_hours?: string | null;
  open?: string | null;
  close?: string | null;
}

export interface DealerLocation {
  id: number;
  name: string;
  slug?: string;
  visible?: boolean | null;
  primary?: boolean | null;
  /** Empty means sales. */
  location_type?: LocationType | null;
  location_subtype?: string | null;
  manufacturers?: string[] | null;
  dealership_id?: number | null;
  dealership_slug?: string | null;
  address?: {
    street?: string;
    city?: string;
    state?: string;
    postcode?: string;
    lat?: number | null;
    long?: number | null;
    place_url?: string;
    place_id?: string;
    map_key?: string;
  } | null;
  contact_detail?: { phone?: string; landline_phone?: string; mobile?: string; email?: string; opening_hours?: OpeningHourEntry[] | null } | null;
  reviews?: {
    average_rating?: number | string | null;
    count?: number | null;
    source?: 'site' | 'google' | null;
    reviews?: ReviewEntry[] | null;
  } | null;
  special_hours?: Array<{
    date: string;
    status: string;
    start_hour?: string;
    end_hour?: string;
    hours?: { begin?: string; end?: string };
    name?: string;
  }> | null;
  dealer_license_number?: string | null;
  motor_vehicle_repairer?: string | null;
  image?: string | null;
  /** What the photo shows; empty when staff marked it decorative. */
  imageAlt?: string;
}

/** The time zone a location's opening hours are kept in ("today" for holiday hours): its state's. */
export function locationTimeZone(location: Pick<DealerLocation, 'address'>): string {
  return stateTimeZone(location.address?.state) ?? FALLBACK_TIME_ZONE;
}

/** An empty location_type means a sales location (docs/requirements/dealer-services.md#data). */
export function locationType(location: Pick<DealerLocation, 'location_type'>): LocationType {
  return (location.location_type ?? '').trim().toLowerCase() || 'sales';
}
