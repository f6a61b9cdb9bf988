// The same searches of the same stock in the same second answer the same (the search scope's clock counts seconds):
// page loaders keep the last answer per site document and search for that second, so a burst of visits to a page
// runs its searches once. Keys are document objects and search parameters: nothing a shopper sends beyond the URL's
// search, nothing of a shopper's own. A new stock version or a new second computes again; a failure is not kept.
/** The stock searched: a catalogue and its version (a change to the stock gives a new version). */
export interface Stock {
  readonly version: number;
}

interface Entry {
  stock: Stock;
  version: number;
  second: number;
  value: Promise<unknown>;
}

/**
 * The answers kept here: one object for every request of that second, never changed once answered (the server
 * serialises each one's JSON for the boot data once: runtime/renderer/entry-server.tsx).
 */
export const memoisedAnswers = new WeakSet<object>();

const byOwner = new WeakMap<object, Map<string, Entry>>();
/** Distinct searches kept per document (query strings make them unbounded); beyond it the oldest go first. */
const MAX_KEYS = 256;

export function sameSecondMemo<T>(owner: object, key: string, stock: Stock, nowMs: number, compute: () => Promise<T>): Promise<T> {
  const version = stock.version;
  const second = Math.floor(nowMs / 1000);
  let entries = byOwner.get(owner);
  if (!entries) byOwner.set(owner, (entries = new Map()));
  const hit = entries.get(key);
  if (hit && hit.stock === stock && hit.version === version && hit.second === second) return hit.value as Promise<T>;
  const value = compute().then((answer) => {
    if (answer !== null && typeof answer === 'object') memoisedAnswers.add(answer);
    return answer;
  });
  entries.delete(key);
  entries.set(key, { stock, version, second, value });
  for (const oldest of entries.keys()) {
    if (entries.size <= MAX_KEYS) break;
    entries.delete(oldest);
  }
  value.catch(() => {
    if (entries.get(key)?.value === value) entries.delete(key);
  });
  return value;
}

/** `value` with it and every object in it frozen: an answer shared by the requests of a second that no one may change. */
export function deepFrozen<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const member of Object.values(value)) deepFrozen(member);
  }
  return value;
}
