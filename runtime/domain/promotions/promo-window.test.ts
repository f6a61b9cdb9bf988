import { describe, expect, it } from 'vitest';
import { isPromoWindowOpen, msUntilNextChange, promoTimeMs } from './promo-window';

// docs/requirements/dealer-services.md#constants: a stocktake sale runs from 1 July 2025 to 24 July 2025 (+10:00).
const STOCKTAKE = { start: '2025-07-01T00:00:00+10:00', expiry: '2025-07-24T23:59:59+10:00' };
const at = (iso: string) => Date.parse(iso);
const BNE = 'Australia/Brisbane';

describe('promotion window', () => {
  it('shows from its start to its expiry, both inclusive, and not outside', () => {
    expect(isPromoWindowOpen(STOCKTAKE, at('2025-06-30T23:59:59+10:00'), BNE)).toBe(false);
    expect(isPromoWindowOpen(STOCKTAKE, at('2025-07-01T00:00:00+10:00'), BNE)).toBe(true);
    expect(isPromoWindowOpen(STOCKTAKE, at('2025-07-12T09:30:00+10:00'), BNE)).toBe(true);
    expect(isPromoWindowOpen(STOCKTAKE, at('2025-07-24T23:59:59+10:00'), BNE)).toBe(true);
    expect(isPromoWindowOpen(STOCKTAKE, at('2025-07-25T00:00:00+10:00'), BNE)).toBe(false);
  });
  it('the offset counts: 23:59:59 on 24 July in Brisbane (+10:00) is inside, 24 July 23:00 UTC is not', () => {
    expect(isPromoWindowOpen(STOCKTAKE, at('2025-07-24T13:59:59Z'), BNE)).toBe(true);
    expect(isPromoWindowOpen(STOCKTAKE, at('2025-07-24T23:00:00Z'), BNE)).toBe(false);
  });
  it("a date without a time covers that whole day on the site's clock (Brisbane)", () => {
    const dates = { start: '2025-07-01', expiry: '2025-07-24' };
    expect(promoTimeMs('2025-07-01', 'start', BNE)).toBe(at('2025-07-01T00:00:00+10:00'));
    expect(promoTimeMs('2025-07-24', 'expiry', BNE)).toBe(at('2025-07-24T23:59:59.999+10:00'));
    expect(isPromoWindowOpen(dates, at('2025-07-24T23:30:00+10:00'), BNE)).toBe(true);
    expect(isPromoWindowOpen(dates, at('2025-06-30T23:30:00+10:00'), BNE)).toBe(false);
  });
  it('no start means already started; no expiry means no end; a date that does not parse is ignored', () => {
    expect(isPromoWindowOpen({ expiry: '2025-07-24' }, at('2020-01-01T00:00:00Z'), BNE)).toBe(true);
    expect(isPromoWindowOpen({ start: '2025-07-01' }, at('2030-01-01T00:00:00Z'), BNE)).toBe(true);
    expect(promoTimeMs('soon', 'start', BNE)).toBeNull();
  });
  it('time to the next change: to the start before it, past the expiry while live, none after', () => {
    expect(msUntilNextChange(STOCKTAKE, at('2025-06-30T23:00:00+10:00'), BNE)).toBe(60 * 60 * 1000);
    expect(msUntilNextChange(STOCKTAKE, at('2025-07-24T23:59:58+10:00'), BNE)).toBe(1001);
    expect(msUntilNextChange(STOCKTAKE, at('2025-07-25T00:00:00+10:00'), BNE)).toBeNull();
  });
});

describe("a date without a time is a whole day in the site's time zone", () => {
  it('Sydney: a summer day is +11:00, a winter day +10:00', () => {
    expect(promoTimeMs('2026-01-15', 'start', 'Australia/Sydney')).toBe(at('2026-01-15T00:00:00+11:00'));
    expect(promoTimeMs('2026-07-15', 'expiry', 'Australia/Sydney')).toBe(at('2026-07-15T23:59:59.999+10:00'));
  });
  it('Sydney on the day clocks go forward (4 October 2026): the day starts at +10:00 and ends at +11:00, 23 hours later', () => {
    const start = promoTimeMs('2026-10-04', 'start', 'Australia/Sydney')!;
    const expiry = promoTimeMs('2026-10-04', 'expiry', 'Australia/Sydney')!;
    expect(start).toBe(at('2026-10-04T00:00:00+10:00'));
    expect(expiry).toBe(at('2026-10-04T23:59:59.999+11:00'));
    expect(expiry + 1 - start).toBe(23 * 3_600_000);
  });
  it('Sydney on the day clocks go back (5 April 2026) lasts 25 hours', () => {
    const start = promoTimeMs('2026-04-05', 'start', 'Australia/Sydney')!;
    const expiry = promoTimeMs('2026-04-05', 'expiry', 'Australia/Sydney')!;
    expect(start).toBe(at('2026-04-05T00:00:00+11:00'));
    expect(expiry + 1 - start).toBe(25 * 3_600_000);
  });
  it('Adelaide is half an hour off: +10:30 in summer, +09:30 in winter, and its October change day is 23 hours', () => {
    expect(promoTimeMs('2026-01-15', 'start', 'Australia/Adelaide')).toBe(at('2026-01-15T00:00:00+10:30'));
    expect(promoTimeMs('2026-07-15', 'start', 'Australia/Adelaide')).toBe(at('2026-07-15T00:00:00+09:30'));
    const start = promoTimeMs('2026-10-04', 'start', 'Australia/Adelaide')!;
    expect(promoTimeMs('2026-10-04', 'expiry', 'Australia/Adelaide')! + 1 - start).toBe(23 * 3_600_000);
  });
  it('Brisbane keeps +10:00 all year; Perth +08:00 all year', () => {
    for (const day of ['2026-01-15', '2026-04-05', '2026-07-15', '2026-10-04']) {
      expect(promoTimeMs(day, 'start', 'Australia/Brisbane')).toBe(at(`${day}T00:00:00+10:00`));
      expect(promoTimeMs(day, 'expiry', 'Australia/Perth')).toBe(at(`${day}T23:59:59.999+08:00`));
    }
  });
  it('the same expiry date ends two hours later in Perth than in Brisbane', () => {
    const late = at('2026-07-24T23:30:00+08:00'); // 01:30 on the 25th in Brisbane
    expect(isPromoWindowOpen({ expiry: '2026-07-24' }, late, 'Australia/Perth')).toBe(true);
    expect(isPromoWindowOpen({ expiry: '2026-07-24' }, late, 'Australia/Brisbane')).toBe(false);
  });
  it('a date-time with an offset is the same instant whatever the site zone', () => {
    for (const zone of ['Australia/Sydney', 'Australia/Perth']) expect(promoTimeMs(STOCKTAKE.start, 'start', zone)).toBe(at(STOCKTAKE.start));
  });
});
