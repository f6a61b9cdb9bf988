// The search page's state machine (docs/requirements/vehicle-browsing.md#states: idle, loading, hasData, hasError). The URL is the state: changes
// navigate (without re-running the route loader) and the results for the new URL come from the memory cache or
// POST /api/search; back and forward re-run the route loader, whose answer is used as is.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import type { Car } from '../../schemas/generated/car';
import type { ResolvedSearchSettings } from '../../runtime/domain/search/settings';
import {
  parseSearchState,
  searchKey,
  searchStateChanged,
  serializeSearchState,
  type ListScope,
  type SearchResults,
  type SearchState,
} from '../../runtime/domain/search';
import type { SearchPageData } from '../../runtime/page-data/search';
import { fetchSearchResults, RESULT_CACHE_SIZE, ResultCache } from './search-client';

type SearchStatus = 'idle' | 'loading' | 'hasData' | 'hasError';

const SEARCH_ERROR_MESSAGE = 'Sorry, we could not update the results. Please try again.';

const cache = new ResultCache<SearchResults<Car>>(RESULT_CACHE_SIZE);

export interface CarSearch {
  state: SearchState;
  results: SearchResults<Car> | null;
  status: SearchStatus;
  error: string | null;
  /** Clock for promo start / expiry: the server's until the browser has its own. */
  nowMs: number;
  /** Goes to a new state (no-op when nothing changed, docs/requirements/vehicle-browsing.md#states); pathname replaces the route part. */
  update: (next: SearchState, options?: { pathname?: string; scrollToTop?: boolean }) => void;
  retry: () => void;
  /** Incremented each time a flagged change (a new page) has its results, for scrolling to the top. */
  scrollTick: number;
  key: string;
}

export function useCarSearch(pageData: SearchPageData | undefined, settings: ResolvedSearchSettings, scope: ListScope): CarSearch {
  const location = useLocation();
  const params = useParams();
  const navigate = useNavigate();
  const state = useMemo(() => parseSearchState(location.search, { make: params.make, model: params.model }), [location.search, params.make, params.model]);
  const key = searchKey(location.pathname, serializeSearchState(state));
  const [shown, setShown] = useState(() => ({ key: pageData?.key ?? '', results: pageData?.results ?? null }));
  const [status, setStatus] = useState<SearchStatus>(pageData?.error ? 'hasError' : pageData?.results ? 'hasData' : 'idle');
  const [error, setError] = useState<string | null>(pageData?.error ?? null);
  const [nowMs, setNowMs] = useState(pageData?.nowMs ?? 0);
  const [attempt, setAttempt] = useState(0);
  const [scrollTick, setScrollTick] = useState(0);
  const scrollPending = useRef(false);

  // The first page's answer is the cache's first entry: hydration fetches nothing again.
  if (pageData?.results && !cache.has(pageData.key)) cache.set(pageData.key, pageData.results);

  // biome-ignore lint/correctness/useExhaustiveDependencies: state is derived from key; settings and scope are fixed for the page
  useEffect(() => {
    const done = (results: SearchResults<Car>) => {
      setShown({ key, results });
      setStatus('hasData');
      setError(null);
      setNowMs(Date.now());
      if (scrollPending.current) {
        scrollPending.current = false;
        setScrollTick((t) => t + 1);
      }
    };
    if (pageData?.key === key && pageData.results) {
      cache.set(key, pageData.results);
      if (shown.key !== key) done(pageData.results);
      return;
    }
    const cached = cache.get(key);
    if (cached) {
      if (shown.key !== key) done(cached);
      return;
    }
    const controller = new AbortController();
    setStatus('loading');
    fetchSearchResults(state, settings, scope, { nowMs: Date.now(), signal: controller.signal })
      .then((results) => {
        cache.set(key, results);
        done(results);
      })
      .catch((e: unknown) => {
        if (controller.signal.aborted) return;
        console.error('search failed', e);
        // docs/requirements/vehicle-browsing.md#states: on error the previous results stay.
        setStatus('hasError');
        setError(SEARCH_ERROR_MESSAGE);
      });
    return () => controller.abort();
    // state is derived from key; settings and scope are fixed for the page.
  }, [key, pageData, attempt]);

  const update = useCallback(
    (next: SearchState, options: { pathname?: string; scrollToTop?: boolean } = {}) => {
      const pathname = options.pathname ?? location.pathname;
      if (pathname === location.pathname && !searchStateChanged(state, next)) return;
      const query = serializeSearchState(next);
      scrollPending.current = Boolean(options.scrollToTop);
      // The block fetches the results itself (cached), so the route loader need not run again for a new query.
      navigate(`${pathname}${query ? `?${query}` : ''}`, { preventScrollReset: true, defaultShouldRevalidate: false });
    },
    [location.pathname, navigate, state],
  );

  return {
    state,
    results: shown.results,
    status,
    error,
    nowMs,
    update,
    retry: () => setAttempt((a) => a + 1),
    scrollTick,
    key,
  };
}
