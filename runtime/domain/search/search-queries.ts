// The multi-search request of the search page and how its answer becomes the page's results (docs/requirements/vehicle-browsing.md#states, #calls, #constants).
// The same code runs on the server (page data source, first page) and in the browser (POST /api/search), so the
// first page hydrates with exactly the results a browser request for the same URL would give.
import { buildDisjunctiveQueries, mergeDisjunctiveResults } from './disjunctive';
import type { MultiSearchQuery, MultiSearchResult } from '../../search/types';
import { buildSearchRequest, limitFacetDistribution } from './build-search-request';
import { FACET_LIMITS } from './constants';
import { rangeFilterClause, type FilterClause } from './filters';
import type { RangeAttribute, SearchState } from './search-state';
import type { ResolvedSearchSettings } from './settings';

/** docs/requirements/vehicle-browsing.md#calls: the production car index. */
const SEARCH_INDEX_UID = 'Car_production';

/** Card fields only: keeps the hydration data and browser responses small. */
export const CARD_ATTRIBUTES = [
  'id',
  'slug',
  'name',
  'title',
  'make',
  'model',
  'badge',
  'series',
  'year',
  'km',
  'colour',
  'simple_body',
  'simple_fuel',
  'fuel',
  'simple_transmission',
  'simple_drive',
  'price',
  'before_price',
  'offer_price',
  'subscription_price',
  'preorder',
  'price_type',
  'car_type',
  'item_type',
  'status',
  'tag',
  'reserved',
  'certified',
  'sold',
  'created_at',
  'vin',
  'dealership_slug',
  'dealership_id',
  'location_name',
  'city',
  'primary_image_url',
  'image_placeholder',
  'thumbnails',
  'photos_count',
  // the finance figure (cardFinanceFigure) reads the lender data and the quote, as the car's page does
  'youxQuote',
  'finance_lenders',
  'stocknum',
];

export interface SearchResults<C = Record<string, unknown>> {
  hits: C[];
  /** The engine's hit count (before the 1999 rule, see resultCount). */
  totalHits: number;
  page: number;
  totalPages: number;
  /** Facet values and counts, each refined attribute counted without its own refinement, trimmed to the seed's limits. */
  facets: Record<string, Record<string, number>>;
  /** min / max per numeric attribute; a ranged attribute's stats ignore its own range so the slider keeps its bounds. */
  facetStats: Record<string, { min: number; max: number }>;
  ms: number;
}

export interface SearchQueriesOptions {
  nowMs: number;
  /** Clauses every query of this list carries (an offers list's categories). */
  fixedFilter?: FilterClause[];
  indexUid?: string;
}

export interface SearchQueries {
  queries: MultiSearchQuery[];
  refinements: Record<string, string[]>;
  /** Ranged attributes that got their own stats query, in query order after the disjunctive ones. */
  rangeStatsFor: RangeAttribute[];
}

/** Meilisearch multi-search allows few queries per request (our API: 10); extra stats queries are dropped first. */
const MAX_QUERIES = 10;

export function searchQueries(
  state: SearchState,
  settings: ResolvedSearchSettings,
  { nowMs, fixedFilter = [], indexUid = SEARCH_INDEX_UID }: SearchQueriesOptions,
): SearchQueries {
  // Refinements go to the disjunctive builder, which adds them per query; the base has everything else.
  const { params } = buildSearchRequest({ ...state, refinements: {} }, settings, { nowMs });
  const base = { ...params, filter: [...params.filter, ...fixedFilter], attributesToRetrieve: CARD_ATTRIBUTES };
  const queries = buildDisjunctiveQueries(indexUid, base, state.refinements);
  const [main] = queries;
  const rangeStatsFor: RangeAttribute[] = [];
  for (const [attribute, value] of Object.entries(state.ranges) as [RangeAttribute, string][]) {
    if (queries.length >= MAX_QUERIES || !value) continue;
    const own = rangeFilterClause(attribute, value);
    const { page: _p, hitsPerPage: _h, sort: _s, attributesToRetrieve: _a, ...rest } = main;
    queries.push({
      ...rest,
      filter: (main.filter as FilterClause[]).filter((clause) => clause !== own),
      facets: [attribute],
      hitsPerPage: 0,
    });
    rangeStatsFor.push(attribute);
  }
  return { queries: queries.slice(0, MAX_QUERIES), refinements: state.refinements, rangeStatsFor };
}

export function searchResultsFrom<C>(
  results: MultiSearchResult<C>[],
  request: Pick<SearchQueries, 'refinements' | 'rangeStatsFor' | 'queries'>,
): SearchResults<C> {
  const disjunctiveCount = request.queries.length - request.rangeStatsFor.length;
  const merged = mergeDisjunctiveResults<C>(results.slice(0, disjunctiveCount), request.refinements);
  const facetStats = { ...(merged.facetStats ?? {}) } as Record<string, { min: number; max: number }>;
  request.rangeStatsFor.forEach((attribute, i) => {
    const stats = results[disjunctiveCount + i]?.facetStats?.[attribute];
    if (stats) facetStats[attribute] = stats;
  });
  const m = merged as unknown as { hits: C[]; totalHits?: number; estimatedTotalHits?: number; page?: number; totalPages?: number; processingTimeMs?: number };
  return {
    hits: m.hits,
    totalHits: m.totalHits ?? m.estimatedTotalHits ?? m.hits.length,
    page: m.page ?? 1,
    totalPages: m.totalPages ?? 1,
    facets: limitFacetDistribution(merged.facetDistribution ?? {}, FACET_LIMITS),
    facetStats,
    ms: m.processingTimeMs ?? 0,
  };
}

/** Cache and history key of a search: its path and canonical query string. */
export function searchKey(pathname: string, query: string): string {
  return query ? `${pathname}?${query}` : pathname;
}

/** What a result list block adds to every query: the offers variant lists only cars in the offer categories (docs/requirements/vehicle-browsing.md#screens). */
export interface ListScope {
  variant?: 'search' | 'offers';
  offerCategories?: string[];
}

export function listScopeFilter({ variant = 'search', offerCategories = [] }: ListScope): FilterClause[] {
  if (variant !== 'offers' || !offerCategories.length) return [];
  return [offerCategories.map((c) => `categories = ${JSON.stringify(c)}`)];
}
