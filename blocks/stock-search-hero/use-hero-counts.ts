// Refreshes the hero's counts through POST /api/search as the shopper picks. The newest selection wins (older
// requests are aborted); while a request runs the previous counts stay on screen, and a failed request keeps them.
import { useEffect, useRef, useState } from 'react';
import { SEARCH_ENDPOINT, searchFetch } from '../../runtime/ui/search-transport';
import { heroCountQueries, heroCountsFromResults, type HeroCounts, type HeroDropdownId, type HeroResult, type HeroSelection } from './hero-search';

export type CountsState = 'idle' | 'loading' | 'error';

export const COUNTS_ERROR_MESSAGE = 'We could not update the numbers just now. You can still search.';

async function postQueries(queries: unknown[], signal: AbortSignal): Promise<HeroResult[]> {
  const response = await searchFetch(SEARCH_ENDPOINT, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ queries }),
    signal,
  });
  if (!response.ok) throw new Error(`search answered ${response.status}`);
  const body = (await response.json()) as { results?: HeroResult[] };
  if (!Array.isArray(body.results)) throw new Error('search answer has no results');
  return body.results;
}

async function fetchHeroCounts(selection: HeroSelection, dropdowns: readonly HeroDropdownId[], signal: AbortSignal): Promise<HeroCounts> {
  const answers = await Promise.all(heroCountQueries(selection, dropdowns).map((queries) => postQueries(queries, signal)));
  return heroCountsFromResults(selection, dropdowns, answers.flat());
}

/**
 * Counts for `selection`: the server's first counts until the selection changes (or fetched at once when the server
 * had none), then the browser's.
 */
export function useHeroCounts(selection: HeroSelection, dropdowns: readonly HeroDropdownId[], initial: HeroCounts | undefined) {
  const [counts, setCounts] = useState<HeroCounts | undefined>(initial);
  const [state, setState] = useState<CountsState>('idle');
  const first = useRef(true);
  const dropdownKey = dropdowns.join(',');

  // biome-ignore lint/correctness/useExhaustiveDependencies: the selection's content decides, not its identity
  useEffect(() => {
    if (first.current) {
      first.current = false;
      if (initial) return; // the server rendered these counts; hydration fetches nothing again
    }
    const controller = new AbortController();
    setState('loading');
    fetchHeroCounts(selection, dropdowns, controller.signal).then(
      (next) => {
        setCounts(next);
        setState('idle');
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('Stock search hero: counts not updated:', error);
        setState('error');
      },
    );
    return () => controller.abort();
  }, [JSON.stringify(selection), dropdownKey]);

  return { counts, state };
}
