// The directory's state machine: the URL is the state; a change navigates without re-running the page loaders, and
// the answer comes from the loader's first page, the memory cache or POST /api/models. On error the previous
// results stay with a message.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { parseDirectoryState, serializeDirectoryState, type DirectoryResults, type DirectoryState } from '../../runtime/domain/models';
import { DIRECTORY_ERROR_MESSAGE, directoryCache, fetchDirectory } from './directory-client';
import type { ModelDirectoryData } from './loader';

export interface Directory {
  state: DirectoryState;
  key: string;
  results: DirectoryResults | null;
  loading: boolean;
  error: string | null;
  update: (next: DirectoryState) => void;
  retry: () => void;
}

export function useDirectory(data: ModelDirectoryData | undefined): Directory {
  const location = useLocation();
  const navigate = useNavigate();
  const state = useMemo(() => parseDirectoryState(location.search), [location.search]);
  const key = serializeDirectoryState(state);
  const [shown, setShown] = useState<{ key: string; results: DirectoryResults | null }>(() => ({ key: data?.key ?? '', results: data?.results ?? null }));
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: state is derived from key
  useEffect(() => {
    if (data && data.key === key) {
      directoryCache.set(key, data.results);
      if (shown.key !== key || shown.results !== data.results) setShown({ key, results: data.results });
      setLoading(false);
      return;
    }
    const cached = directoryCache.get(key);
    if (cached) {
      setShown({ key, results: cached });
      setLoading(false);
      setError(null);
      return;
    }
    const controller = new AbortController();
    setLoading(true);
    fetchDirectory(state, { signal: controller.signal })
      .then((results) => {
        directoryCache.set(key, results);
        setShown({ key, results });
        setError(null);
        setLoading(false);
      })
      .catch((e: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('model directory request failed', e);
        setError(DIRECTORY_ERROR_MESSAGE);
        setLoading(false);
      });
    return () => controller.abort();
    // state is derived from key
  }, [key, data, attempt]);

  const update = useCallback(
    (next: DirectoryState) => {
      const query = serializeDirectoryState(next);
      if (query === key) return;
      navigate(`${location.pathname}${query ? `?${query}` : ''}`, { preventScrollReset: true, defaultShouldRevalidate: false });
    },
    [key, location.pathname, navigate],
  );

  return { state, key, results: shown.results, loading, error, update, retry: () => setAttempt((a) => a + 1) };
}
