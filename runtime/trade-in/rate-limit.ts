// Per-client limits on the eval-expert calls (rate-limiter-flexible, in memory). Kept small and local until the
// shared runtime/server/rate-limit.ts (issue 9b) exists; the keys (site + client address + call) stay the same.
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

export type TradeInCall = 'lookup' | 'upload' | 'update' | 'misc';

/** Calls per client per minute: a shopper looks up a few regos, uploads up to 10 photos (with retries). */
export const TRADE_IN_LIMITS: Record<TradeInCall, number> = { lookup: 20, upload: 40, update: 10, misc: 10 };

export class TradeInRateLimiter {
  private limiters: Record<TradeInCall, RateLimiterMemory>;
  constructor(limits: Record<TradeInCall, number> = TRADE_IN_LIMITS) {
    this.limiters = Object.fromEntries(Object.entries(limits).map(([k, points]) => [k, new RateLimiterMemory({ points, duration: 60, keyPrefix: `trade-in-${k}` })])) as Record<TradeInCall, RateLimiterMemory>;
  }

  /** null when allowed (and counted); otherwise the seconds to wait. */
  async take(call: TradeInCall, key: string): Promise<number | null> {
    try {
      await this.limiters[call].consume(key);
      return null;
    } catch (e) {
      if (e instanceof RateLimiterRes) return Math.max(1, Math.ceil(e.msBeforeNext / 1000));
      throw e;
    }
  }
}
