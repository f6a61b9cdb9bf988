// Market-price badge (docs/requirements/vehicle-browsing.md#states, docs/requirements/dealer-services.md#validation): at least $500 below the market average.
import type { VehicleCar } from './car';

// docs/requirements/dealer-services.md#validation: "threshold 499 dollars" - the saving must exceed 499.
const MARKET_PRICE_BADGE_THRESHOLD = 499;
// docs/requirements/dealer-services.md#validation: market-price eligibility needs a price over 200.
const MARKET_PRICE_MIN_PRICE_EXCLUSIVE = 200;

export type MarketPriceCar = Pick<VehicleCar, 'price' | 'status' | 'sold' | 'reserved' | 'autograb_data'>;

/** Price over 200, in_stock, not sold and not reserved (docs/requirements/dealer-services.md#validation). */
export function isMarketPriceEligible(car: MarketPriceCar): boolean {
  return (car.price ?? 0) > MARKET_PRICE_MIN_PRICE_EXCLUSIVE && car.status === 'in_stock' && !car.sold && !car.reserved;
}

export interface MarketPriceBadge {
  averagePrice: number;
  saving: number;
  basis: 'state' | 'national';
}

/** The badge data, or null when it should not show. The state average wins; the national one is the fallback. */
export function marketPriceBadge(car: MarketPriceCar, settings: { marketPriceBadgeEnabled?: boolean } = {}): MarketPriceBadge | null {
  if (settings.marketPriceBadgeEnabled === false || !isMarketPriceEligible(car)) return null;
  const state = car.autograb_data?.state_average_market_price ?? 0;
  const national = car.autograb_data?.average_market_price ?? 0;
  const basis = state > 0 ? 'state' : national > 0 ? 'national' : null;
  if (!basis) return null;
  const averagePrice = basis === 'state' ? state : national;
  const saving = averagePrice - (car.price ?? 0);
  return saving > MARKET_PRICE_BADGE_THRESHOLD ? { averagePrice, saving, basis } : null;
}
