// Per-client submission limit (sliding one-minute window, in memory). Keys are site + client address.

export class RateLimiter {
  private hits = new Map<string, number[]>();
  private sweeps = 0;

  constructor(private windowMs = 60_000, private now: () => number = Date.now) {}

  /** true when this hit is allowed (and counts it); false when the client is over `limit` in the window. */
  take(key: string, limit: number): boolean {
    const t = this.now();
    const since = t - this.windowMs;
    const list = (this.hits.get(key) ?? []).filter((x) => x > since);
    if (list.length >= limit) {
      this.hits.set(key, list);
      return false;
    }
    list.push(t);
    this.hits.set(key, list);
    if (++this.sweeps % 1000 === 0) this.sweep(since);
    return true;
  }

  /** Seconds until the client may try again. */
  retryAfter(key: string): number {
    const first = this.hits.get(key)?.[0];
    return first === undefined ? 0 : Math.max(1, Math.ceil((first + this.windowMs - this.now()) / 1000));
  }

  private sweep(since: number) {
    for (const [k, list] of this.hits) if (!list.some((x) => x > since)) this.hits.delete(k);
  }
}
