// Per-client limits on the eval-expert calls, counted in the server's shared rate limits
// (runtime/infra/rate-limit.ts: in PostgreSQL across processes when configured). Keys: site + client address.
import { RateLimits, type RateLimitRule } from '../infra/rate-limit';

export type TradeInCall = 'lookup' | 'upload' | 'update' | 'misc';

/** Calls per client per minute: a shopper looks up a few regos, uploads up to 10 photos (with retries). */
const TRADE_IN_LIMITS: Record<TradeInCall, number> = { lookup: 20, upload: 40, update: 10, misc: 10 };

export class TradeInRateLimiter {
  private readonly rules: Record<TradeInCall, RateLimitRule>;

  constructor(
    limits: Record<TradeInCall, number> = TRADE_IN_LIMITS,
    private readonly store: RateLimits = RateLimits.memory(),
  ) {
    this.rules = Object.fromEntries(Object.entries(limits).map(([call, points]) => [call, { name: `trade-in-${call}`, points, windowSeconds: 60 }])) as Record<
      TradeInCall,
      RateLimitRule
    >;
  }

  /** null when allowed (and counted); otherwise the seconds to wait. */
  async take(call: TradeInCall, key: string): Promise<number | null> {
    const v = await this.store.consume(this.rules[call], key);
    return v.allowed ? null : v.retryAfterSeconds;
  }
}
