// Assembles what the result grid shows from a search response (docs/requirements/vehicle-browsing.md#screens, #states, #errors, #constants).
import { emptyResults, type EmptyResults } from './empty-results';
import { interleavePromos, promoPositions, type GridItem, type PromoNode } from './promo-cards';
import { resultCount } from './result-count';
import { collapseSoldRuns, type SoldFlags } from './sold-runs';
import type { ResolvedSearchSettings } from './settings';

export interface SearchResponseLike<C> {
  hits: C[];
  /** The engine's (possibly estimated) total hit count. */
  count: number;
  facets?: Record<string, Record<string, number>>;
}

export interface ResultList<C, N> {
  items: GridItem<C, N>[];
  /** Count to show, after the 1999 rule. */
  count: number;
  /** The empty-results card, or null when there are hits. */
  empty: EmptyResults | null;
}

export interface AssembleOptions<N> {
  promos?: readonly PromoNode<N>[];
  nowMs: number;
  /** For the randomised first promo position; defaults to Math.random. */
  random?: () => number;
  variant?: 'search' | 'offers';
  clearFiltersHref?: string;
}

export function assembleResultList<C extends SoldFlags, N = unknown>(
  response: SearchResponseLike<C>,
  settings: ResolvedSearchSettings,
  { promos = [], nowMs, random = Math.random, variant = 'search', clearFiltersHref }: AssembleOptions<N>,
): ResultList<C, N> {
  const s = settings;
  const cars = collapseSoldRuns(response.hits, s.collapseSoldRuns);
  const positions = promoPositions(s.promoPositions, s.randomiseFirstPromoPosition, random);
  return {
    items: interleavePromos(cars, promos, positions, nowMs),
    count: resultCount(response.count, response.facets, { configuredStockCount: s.configuredStockCount }),
    empty: cars.length ? null : emptyResults(variant, s.searchPath, clearFiltersHref),
  };
}
