// docs/requirements/dealer-services.md#data, #constants: the browser keeps the last 5 searches with their path (keys per site).
import { SEARCH_HISTORY_MAX } from './constants';

export interface SearchHistoryEntry {
  /** Path and query of the search, e.g. '/search/toyota?car_type=used'. */
  path: string;
  /** Optional text to show for it. */
  label?: string;
}

/** Newest first, no duplicate paths (a repeated search moves to the front), at most 5. */
export function addToSearchHistory(history: readonly SearchHistoryEntry[], entry: SearchHistoryEntry, max: number = SEARCH_HISTORY_MAX): SearchHistoryEntry[] {
  return [entry, ...history.filter((e) => e.path !== entry.path)].slice(0, max);
}
