// The Meilisearch request for the main search results (docs/requirements/vehicle-browsing.md#calls, #constants).
import type { SearchParams } from 'meilisearch';
import { FACET_LIMITS, SEARCH_FACETS } from './constants';
import { defaultFilterClauses, rangeFilterClause, refinementFilterClauses, routeFilterClauses, visibilityFilter, type FilterClause } from './filters';
import type { SearchState } from './search-state';
import type { ResolvedSearchSettings } from './settings';
import { sortExcludesZeroPrice, sortOption } from './sort-options';

export interface SearchRequest {
  /** Full Meilisearch search params, q included (also usable as a multi-search query). */
  params: SearchParams & { q: string; filter: FilterClause[] };
  /**
   * docs/requirements/vehicle-browsing.md#constants per-facet value limits. Meilisearch only has one index-wide maxValuesPerFacet, so the
   * adapter sets that to the largest limit (250) and trims each distribution with limitFacetDistribution.
   */
  facetLimits: Readonly<Record<string, number>>;
}

export interface BuildSearchRequestOptions {
  /** Clock for the sold-visibility window; pass Date.now() from the caller so this stays pure. */
  nowMs: number;
}

export function buildSearchRequest(state: SearchState, settings: ResolvedSearchSettings, { nowMs }: BuildSearchRequestOptions): SearchRequest {
  const s = settings;
  const option = sortOption(state.sortBy, s.defaultSortBy);
  const filter: FilterClause[] = [
    visibilityFilter(nowMs, s.soldVisibleDays),
    ...defaultFilterClauses(s.defaultFilter),
    ...routeFilterClauses(state.route),
    ...refinementFilterClauses(state.refinements),
  ];
  for (const [attribute, value] of Object.entries(state.ranges).sort(([a], [b]) => a.localeCompare(b))) {
    const clause = value ? rangeFilterClause(attribute, value) : null;
    if (clause) filter.push(clause);
  }
  if (sortExcludesZeroPrice(option.id, s.excludeZeroPriceFromAscendingSort)) filter.push('price > 0');
  return {
    params: {
      q: state.query,
      filter,
      sort: option.sort,
      facets: [...SEARCH_FACETS],
      hitsPerPage: s.pageSize, // docs/requirements/vehicle-browsing.md#constants: 21
      page: Math.max(1, state.page),
    },
    facetLimits: FACET_LIMITS,
  };
}

/** Keeps the first `limit` values of each facet (by count, as the engine returns them). */
export function limitFacetDistribution(
  distribution: Record<string, Record<string, number>>,
  limits: Readonly<Record<string, number>> = FACET_LIMITS,
): Record<string, Record<string, number>> {
  const out: Record<string, Record<string, number>> = {};
  for (const [attribute, values] of Object.entries(distribution)) {
    const limit = limits[attribute];
    const entries = Object.entries(values);
    out[attribute] = Object.fromEntries(limit === undefined ? entries : entries.sort((a, b) => b[1] - a[1]).slice(0, limit));
  }
  return out;
}
