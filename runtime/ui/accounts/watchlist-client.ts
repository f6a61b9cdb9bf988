// The shopper's watchlist in the browser: ids loaded from GET /api/watchlist once signed in, changed optimistically
// (docs/requirements/vehicle-browsing.md#states: shown at once, then the call; a failed call alerts and is not undone).
import { useEffect, useSyncExternalStore } from 'react';
import { WATCHLIST_MESSAGES } from '../../domain/accounts';
import { accountPost } from './shopper';

let ids = new Set<number>();
let loadedFor: string | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => void listeners.delete(l);
};
const empty = new Set<number>();

let loading: Promise<void> = Promise.resolve();

/** Loads the ids once per shopper; resolves when they are in (a change must not race the first answer). */
export function loadWatchlistIds(shopperId: string): Promise<void> {
  if (loadedFor === shopperId) return loading;
  loadedFor = shopperId;
  loading = (async () => {
    try {
      const r = await fetch('/api/watchlist', { headers: { accept: 'application/json' } });
      if (!r.ok) throw new Error(`HTTP ${r.status}`);
      ids = new Set(((await r.json()) as { ids: number[] }).ids);
      emit();
    } catch (error) {
      loadedFor = null;
      console.error('Could not load your watchlist', error);
    }
  })();
  return loading;
}

export function useWatchlistIds(shopperId: string | undefined): ReadonlySet<number> {
  const s = useSyncExternalStore(
    subscribe,
    () => ids,
    () => empty,
  );
  useEffect(() => {
    if (shopperId) void loadWatchlistIds(shopperId);
  }, [shopperId]);
  return shopperId ? s : empty;
}

/** Optimistic save or remove; resolves to whether the server agreed. Failures alert with the error (docs/requirements/vehicle-browsing.md#errors). */
export async function changeWatchlist(kind: 'save' | 'remove', carId: number, phone: string): Promise<boolean> {
  const next = new Set(ids);
  if (kind === 'save') next.add(carId);
  else next.delete(carId);
  ids = next;
  emit();
  const r = await accountPost<{ success?: boolean; error?: string }>(`/api/watchlist/${kind === 'save' ? 'save-car' : 'remove-car'}`, {
    phone_number: phone,
    car_id: carId,
  });
  if (!r.ok || r.body.success !== true) {
    window.alert(r.body.error ?? WATCHLIST_MESSAGES.failed);
    return false;
  }
  return true;
}
