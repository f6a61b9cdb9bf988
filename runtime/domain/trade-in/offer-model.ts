// The local instant offer model (no valuation service configured): what the site's own stock says a car like the
// shopper's retails for, adjusted for its age and kilometres, less the dealer's margin. Pure and deterministic.
//
//   retail   = median asking price of comparable cars in the site's stock (same make and model; else same make)
//   adjusted = retail × (1 - 8%)^(age difference in years) × (1 - 0.2% per 1,000 km above the comparables' median km)
//   offer    = adjusted × 75%, rounded down to $100, within $500 .. $250,000
// No comparable car (fewer than 3) means no instant figure: the buying team values the car.

export interface ComparableCar {
  make: string;
  model: string;
  year: number;
  km: number;
  price: number;
}

export const OFFER_MODEL = {
  minComparables: 3,
  depreciationPerYear: 0.08,
  kmFactorPer1000: 0.002,
  /** Adjustments never take a car below this share of the comparables' retail price. */
  floorShare: 0.2,
  tradeMargin: 0.75,
  minOffer: 500,
  maxOffer: 250_000,
  roundTo: 100,
} as const;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  // NaN for no values, as the arithmetic on a missing middle gave before; callers pass at least one.
  const upper = s[mid] ?? Number.NaN;
  return s.length % 2 ? upper : ((s[mid - 1] ?? Number.NaN) + upper) / 2;
};
const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The comparables used: same make and model if there are enough, else same make; cars priced at $500 or less are not prices. */
function comparablesFor(car: { make: string; model: string }, stock: ComparableCar[]): ComparableCar[] {
  const priced = stock.filter((c) => c.price > 500 && Number.isFinite(c.year) && Number.isFinite(c.km));
  const byModel = priced.filter((c) => same(c.make, car.make) && same(c.model, car.model));
  if (byModel.length >= OFFER_MODEL.minComparables) return byModel;
  const byMake = priced.filter((c) => same(c.make, car.make));
  return byMake.length >= OFFER_MODEL.minComparables ? byMake : [];
}

/** The instant offer in whole dollars, or null when the stock says too little. */
export function instantOffer(car: { make: string; model: string; year: number; km: number }, stock: ComparableCar[]): number | null {
  const comparables = comparablesFor(car, stock);
  if (comparables.length === 0) return null;
  const m = OFFER_MODEL;
  const retail = median(comparables.map((c) => c.price));
  const years = median(comparables.map((c) => c.year)) - car.year;
  const extraKm = Math.max(0, car.km - median(comparables.map((c) => c.km)));
  const ageFactor = Math.pow(1 - m.depreciationPerYear, years);
  const kmFactor = Math.max(0, 1 - (extraKm / 1000) * m.kmFactorPer1000);
  const adjusted = Math.max(retail * m.floorShare, retail * ageFactor * kmFactor);
  const offer = Math.floor((adjusted * m.tradeMargin) / m.roundTo) * m.roundTo;
  return Math.min(m.maxOffer, Math.max(m.minOffer, offer));
}
