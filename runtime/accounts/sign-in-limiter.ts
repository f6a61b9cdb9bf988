// Shopper sign-in attempts limited per client address and per account (issue 10), and reset mails per account, in
// the server's shared rate limits (runtime/server/rate-limit.ts): in PostgreSQL across processes when configured.
import { RateLimits, type RateLimitRule } from '../server/rate-limit';

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

const verdict = (v: { allowed: boolean; retryAfterSeconds: number }): LimitCheck =>
  v.allowed ? { ok: true } : { ok: false, retryAfterSeconds: v.retryAfterSeconds };

export class SignInLimiter {
  private readonly address: RateLimitRule;
  private readonly account: RateLimitRule;
  private readonly resetMails: RateLimitRule = { name: 'shopper-reset-mail', points: RESET_MAILS_PER_HOUR, windowSeconds: 3600 };

  constructor(
    readonly limits: SignInLimits = SIGN_IN_LIMITS,
    private readonly store: RateLimits = RateLimits.memory(),
  ) {
    this.address = { name: 'shopper-sign-in-address', points: limits.perAddress, windowSeconds: limits.windowSeconds };
    this.account = { name: 'shopper-sign-in-account', points: limits.perAccount, windowSeconds: limits.windowSeconds };
  }

  /** Counts one attempt from this address; refuses once over the limit. */
  async attempt(addressKey: string): Promise<LimitCheck> {
    return verdict(await this.store.consume(this.address, addressKey));
  }

  /** Whether the account is locked for now (without counting). */
  async accountLocked(accountKey: string): Promise<LimitCheck> {
    return verdict(await this.store.check(this.account, accountKey));
  }

  /** Counts one reset mail for the account; false once over the hourly limit. */
  async resetMail(accountKey: string): Promise<boolean> {
    return (await this.store.consume(this.resetMails, accountKey)).allowed;
  }

  async failed(accountKey: string): Promise<void> {
    await this.store.consume(this.account, accountKey);
  }

  async succeeded(accountKey: string): Promise<void> {
    await this.store.reset(this.account, accountKey);
  }
}
