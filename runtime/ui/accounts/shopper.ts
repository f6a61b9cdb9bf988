// The signed-in shopper as the browser knows it: loaded once from GET /api/account (which also hands out the CSRF
// token), shared by every block through useShopper(). Writes go through accountPost, which sends the token.
import { useEffect, useSyncExternalStore } from 'react';

export interface Shopper {
  id: string;
  name: string;
  email: string;
  phone: string | null;
}

export interface ShopperState {
  status: 'unknown' | 'loading' | 'ready' | 'error';
  shopper: Shopper | null;
}

let state: ShopperState = { status: 'unknown', shopper: null };
let csrf = '';
let loading: Promise<void> | undefined;
const listeners = new Set<() => void>();

function set(next: ShopperState) {
  state = next;
  for (const l of listeners) l();
}

export function setShopper(shopper: Shopper | null) {
  set({ status: 'ready', shopper });
}

/** The shopper as last known, outside React (a handler that must wait for the first answer reads it after). */
export const knownShopper = (): ShopperState => state;

export function loadShopper(force = false): Promise<void> {
  if (loading && !force) return loading;
  if (state.status === 'unknown') set({ ...state, status: 'loading' });
  loading = fetch('/api/account', { headers: { accept: 'application/json' }, credentials: 'same-origin' })
    .then(async (r) => {
      if (!r.ok) throw new Error(`account: HTTP ${r.status}`);
      const body = (await r.json()) as { shopper: Shopper | null; csrfToken: string };
      csrf = body.csrfToken;
      setShopper(body.shopper);
    })
    .catch((error) => {
      console.error('Could not load your account', error);
      set({ status: 'error', shopper: null });
    });
  return loading;
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => void listeners.delete(l);
};
const serverState: ShopperState = { status: 'unknown', shopper: null };

/** The shopper (status 'unknown' during the server render and before the first answer). */
export function useShopper(): ShopperState {
  const s = useSyncExternalStore(
    subscribe,
    () => state,
    () => serverState,
  );
  useEffect(() => {
    void loadShopper();
  }, []);
  return s;
}

// biome-ignore lint/suspicious/noExplicitAny: each account endpoint answers its own JSON; callers name its type
export interface PostResult<T = any> {
  ok: boolean;
  status: number;
  body: T;
}

/** POSTs JSON with the CSRF token; never throws (a network failure is status 0 with a message). */
// biome-ignore lint/suspicious/noExplicitAny: each account endpoint answers its own JSON; callers name its type
export async function accountPost<T = any>(path: string, body: unknown = {}): Promise<PostResult<T>> {
  try {
    if (!csrf) await loadShopper(true);
    const r = await fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json', 'x-csrf-token': csrf },
      body: JSON.stringify(body),
    });
    const json = (await r.json().catch(() => ({ error: `The server answered ${r.status}.` }))) as T;
    return { ok: r.ok, status: r.status, body: json };
  } catch {
    return { ok: false, status: 0, body: { error: 'Could not reach the server. Please check your connection and try again.' } as T };
  }
}
