import { describe, expect, it } from 'vitest';
import { barLevel, dealLabel, priceComparisonCard } from './price-comparison';

const data = { fill: 0.7, listing_price: 30000, market_range_min: 29000, market_range_max: 34000, confidence: 0.5 };

describe('price comparison card (docs/requirements/vehicle-browsing.md#states)', () => {
  it('shows Great Deal from fill 0.65 and Good Deal below', () => {
    expect(priceComparisonCard(data)).toEqual({
      visible: true,
      label: 'Great Deal',
      barLevel: 'high',
      gaugeFill: 0.7,
      listingPrice: 30000,
      marketRangeMin: 29000,
      marketRangeMax: 34000,
      animationMs: 2500,
    });
    expect(dealLabel(0.65)).toBe('Great Deal');
    expect(dealLabel(0.6499)).toBe('Good Deal');
  });
  it('uses the given description instead of the label', () => {
    expect(dealLabel(0.9, 'Fair Price')).toBe('Fair Price');
    expect(priceComparisonCard({ ...data, description: 'Priced to sell' })).toMatchObject({ label: 'Priced to sell' });
  });
  it('colours the bar low below 0.3, medium to below 0.6, high from 0.6', () => {
    expect(barLevel(0.29)).toBe('low');
    expect(barLevel(0.3)).toBe('medium');
    expect(barLevel(0.59)).toBe('medium');
    expect(barLevel(0.6)).toBe('high');
  });
  it('never fills the gauge below 20 percent', () => {
    expect(priceComparisonCard({ ...data, fill: 0.05 })).toMatchObject({ gaugeFill: 0.2, barLevel: 'low', label: 'Good Deal' });
  });
  it('hides on failure, missing fields, confidence at or below 0.2, market max below listing', () => {
    expect(priceComparisonCard(null)).toEqual({ visible: false, reason: 'missing-data' });
    expect(priceComparisonCard({ ...data, market_range_min: undefined })).toEqual({ visible: false, reason: 'missing-data' });
    expect(priceComparisonCard({ ...data, confidence: 0.2 })).toEqual({ visible: false, reason: 'low-confidence' });
    expect(priceComparisonCard({ ...data, confidence: 0.21 }).visible).toBe(true);
    expect(priceComparisonCard({ ...data, market_range_max: 29999 })).toEqual({ visible: false, reason: 'market-below-listing' });
    expect(priceComparisonCard(data, { cardEnabled: false })).toEqual({ visible: false, reason: 'disabled' });
  });
});
