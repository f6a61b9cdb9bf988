// Price comparison card (docs/requirements/vehicle-browsing.md#data, #states, #constants): when it shows, its label, bar colour and gauge.

/** The market data answer (docs/requirements/vehicle-browsing.md#data: price comparison response). */
export interface PriceComparisonData {
  fill: number;
  listing_price: number;
  market_range_min: number;
  market_range_max: number;
  confidence: number;
  description?: string | null;
}

const MIN_CONFIDENCE_EXCLUSIVE = 0.2; // docs/requirements/vehicle-browsing.md#constants: needs confidence above 0.2
const GREAT_DEAL_FILL = 0.65; // docs/requirements/vehicle-browsing.md#constants: Great Deal at fill 0.65 or more
const BAR_MEDIUM_FROM = 0.3;
const BAR_HIGH_FROM = 0.6;
const GAUGE_MIN_FILL = 0.2; // docs/requirements/vehicle-browsing.md#states: the gauge minimum fill is 20 percent
const PRICE_COMPARISON_ANIMATION_MS = 2500; // docs/requirements/vehicle-browsing.md#states: animation runs 2.5 s

export type BarLevel = 'low' | 'medium' | 'high';

export type PriceComparisonCard =
  | { visible: false; reason: 'disabled' | 'missing-data' | 'low-confidence' | 'market-below-listing' }
  | {
      visible: true;
      label: string;
      barLevel: BarLevel;
      /** Gauge fill 0..1, never under 0.2. */
      gaugeFill: number;
      listingPrice: number;
      marketRangeMin: number;
      marketRangeMax: number;
      animationMs: number;
    };

export function barLevel(fill: number): BarLevel {
  if (fill < BAR_MEDIUM_FROM) return 'low';
  if (fill < BAR_HIGH_FROM) return 'medium';
  return 'high';
}

export function dealLabel(fill: number, description?: string | null): string {
  const given = (description ?? '').trim();
  if (given) return given;
  return fill < GREAT_DEAL_FILL ? 'Good Deal' : 'Great Deal';
}

const isNumber = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n);

/** Card model from the (possibly failed or partial) market data answer. */
export function priceComparisonCard(data: Partial<PriceComparisonData> | null | undefined, settings: { cardEnabled?: boolean } = {}): PriceComparisonCard {
  if (settings.cardEnabled === false) return { visible: false, reason: 'disabled' };
  const { fill, listing_price, market_range_min, market_range_max, confidence } = data ?? {};
  if (![fill, listing_price, market_range_min, market_range_max, confidence].every(isNumber)) {
    return { visible: false, reason: 'missing-data' };
  }
  const d = data as PriceComparisonData;
  if (d.confidence <= MIN_CONFIDENCE_EXCLUSIVE) return { visible: false, reason: 'low-confidence' };
  if (d.market_range_max < d.listing_price) return { visible: false, reason: 'market-below-listing' };
  return {
    visible: true,
    label: dealLabel(d.fill, d.description),
    barLevel: barLevel(d.fill),
    gaugeFill: Math.min(1, Math.max(GAUGE_MIN_FILL, d.fill)),
    listingPrice: d.listing_price,
    marketRangeMin: d.market_range_min,
    marketRangeMax: d.market_range_max,
    animationMs: PRICE_COMPARISON_ANIMATION_MS,
  };
}
