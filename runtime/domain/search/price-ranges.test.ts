import { describe, expect, it } from 'vitest';
import { PRICE_BANDS, priceRangeLabel, weeklyPriceRangeLabel } from './price-ranges';

describe('price_range and weekly_price_range bands', () => {
  it('puts every priced car in exactly one price band, edges in the upper band', () => {
    expect(PRICE_BANDS.map((b) => b.label)).toEqual([
      'Under $10,000',
      '$10,000 to $20,000',
      '$20,000 to $30,000',
      '$30,000 to $50,000',
      '$50,000 to $75,000',
      '$75,000 and over',
    ]);
    expect(priceRangeLabel(9_999)).toBe('Under $10,000');
    expect(priceRangeLabel(10_000)).toBe('$10,000 to $20,000');
    expect(priceRangeLabel(29_990)).toBe('$20,000 to $30,000');
    expect(priceRangeLabel(250_000)).toBe('$75,000 and over');
  });

  it('leaves cars without a price or weekly figure out', () => {
    expect(priceRangeLabel(0)).toBeNull();
    expect(priceRangeLabel(null)).toBeNull();
    expect(weeklyPriceRangeLabel(undefined)).toBeNull();
  });

  it('bands weekly repayments rounded up to whole dollars', () => {
    expect(weeklyPriceRangeLabel(99.2)).toBe('$100 to $150 per week');
    expect(weeklyPriceRangeLabel(42)).toBe('Under $100 per week');
    expect(weeklyPriceRangeLabel(612)).toBe('$500 and over per week');
  });
});
