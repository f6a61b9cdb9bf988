// How many unpaid holds a client address, a shopper account and a whole site may keep (settings.vehicle.reserve.limits).
// A hold costs nothing until it is paid, so without these one visitor could keep every car of a site from real shoppers.
// The counts come from the reservation store inside the transaction that inserts the hold (shared by every process);
// the rules here are pure, over an injected `now`.
import { createHash } from 'node:crypto';
import type { ReserveSettings } from '../domain/checkout';

export interface HoldLimits {
  holdsPerAddress: number;
  holdsPerAccount: number;
  holdsPerSite: number;
  siteWindowMs: number;
}

const DEFAULT_HOLD_LIMITS: HoldLimits = { holdsPerAddress: 3, holdsPerAccount: 3, holdsPerSite: 20, siteWindowMs: 30 * 60_000 };

interface LimitSettings {
  holdsPerAddress?: number;
  holdsPerAccount?: number;
  holdsPerSite?: number;
  siteWindowMinutes?: number;
}

export function holdLimitsOf(settings: ReserveSettings & { limits?: LimitSettings } = {}): HoldLimits {
  const l = settings.limits ?? {};
  return {
    holdsPerAddress: l.holdsPerAddress ?? DEFAULT_HOLD_LIMITS.holdsPerAddress,
    holdsPerAccount: l.holdsPerAccount ?? DEFAULT_HOLD_LIMITS.holdsPerAccount,
    holdsPerSite: l.holdsPerSite ?? DEFAULT_HOLD_LIMITS.holdsPerSite,
    siteWindowMs: l.siteWindowMinutes !== undefined ? l.siteWindowMinutes * 60_000 : DEFAULT_HOLD_LIMITS.siteWindowMs,
  };
}

/** What the store counted for one new hold. `endsAt`: when the first counted hold stops counting. */
export interface HoldUsage {
  /** Live unpaid holds of this client address on this site (absent when the address is unknown). */
  address?: { count: number; firstEndsAt: number | null };
  /** Live unpaid holds of this shopper account (absent when signed out). */
  account?: { count: number; firstEndsAt: number | null };
  /** Holds this site took within the window that were not paid. */
  site: { count: number; oldestAt: number | null };
}

type HoldLimitName = 'address' | 'account' | 'site';

export interface HoldLimitHit {
  limit: HoldLimitName;
  /** When a new hold would be allowed again (a counted hold ends, or leaves the window). */
  retryAt: number;
}

/** The limit a new hold would break, or null when it may be taken. */
export function holdLimitHit(usage: HoldUsage, limits: HoldLimits, now: number): HoldLimitHit | null {
  if (usage.address && usage.address.count >= limits.holdsPerAddress) return { limit: 'address', retryAt: Math.max(now, usage.address.firstEndsAt ?? now) };
  if (usage.account && usage.account.count >= limits.holdsPerAccount) return { limit: 'account', retryAt: Math.max(now, usage.account.firstEndsAt ?? now) };
  if (usage.site.count >= limits.holdsPerSite) return { limit: 'site', retryAt: Math.max(now, (usage.site.oldestAt ?? now) + limits.siteWindowMs) };
  return null;
}

/** Whole seconds to wait (at least 1), for Retry-After. */
export const retryAfterSeconds = (hit: HoldLimitHit, now: number) => Math.max(1, Math.ceil((hit.retryAt - now) / 1000));

const minutes = (seconds: number) => {
  const m = Math.max(1, Math.ceil(seconds / 60));
  return m === 1 ? 'a minute' : `${m} minutes`;
};

/** The shopper's message for a refused hold. */
export function holdLimitMessage(hit: HoldLimitHit, limits: HoldLimits, now: number): string {
  const wait = minutes(retryAfterSeconds(hit, now));
  const holds = (n: number) => (n === 1 ? 'an unpaid hold' : `${n} unpaid holds`);
  if (hit.limit === 'address')
    return `There are already ${holds(limits.holdsPerAddress)} on cars from this connection. Please pay the deposit for one, or try again in about ${wait}.`;
  if (hit.limit === 'account')
    return `Your account already has ${holds(limits.holdsPerAccount)} on cars. Please pay the deposit for one, or try again in about ${wait}.`;
  return `This website is taking more reservations than usual right now. Please try again in about ${wait}, or call the dealership.`;
}

/** The client address as stored with a hold: only compared with other holds' keys, so a hash is enough. */
export const clientKeyOf = (address: string | undefined): string | null =>
  address ? createHash('sha256').update(`reservation-client\0${address}`).digest('base64url').slice(0, 22) : null;
