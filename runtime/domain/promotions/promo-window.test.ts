import { describe, expect, it } from 'vitest';
import { isPromoWindowOpen, livePromotions, msUntilNextChange, promoTimeMs, STOCKTAKE_SALE_WINDOW } from './promo-window';

// seed 001 §9: a stocktake sale runs from 1 July 2025 to 24 July 2025 (+10:00).
const STOCKTAKE = { start: '2025-07-01T00:00:00+10:00', expiry: '2025-07-24T23:59:59+10:00' };
const at = (iso: string) => Date.parse(iso);

describe('promotion window', () => {
  it('shows from its start to its expiry, both inclusive, and not outside', () => {
    expect(isPromoWindowOpen(STOCKTAKE, at('2025-06-30T23:59:59+10:00'))).toBe(false);
    expect(isPromoWindowOpen(STOCKTAKE, at('2025-07-01T00:00:00+10:00'))).toBe(true);
    expect(isPromoWindowOpen(STOCKTAKE, at('2025-07-12T09:30:00+10:00'))).toBe(true);
    expect(isPromoWindowOpen(STOCKTAKE, at('2025-07-24T23:59:59+10:00'))).toBe(true);
    expect(isPromoWindowOpen(STOCKTAKE, at('2025-07-25T00:00:00+10:00'))).toBe(false);
  });
  it('the offset counts: 23:59:59 on 24 July in Brisbane (+10:00) is inside, 24 July 23:00 UTC is not', () => {
    expect(isPromoWindowOpen(STOCKTAKE, at('2025-07-24T13:59:59Z'))).toBe(true);
    expect(isPromoWindowOpen(STOCKTAKE, at('2025-07-24T23:00:00Z'))).toBe(false);
  });
  it("a date without a time covers that whole day on the sites' clock", () => {
    const dates = { start: '2025-07-01', expiry: '2025-07-24' };
    expect(promoTimeMs('2025-07-01', 'start')).toBe(at('2025-07-01T00:00:00+10:00'));
    expect(promoTimeMs('2025-07-24', 'expiry')).toBe(at('2025-07-24T23:59:59.999+10:00'));
    expect(isPromoWindowOpen(dates, at('2025-07-24T23:30:00+10:00'))).toBe(true);
    expect(isPromoWindowOpen(dates, at('2025-06-30T23:30:00+10:00'))).toBe(false);
  });
  it('no start means already started; no expiry means no end; a date that does not parse is ignored', () => {
    expect(isPromoWindowOpen({ expiry: '2025-07-24' }, at('2020-01-01T00:00:00Z'))).toBe(true);
    expect(isPromoWindowOpen({ start: '2025-07-01' }, at('2030-01-01T00:00:00Z'))).toBe(true);
    expect(promoTimeMs('soon', 'start')).toBeNull();
  });
  it('time to the next change: to the start before it, past the expiry while live, none after', () => {
    expect(msUntilNextChange(STOCKTAKE, at('2025-06-30T23:00:00+10:00'))).toBe(60 * 60 * 1000);
    expect(msUntilNextChange(STOCKTAKE, at('2025-07-24T23:59:58+10:00'))).toBe(1001);
    expect(msUntilNextChange(STOCKTAKE, at('2025-07-25T00:00:00+10:00'))).toBeNull();
  });
  it("the demo stocktake sale window is the seed's: 1 July 2025 to 24 July 2025 (+10:00)", () => {
    expect(STOCKTAKE_SALE_WINDOW).toEqual(STOCKTAKE);
  });
  it('keeps only the live items of a list, in order', () => {
    const items = [{ id: 'a', ...STOCKTAKE }, { id: 'b' }, { id: 'c', start: '2025-08-01' }, { id: 'd', expiry: '2025-06-30' }];
    expect(livePromotions(items, at('2025-07-10T12:00:00+10:00')).map((i) => i.id)).toEqual(['a', 'b']);
    expect(livePromotions(items, at('2025-08-02T12:00:00+10:00')).map((i) => i.id)).toEqual(['b', 'c']);
    expect(livePromotions(items, at('2025-06-01T12:00:00+10:00')).map((i) => i.id)).toEqual(['b', 'd']);
  });
});
