// Offline market data for the local price-comparison provider (DESIGN: every third-party
// service has a local provider). Derived from comparable cars in the same inventory.
import type { VehicleCar } from './car';
import type { PriceComparisonData } from './price-comparison';

export type EstimateCar = Pick<VehicleCar, 'id' | 'make' | 'model' | 'year' | 'km' | 'price' | 'car_type'>;

export interface LocalEstimateOptions {
  /** Comparable cars are at most this many years apart. */
  yearTolerance?: number;
  /** Comparable cars are at most this many km apart. */
  kmTolerance?: number;
  /** Fewer comparable cars than this gives no estimate. */
  minComparables?: number;
  /** This many comparables give full confidence 1. */
  comparablesForFullConfidence?: number;
}

const DEFAULTS: Required<LocalEstimateOptions> = {
  yearTolerance: 2,
  kmTolerance: 30000,
  minComparables: 3,
  comparablesForFullConfidence: 10,
};

const same = (a?: string | null, b?: string | null) => (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();

export function comparableCars(car: EstimateCar, inventory: readonly EstimateCar[], options: LocalEstimateOptions = {}): EstimateCar[] {
  const o = { ...DEFAULTS, ...options };
  return inventory.filter(
    (other) =>
      other.id !== car.id &&
      (other.price ?? 0) > 0 &&
      same(other.make, car.make) &&
      same(other.model, car.model) &&
      Math.abs((other.year ?? 0) - (car.year ?? 0)) <= o.yearTolerance &&
      Math.abs((other.km ?? 0) - (car.km ?? 0)) <= o.kmTolerance,
  );
}

/**
 * Range = cheapest..dearest comparable price; fill = how far below the top of the range
 * the car sits (1 at or under the cheapest, 0 at or over the dearest), so cheaper reads as a better deal.
 * Confidence grows with the number of comparables (0.1 each up to 1 at the full count).
 */
export function localMarketEstimate(car: EstimateCar, inventory: readonly EstimateCar[], options: LocalEstimateOptions = {}): PriceComparisonData | null {
  const o = { ...DEFAULTS, ...options };
  const price = car.price ?? 0;
  if (price <= 0) return null;
  const prices = comparableCars(car, inventory, o).map((c) => c.price as number);
  if (prices.length < o.minComparables) return null;
  const min = Math.min(...prices);
  const max = Math.max(...prices);
  const fill = max === min ? (price <= min ? 1 : 0) : Math.min(1, Math.max(0, (max - price) / (max - min)));
  return {
    fill: Math.round(fill * 1000) / 1000,
    listing_price: price,
    market_range_min: min,
    market_range_max: max,
    confidence: Math.min(1, prices.length / o.comparablesForFullConfidence),
  };
}
