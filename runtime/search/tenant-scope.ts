// Tenant scoping: a site only ever sees its own dealerships' visible stock, whatever filter a
// request brings. With real Meilisearch the same filter rides in a tenant token's search rules.
import { parseFilter } from './embedded/filter-parser.js';
import { equalsFilter, filterParts, inFilter } from '../domain/search/filter-text.js';
import { SearchError } from './search-error.js';
import { DEFAULT_SOLD_VISIBLE_DAYS, SHOWN_ON_WEBSITE_FILTER, statusVisibilityFilter } from '../domain/search-visibility.js';
import type { Document, MultiSearchQuery, MultiSearchResult, SearchEngine, SearchParams, SearchResponse } from './types.js';

export interface TenantScope {
  dealershipIds: number[];
  /** docs/requirements/dealer-services.md#constants default search filter: some dealers list used cars only. */
  usedOnly?: boolean;
  /** Some dealers list in-stock cars only (no coming soon, no recently sold). */
  inStockOnly?: boolean;
  excludedMakes?: string[];
  excludedStocknums?: string[];
  /** docs/requirements/vehicle-browsing.md#states: sold cars stay visible this many days; default 3, site-overridable. */
  soldVisibleDays?: number;
}

/**
 * The enforced filter: docs/requirements/vehicle-browsing.md#states search visibility (domain/search-visibility.ts) plus the dealer's default search filter.
 */
export function tenantScopeFilter(scope: TenantScope, nowSeconds: number): string {
  const parts = [
    inFilter('dealership_id', scope.dealershipIds),
    SHOWN_ON_WEBSITE_FILTER,
    statusVisibilityFilter(nowSeconds * 1000, scope.soldVisibleDays ?? DEFAULT_SOLD_VISIBLE_DAYS),
  ];
  if (scope.usedOnly) parts.push(equalsFilter('car_type', 'used'));
  if (scope.inStockOnly) parts.push(equalsFilter('status', 'in_stock'));
  if (scope.excludedMakes?.length) parts.push(inFilter('make', scope.excludedMakes, true));
  if (scope.excludedStocknums?.length) parts.push(inFilter('stocknum', scope.excludedStocknums, true));
  return parts.join(' AND ');
}

/** Search rules for a Meilisearch tenant token: Meilisearch ANDs this filter with every request's. */
export function tenantTokenSearchRules(indexUid: string, scope: TenantScope, nowSeconds: number): Record<string, { filter: string }> {
  return { [indexUid]: { filter: tenantScopeFilter(scope, nowSeconds) } };
}

/**
 * The request's params with the scope AND-ed in. The array form keeps each part a separate
 * expression, so `OR`, `NOT` or a stray `)` in the request can never reach outside its own part;
 * the request filter is parsed first so a malformed one is refused, never merged.
 */
function scopeParams<P extends SearchParams>(params: P, scope: TenantScope, nowSeconds: number): P {
  parseFilter(params.filter);
  return { ...params, filter: [tenantScopeFilter(scope, nowSeconds), ...filterParts(params.filter)] };
}

function refuseOtherIndex(requested: string, allowed: string): void {
  if (requested !== allowed) {
    throw new SearchError('index_not_accessible', `Index \`${requested}\` is not accessible to this site.`, 403);
  }
}

export async function scopedSearch<T = Document>(
  engine: SearchEngine,
  indexUid: string,
  scope: TenantScope,
  params: SearchParams,
  nowSeconds = Math.floor(Date.now() / 1000),
): Promise<SearchResponse<T>> {
  const { indexUid: requested, ...rest } = params as SearchParams & { indexUid?: string };
  if (requested !== undefined) refuseOtherIndex(requested, indexUid);
  return engine.search<T>(indexUid, scopeParams(rest, scope, nowSeconds));
}

/** Multi-search where every query must target the tenant's index; any other index is refused. */
export async function scopedMultiSearch<T = Document>(
  engine: SearchEngine,
  indexUid: string,
  scope: TenantScope,
  queries: MultiSearchQuery[],
  nowSeconds = Math.floor(Date.now() / 1000),
): Promise<{ results: MultiSearchResult<T>[] }> {
  for (const query of queries) refuseOtherIndex(query.indexUid, indexUid);
  return engine.multiSearch<T>({ queries: queries.map((q) => scopeParams(q, scope, nowSeconds)) });
}
