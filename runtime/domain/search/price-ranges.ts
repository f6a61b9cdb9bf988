// The price_range and weekly_price_range facets (docs/requirements/vehicle-browsing.md#data search facets): each car falls in one named band of its
// price, and of its weekly repayment when it has one. The home page hero's price buckets are the same bands.
import { formatMoney } from '../format';

// Cars without a price (0, shown as POA) fall in no band, so "Under $10,000" means priced under it.
export const PRICE_RANGE_EDGES: readonly [number, ...number[]] = [10_000, 20_000, 30_000, 50_000, 75_000];
const WEEKLY_PRICE_RANGE_EDGES: readonly [number, ...number[]] = [100, 150, 200, 300, 500];

export interface PriceBand {
  /** Inclusive lower bound (1 for the first band: priced cars only). */
  min: number;
  /** Inclusive upper bound; null for the open top band. */
  max: number | null;
  label: string;
}

function bands(edges: readonly [number, ...number[]], suffix = ''): PriceBand[] {
  const [first, ...rest] = edges;
  // Each band starts at the edge before it; after the loop `lower` is the last edge, where the open top band starts.
  let lower = first;
  const middle = rest.map((edge) => {
    const band = { min: lower, max: edge - 1, label: `${formatMoney(lower)} to ${formatMoney(edge)}${suffix}` };
    lower = edge;
    return band;
  });
  return [
    { min: 1, max: first - 1, label: `Under ${formatMoney(first)}${suffix}` },
    ...middle,
    { min: lower, max: null, label: `${formatMoney(lower)} and over${suffix}` },
  ];
}

export const PRICE_BANDS: readonly PriceBand[] = bands(PRICE_RANGE_EDGES);
const WEEKLY_PRICE_BANDS: readonly PriceBand[] = bands(WEEKLY_PRICE_RANGE_EDGES, ' per week');

function bandOf(list: readonly PriceBand[], amount: number | null | undefined): string | null {
  if (typeof amount !== 'number' || !Number.isFinite(amount) || amount <= 0) return null;
  return list.find((b) => amount >= b.min && (b.max === null || amount <= b.max))?.label ?? list[0]?.label ?? null;
}

/** The price band of a car ('$20,000 to $30,000'), or null without a price. */
export const priceRangeLabel = (price: number | null | undefined): string | null => bandOf(PRICE_BANDS, price);

/** The weekly repayment band of a car ('$100 to $150 per week'), or null without a weekly figure. */
export const weeklyPriceRangeLabel = (weekly: number | null | undefined): string | null =>
  bandOf(WEEKLY_PRICE_BANDS, typeof weekly === 'number' ? Math.ceil(weekly) : weekly);
