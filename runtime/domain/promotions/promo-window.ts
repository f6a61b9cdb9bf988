// When a promotion shows (seed 001 §2: "A dealer-specific promotional banner shows only between fixed start and
// expiry dates"; §4: a popup is hidden once its expiryDate has passed). Both ends are inclusive, as for promo cards.
import { isPromoLive } from '../search/promo-cards';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
/** Offset of the sites' clock (Australia/Brisbane, no daylight saving) for dates written without a time. */
const SITE_OFFSET = '+10:00';

/**
 * A date-time in milliseconds. A date without a time means the whole day on the sites' clock: from its first
 * moment when it starts a promotion, to its last when it ends one (an expiry of 2025-07-24 still shows that day).
 */
export function promoTimeMs(value: string | null | undefined, end: 'start' | 'expiry'): number | null {
  if (!value) return null;
  const text = DATE_ONLY.test(value) ? `${value}T${end === 'start' ? '00:00:00.000' : '23:59:59.999'}${SITE_OFFSET}` : value;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? null : ms;
}

export interface PromoWindow {
  start?: string | null;
  expiry?: string | null;
}

export function isPromoWindowOpen(window: PromoWindow, nowMs: number): boolean {
  return isPromoLive({ start: promoTimeMs(window.start, 'start'), expiry: promoTimeMs(window.expiry, 'expiry') }, nowMs);
}

/** Milliseconds until the promotion next appears or disappears, or null when it never changes again. */
export function msUntilNextChange(window: PromoWindow, nowMs: number): number | null {
  const start = promoTimeMs(window.start, 'start');
  const expiry = promoTimeMs(window.expiry, 'expiry');
  if (start !== null && nowMs < start) return start - nowMs;
  if (expiry !== null && nowMs <= expiry) return expiry - nowMs + 1;
  return null;
}

/** The items of a list (slides, promotion cards) whose window is open at nowMs, in order. */
export function livePromotions<T extends PromoWindow>(items: readonly T[], nowMs: number): T[] {
  return items.filter((item) => isPromoWindowOpen(item, nowMs));
}

/** seed 001 §9: the demo stocktake sale promotion runs from 1 July 2025 to 24 July 2025 (+10:00). */
export const STOCKTAKE_SALE_WINDOW = { start: '2025-07-01T00:00:00+10:00', expiry: '2025-07-24T23:59:59+10:00' } as const;
