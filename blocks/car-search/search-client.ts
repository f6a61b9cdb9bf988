// Browser side of the search page: POST /api/search (or Meilisearch directly: runtime/ui/search-transport.ts) with the same multi-search request the server builds, and an
// in-memory cache of answers (docs/requirements/vehicle-browsing.md#calls: responses cached in memory; the oldest entry is dropped when full).
import type { Car } from '../../schemas/generated/car';
import type { ResolvedSearchSettings } from '../../runtime/domain/search/settings';
import { listScopeFilter, searchQueries, searchResultsFrom, type ListScope, type SearchResults, type SearchState } from '../../runtime/domain/search';
import type { MultiSearchResult } from '../../runtime/search/types';
import { SEARCH_ENDPOINT, searchFetch } from '../../runtime/ui/search-transport';

/** Insertion-ordered cache: a full cache forgets its oldest entry first. */
export { AnswerCache as ResultCache } from '../../runtime/ui/answer-cache';

/** The seed leaves the cap open ("about 10" for the directory and offers lists); 10 for the search page too. */
export const RESULT_CACHE_SIZE = 10;

export class SearchRequestError extends Error {}

export type FetchLike = (input: string, init: RequestInit) => Promise<Pick<Response, 'ok' | 'status' | 'json'>>;

export async function fetchSearchResults(
  state: SearchState,
  settings: ResolvedSearchSettings,
  scope: ListScope,
  { nowMs, signal, fetchImpl = searchFetch }: { nowMs: number; signal?: AbortSignal; fetchImpl?: FetchLike },
): Promise<SearchResults<Car>> {
  const request = searchQueries(state, settings, { nowMs, fixedFilter: listScopeFilter(scope) });
  const response = await fetchImpl(SEARCH_ENDPOINT, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ queries: request.queries }),
    signal,
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { message?: string };
    throw new SearchRequestError(body.message ?? `search failed with status ${response.status}`);
  }
  const { results } = (await response.json()) as { results: MultiSearchResult<Car>[] };
  return searchResultsFrom(results, request);
}
