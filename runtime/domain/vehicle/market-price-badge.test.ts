import { describe, expect, it } from 'vitest';
import { isMarketPriceEligible, marketPriceBadge, type MarketPriceCar } from './market-price-badge';

const car: MarketPriceCar = { price: 30000, status: 'in_stock', autograb_data: { state_average_market_price: 30500, average_market_price: 40000 } };

describe('market-price badge (docs/requirements/vehicle-browsing.md#states, docs/requirements/dealer-services.md#validation)', () => {
  it('shows when the car is at least $500 below the state average', () => {
    expect(marketPriceBadge(car)).toEqual({ averagePrice: 30500, saving: 500, basis: 'state' });
    expect(marketPriceBadge({ ...car, price: 30001 })).toBeNull(); // saving 499 is not enough
  });
  it('uses the national average when there is no state figure', () => {
    const national = { ...car, autograb_data: { state_average_market_price: null, average_market_price: 31000 } };
    expect(marketPriceBadge(national)).toEqual({ averagePrice: 31000, saving: 1000, basis: 'national' });
    expect(marketPriceBadge({ ...car, autograb_data: null })).toBeNull();
  });
  it('needs price over 200, in_stock, not sold, not reserved', () => {
    expect(isMarketPriceEligible(car)).toBe(true);
    expect(isMarketPriceEligible({ ...car, price: 200 })).toBe(false);
    expect(isMarketPriceEligible({ ...car, status: 'coming_soon' })).toBe(false);
    expect(isMarketPriceEligible({ ...car, sold: true })).toBe(false);
    expect(isMarketPriceEligible({ ...car, reserved: true })).toBe(false);
    expect(marketPriceBadge(car, { marketPriceBadgeEnabled: false })).toBeNull();
  });
});
