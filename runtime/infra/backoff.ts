// The wait before an outbox (lead delivery, mail) tries again: exponential from a base, capped at one hour, with
// jitter so that after an outage the processes' retries do not all hit the recovering CRM or relay in the same instant.
const MAX_BACKOFF_MS = 3_600_000;

/**
 * Wait after `attempts` failed attempts: base, 2x base, 4x base, ... capped at one hour, of which a random half is
 * taken off ("equal jitter": at least half the exponential wait, never more than all of it).
 * `random` is Math.random by default; tests pass a fixed one.
 */
export function retryDelayMs(attempts: number, baseSeconds: number, random: () => number = Math.random): number {
  const ceiling = Math.min(MAX_BACKOFF_MS, baseSeconds * 1000 * 2 ** Math.max(0, attempts - 1));
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}
