// Monthly sales counter on location pages (docs/requirements/dealer-services.md#constants), in Brisbane time.
import { DEFAULT_TIME_ZONE, zonedDateParts } from '../format';

const SALES_PER_DAY = 192;
const SECONDS_PER_SALE = 450;
export const SALES_COUNTER_REFRESH_MS = 150_000; // refreshed every 150 s
export const SALES_COUNTER_ANIMATION_MS = 2000; // count-up animation 2 s

/** (day of month - 1) x 192 + floor(seconds since midnight / 450). */
export function salesCounterValue(now: Date = new Date(), timeZone = DEFAULT_TIME_ZONE): number {
  const { day, hour, minute, second } = zonedDateParts(now, timeZone);
  const secondsSinceMidnight = hour * 3600 + minute * 60 + second;
  return (day - 1) * SALES_PER_DAY + Math.floor(secondsSinceMidnight / SECONDS_PER_SALE);
}
