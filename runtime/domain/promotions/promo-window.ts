// When a promotion shows (docs/requirements/dealer-services.md#screens: "A dealer-specific promotional banner shows only between fixed start and
// expiry dates"; docs/requirements/dealer-services.md#states: a popup is hidden once its expiryDate has passed). Both
// ends are inclusive, as for search promo cards (runtime/domain/search/promo-cards.ts isPromoLive).
// Dates are stored as date-times with their offset (what the editor's date-time picker writes, in the site's time
// zone); a date written without a time is read as a whole day on the site's clock (runtime/domain/time).
import { zonedLocalToIso } from '../time/zoned';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** The first millisecond of a calendar day in the zone (daylight saving included). */
function dayStartMs(date: string, timeZone: string): number | null {
  const iso = zonedLocalToIso(`${date}T00:00`, timeZone);
  return iso ? Date.parse(iso) : null;
}

/**
 * A date-time in milliseconds. A date without a time means the whole day in `timeZone`: from its first moment when
 * it starts a promotion, to its last when it ends one (an expiry of 2025-07-24 still shows that day).
 */
export function promoTimeMs(value: string | null | undefined, end: 'start' | 'expiry', timeZone: string): number | null {
  if (!value) return null;
  if (DATE_ONLY.test(value)) {
    if (end === 'start') return dayStartMs(value, timeZone);
    const next = new Date(`${value}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    const nextStart = dayStartMs(next.toISOString().slice(0, 10), timeZone);
    return nextStart === null ? null : nextStart - 1;
  }
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

export interface PromoWindow {
  start?: string | null;
  expiry?: string | null;
}

/** Whether the promotion shows at nowMs: no start means already started, no expiry means no end. */
export function isPromoWindowOpen(window: PromoWindow, nowMs: number, timeZone: string): boolean {
  const start = promoTimeMs(window.start, 'start', timeZone);
  const expiry = promoTimeMs(window.expiry, 'expiry', timeZone);
  return (start === null || nowMs >= start) && (expiry === null || nowMs <= expiry);
}

/** Milliseconds until the promotion next appears or disappears, or null when it never changes again. */
export function msUntilNextChange(window: PromoWindow, nowMs: number, timeZone: string): number | null {
  const start = promoTimeMs(window.start, 'start', timeZone);
  const expiry = promoTimeMs(window.expiry, 'expiry', timeZone);
  if (start !== null && nowMs < start) return start - nowMs;
  if (expiry !== null && nowMs <= expiry) return expiry - nowMs + 1;
  return null;
}
