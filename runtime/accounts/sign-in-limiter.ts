// Sign-in attempts limited per client address and per account (issue 10), on rate-limiter-flexible. In memory, so
// per process: the shared runtime/server/rate-limit.ts (issue 9b) will move this onto one store for every process.
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

export interface SignInLimits {
  /** Attempts per client address and site per window. */
  perAddress: number;
  /** Failed attempts per account (site + email) per window. */
  perAccount: number;
  windowSeconds: number;
}

export const SIGN_IN_LIMITS: SignInLimits = { perAddress: 20, perAccount: 5, windowSeconds: 15 * 60 };

/** Password reset mails per account per hour: enough for a lost mail, too few to flood someone's inbox. */
export const RESET_MAILS_PER_HOUR = 3;

export type LimitCheck = { ok: true } | { ok: false; retryAfterSeconds: number };

export class SignInLimiter {
  private address: RateLimiterMemory;
  private account: RateLimiterMemory;
  private resetMails = new RateLimiterMemory({ keyPrefix: 'reset-mail', points: RESET_MAILS_PER_HOUR, duration: 3600 });

  constructor(readonly limits: SignInLimits = SIGN_IN_LIMITS) {
    this.address = new RateLimiterMemory({ keyPrefix: 'sign-in-address', points: limits.perAddress, duration: limits.windowSeconds });
    this.account = new RateLimiterMemory({ keyPrefix: 'sign-in-account', points: limits.perAccount, duration: limits.windowSeconds });
  }

  private static refused(e: unknown): LimitCheck {
    if (e instanceof RateLimiterRes) return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(e.msBeforeNext / 1000)) };
    throw e;
  }

  /** Counts one attempt from this address; refuses once over the limit. */
  async attempt(addressKey: string): Promise<LimitCheck> {
    try {
      await this.address.consume(addressKey);
      return { ok: true };
    } catch (e) {
      return SignInLimiter.refused(e);
    }
  }

  /** Whether the account is locked for now (without counting). */
  async accountLocked(accountKey: string): Promise<LimitCheck> {
    const r = await this.account.get(accountKey);
    if (r && r.consumedPoints >= this.limits.perAccount) return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(r.msBeforeNext / 1000)) };
    return { ok: true };
  }

  /** Counts one reset mail for the account; false once over the hourly limit. */
  async resetMail(accountKey: string): Promise<boolean> {
    try {
      await this.resetMails.consume(accountKey);
      return true;
    } catch (e) {
      return SignInLimiter.refused(e).ok;
    }
  }

  async failed(accountKey: string): Promise<void> {
    await this.account.penalty(accountKey, 1);
  }

  async succeeded(accountKey: string): Promise<void> {
    await this.account.delete(accountKey);
  }
}
