// One rate limiter for the whole server, on rate-limiter-flexible: counters in memory by default, or in PostgreSQL
// (RateLimiterPostgres, table "rate_limits") when DATABASE_URL is set, so every server process shares them.
//
// Use: const limits = await openRateLimits({ databaseUrl });      // once, at start (main.ts passes it in services)
//      const verdict = await limits.consume(LEAD_POSTS, `${tenant}|${req.ip}`, { points: tenantLimit });
//      if (!verdict.allowed) return tooManyRequests(res, verdict, 'message');
//      await limits.reset(PASSWORD_RESET_REQUESTS, address);    // forget a key's hits
// Rules name what is limited; keys name who (an address, an account, a site + address). Client addresses come from
// req.ip, which honours TRUST_PROXY (runtime/server/trust-proxy.ts), so shoppers behind a load balancer are not one
// bucket. A store failure never blocks a request: the limiter falls back to memory (insurance) and logs it.
import { createHash } from 'node:crypto';
import type { Response } from 'express';
import type pg from 'pg';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { openPgPool } from './db/durable-pg';

declare module '../services' {
  interface RuntimeServices {
    /** The server's rate limits (one store for every route; PostgreSQL when DATABASE_URL is set). */
    rateLimits?: RateLimits;
  }
}

export interface RateLimitRule {
  /** Names the counters (key prefix); two rules never share counters. */
  name: string;
  /** Allowed hits per window (a request may pass its own, e.g. a site's setting). */
  points: number;
  windowSeconds: number;
  /** Once over the limit, refuse for this long (default: until the window ends). */
  blockSeconds?: number;
}

/** Editor "forgot your password" requests per client address (sign-in itself: runtime/accounts/sign-in-limiter.ts). */
export const PASSWORD_RESET_REQUESTS: RateLimitRule = { name: 'password-reset-address', points: 20, windowSeconds: 15 * 60 };
/** Lead posts per site and client address (points: the site's settings.leads.limits.perClientPerMinute). */
export const LEAD_POSTS: RateLimitRule = { name: 'lead-posts', points: 10, windowSeconds: 60 };
/** Phone reveals per site and client address. */
export const PHONE_REVEALS: RateLimitRule = { name: 'phone-reveals', points: 30, windowSeconds: 60 };
/** Vehicle page views counted per site and client address (view.json): a shopper opens a few pages a minute. */
export const VIEW_COUNTS: RateLimitRule = { name: 'view-counts', points: 30, windowSeconds: 60 };

export interface RateLimitVerdict {
  allowed: boolean;
  /** Hits left in the window (0 when refused). */
  remaining: number;
  /** Whole seconds until the next hit is allowed (0 when allowed). */
  retryAfterSeconds: number;
}

export type RateLimitStoreKind = 'memory' | 'postgres';

const TABLE = 'rate_limits';

/** Keys go into a varchar(255) column: long ones (an email address with a site name) are hashed. */
const storeKey = (key: string) => (key.length <= 120 ? key : `sha256:${createHash('sha256').update(key).digest('base64url')}`);

export class RateLimits {
  private limiters = new Map<string, RateLimiterAbstract>();

  private constructor(
    readonly store: RateLimitStoreKind,
    private readonly pool?: pg.Pool,
    private readonly log: (message: string, error?: unknown) => void = (m, e) => console.error(m, e ?? ''),
  ) {}

  /** Counters in this process only (one server, tests). */
  static memory(): RateLimits {
    return new RateLimits('memory');
  }

  /** Counters in PostgreSQL, shared by every process on the same database. Creates the table when missing. */
  static async postgres(databaseUrl: string, log?: (message: string, error?: unknown) => void): Promise<RateLimits> {
    // Under the schema lock: processes starting together on a fresh database raced on this CREATE TABLE (pg_type).
    const pool = await openPgPool(
      databaseUrl,
      `CREATE TABLE IF NOT EXISTS "${TABLE}" (key varchar(255) PRIMARY KEY, points integer NOT NULL DEFAULT 0, expire bigint)`,
      4,
    );
    pool.on('error', (e) => (log ?? console.error)('rate limits: PostgreSQL connection error', e));
    return new RateLimits('postgres', pool, log);
  }

  private limiter(rule: RateLimitRule, points: number): RateLimiterAbstract {
    const id = `${rule.name}|${points}|${rule.windowSeconds}|${rule.blockSeconds ?? 0}`;
    let limiter = this.limiters.get(id);
    if (!limiter) {
      const options = { keyPrefix: rule.name, points, duration: rule.windowSeconds, blockDuration: rule.blockSeconds ?? 0 };
      limiter = this.pool
        ? new RateLimiterPostgres({
            ...options,
            storeClient: this.pool,
            storeType: 'pool',
            tableName: TABLE,
            tableCreated: true,
            // One limiter per process sweeps expired rows; the others leave it to it.
            clearExpiredByTimeout: this.limiters.size === 0,
            // While PostgreSQL is unreachable, count in memory rather than refuse or wave everyone through.
            insuranceLimiter: new RateLimiterMemory(options),
          })
        : new RateLimiterMemory(options);
      this.limiters.set(id, limiter);
    }
    return limiter;
  }

  /** Counts one hit (or `cost`) for `key`; refused once the key is over its points in the window. */
  async consume(rule: RateLimitRule, key: string, options: { points?: number; cost?: number } = {}): Promise<RateLimitVerdict> {
    const points = Math.max(1, Math.floor(options.points ?? rule.points));
    try {
      const res = await this.limiter(rule, points).consume(storeKey(key), options.cost ?? 1);
      return { allowed: true, remaining: res.remainingPoints, retryAfterSeconds: 0 };
    } catch (e) {
      if (e instanceof RateLimiterRes) return { allowed: false, remaining: 0, retryAfterSeconds: Math.max(1, Math.ceil(e.msBeforeNext / 1000)) };
      this.log(`rate limit ${rule.name}: the store failed; this hit was let through`, e);
      return { allowed: true, remaining: 0, retryAfterSeconds: 0 };
    }
  }

  /** Whether the next hit of `key` would be refused, without counting one (sign-in counts only failures). */
  async check(rule: RateLimitRule, key: string, options: { points?: number } = {}): Promise<RateLimitVerdict> {
    const points = Math.max(1, Math.floor(options.points ?? rule.points));
    try {
      const res = await this.limiter(rule, points).get(storeKey(key));
      if (!res || res.consumedPoints < points) return { allowed: true, remaining: points - (res?.consumedPoints ?? 0), retryAfterSeconds: 0 };
      return { allowed: false, remaining: 0, retryAfterSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)) };
    } catch (e) {
      this.log(`rate limit ${rule.name}: the store failed; treated as not limited`, e);
      return { allowed: true, remaining: points, retryAfterSeconds: 0 };
    }
  }

  /** Hits of `key` in its current window (0 when none). */
  async hits(rule: RateLimitRule, key: string): Promise<number> {
    try {
      return (await this.limiter(rule, rule.points).get(storeKey(key)))?.consumedPoints ?? 0;
    } catch (e) {
      this.log(`rate limit ${rule.name}: the store failed; treated as no hits`, e);
      return 0;
    }
  }

  /** Refuses `key` for `seconds` from now, whatever its hits (a delay that grows with each failure). */
  async block(rule: RateLimitRule, key: string, seconds: number): Promise<void> {
    try {
      await this.limiter(rule, rule.points).block(storeKey(key), Math.max(1, Math.ceil(seconds)));
    } catch (e) {
      this.log(`rate limit ${rule.name}: could not block a key`, e);
    }
  }

  /** Gives back hits counted for `key` (an attempt that turned out fine is not held against it). */
  async reward(rule: RateLimitRule, key: string, points = 1): Promise<void> {
    try {
      await this.limiter(rule, rule.points).reward(storeKey(key), points);
    } catch (e) {
      this.log(`rate limit ${rule.name}: could not give back a hit`, e);
    }
  }

  /** Forgets `key`'s hits (a successful sign-in clears its failures). */
  async reset(rule: RateLimitRule, key: string): Promise<void> {
    const ids = [...this.limiters.entries()].filter(([id]) => id.startsWith(`${rule.name}|`));
    const limiter = ids[0]?.[1] ?? this.limiter(rule, rule.points);
    try {
      await limiter.delete(storeKey(key));
    } catch (e) {
      this.log(`rate limit ${rule.name}: could not reset a key`, e);
    }
  }

  async close(): Promise<void> {
    await this.pool?.end();
  }
}

/** DATABASE_URL set: counters shared in PostgreSQL; otherwise in memory. */
export async function openRateLimits(options: { databaseUrl?: string; log?: (message: string, error?: unknown) => void } = {}): Promise<RateLimits> {
  return options.databaseUrl ? RateLimits.postgres(options.databaseUrl, options.log) : RateLimits.memory();
}

/** Answers 429 with Retry-After (seconds) and a JSON { error, retry_after }. */
export function tooManyRequests(res: Response, verdict: RateLimitVerdict, message: string) {
  res.set('retry-after', String(verdict.retryAfterSeconds));
  return res.status(429).json({ error: message, retry_after: verdict.retryAfterSeconds });
}
