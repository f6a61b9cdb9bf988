// Who a view is from and on which day, for the one-view-per-visitor-per-car-per-day rule of the view store.
import { createHash } from 'node:crypto';
import { zoneOffsetMinutes } from '../domain/time/zoned';

/** The calendar day (YYYY-MM-DD) of the instant `at` in the site's time zone: a dealer's "today". */
export function viewDay(at: number, timeZone: string): string {
  return new Date(at + zoneOffsetMinutes(at, timeZone) * 60_000).toISOString().slice(0, 10);
}

/**
 * A visitor's key for one site, car and day: a hash, so the store never keeps an address, and rows of one address
 * on two cars or two days cannot be linked to each other.
 */
export function visitorKey(tenant: string, carId: number, day: string, address: string): string {
  return createHash('sha256').update(`${tenant}\n${carId}\n${day}\n${address}`).digest('base64url').slice(0, 32);
}
