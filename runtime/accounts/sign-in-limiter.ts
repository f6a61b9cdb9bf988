// Sign-in limits of shoppers (per site) and editor staff (one budget for the editor), and the per-account caps on
// mails anyone can trigger (reset links, sign-up notices). Counters live in the server's shared rate limits
// (runtime/infra/rate-limit.ts): in PostgreSQL across processes when configured.
//
// Locking an account after a few failures would let anyone lock anyone out, so the account itself is never locked:
//   - per client address (any account): too many failures and that address waits;
//   - per client address + account: too many failures and that pair waits (the attacker, not the owner elsewhere);
//   - per account (any address): past a few failures, browsers the account has not signed in from wait a delay that
//     doubles with each further attempt; the owner's known devices (known-device.ts) skip it, and a reset link works;
//   - per site: past a budget of failures (spraying from many addresses), every attempt from an unknown device is
//     answered more slowly.
// Attempts are counted before the password is checked, so parallel requests cannot slip past a limit, and given back
// when they succeed.
import { RateLimits, type RateLimitRule } from '../infra/rate-limit';

export interface SignInLimits {
  /** Failed attempts per client address per window (any account of the site). */
  perAddress: number;
  /** Failed attempts per client address and account per window. */
  perPair: number;
  /** Failed attempts per account (from any address) before browsers it has not used must wait. */
  perAccount: number;
  /** The first such wait; each further attempt doubles it, up to the window. */
  accountDelaySeconds: number;
  /** Failed attempts per site (any address, any account) per window before sign-ins from unknown devices slow down. */
  perSite: number;
  /** How much slower, doubled for every further `perSite` failures, up to `maxSiteDelayMs`. */
  siteDelayMs: number;
  maxSiteDelayMs: number;
  windowSeconds: number;
}

export const SIGN_IN_LIMITS: SignInLimits = {
  perAddress: 20,
  perPair: 5,
  perAccount: 5,
  accountDelaySeconds: 15,
  perSite: 30,
  siteDelayMs: 1000,
  maxSiteDelayMs: 8000,
  windowSeconds: 15 * 60,
};

/** Password reset mails per account per hour, whatever the address asking: enough for a lost mail, too few to flood. */
export const RESET_MAILS_PER_HOUR = 3;

export interface SignInAttempt {
  /** The site (shoppers) or "editor": names the budget the failures count against. */
  site: string;
  address: string;
  /** The normalised email the attempt is for. */
  account: string;
  /** The browser carries this account's known-device cookie. */
  knownDevice: boolean;
}

export type SignInVerdict =
  | { ok: true }
  /** `account`: only this account's unknown devices wait (the answer may suggest a reset); else this address waits. */
  | { ok: false; retryAfterSeconds: number; reason: 'address' | 'pair' | 'account' };

export interface SignInLimiterOptions {
  /** Prefix of the counters' names: shopper and editor counters never mix. */
  scope?: 'shopper' | 'editor';
  /** How a slowed-down attempt waits (tests record the wait instead). */
  sleep?: (ms: number) => Promise<void>;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class SignInLimiter {
  private readonly address: RateLimitRule;
  private readonly pair: RateLimitRule;
  private readonly account: RateLimitRule;
  private readonly accountWait: RateLimitRule;
  private readonly site: RateLimitRule;
  private readonly resetMails: RateLimitRule;
  private readonly signUpNotices: RateLimitRule;
  private readonly confirmationMails: RateLimitRule;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(
    readonly limits: SignInLimits = SIGN_IN_LIMITS,
    private readonly store: RateLimits = RateLimits.memory(),
    options: SignInLimiterOptions = {},
  ) {
    const scope = options.scope ?? 'shopper';
    const window = limits.windowSeconds;
    this.address = { name: `${scope}-sign-in-address`, points: limits.perAddress, windowSeconds: window };
    this.pair = { name: `${scope}-sign-in-pair`, points: limits.perPair, windowSeconds: window };
    // Counts attempts beyond perAccount too (the delay doubles with them); the refusal comes from accountWait.
    this.account = { name: `${scope}-sign-in-account`, points: 1_000_000, windowSeconds: window };
    this.accountWait = { name: `${scope}-sign-in-account-wait`, points: 1, windowSeconds: 1 };
    this.site = { name: `${scope}-sign-in-site`, points: 1_000_000, windowSeconds: window };
    this.resetMails = { name: `${scope}-reset-mail`, points: RESET_MAILS_PER_HOUR, windowSeconds: 3600 };
    this.signUpNotices = { name: `${scope}-sign-up-notice`, points: RESET_MAILS_PER_HOUR, windowSeconds: 3600 };
    this.confirmationMails = { name: `${scope}-confirmation-mail`, points: RESET_MAILS_PER_HOUR, windowSeconds: 3600 };
    this.sleep = options.sleep ?? realSleep;
  }

  private keys(a: SignInAttempt) {
    return { address: `${a.site}|${a.address}`, pair: `${a.site}|${a.address}|${a.account}`, account: `${a.site}|${a.account}` };
  }

  /** The wait after the `n`th attempt at one account (n >= perAccount): doubling from accountDelaySeconds. */
  accountDelaySeconds(n: number): number {
    const { perAccount, accountDelaySeconds, windowSeconds } = this.limits;
    return Math.min(windowSeconds, accountDelaySeconds * 2 ** Math.min(30, n - perAccount));
  }

  /** How much a sign-in from an unknown device is slowed down when the site has had `failures` in the window. */
  siteDelayMs(failures: number): number {
    const { perSite, siteDelayMs, maxSiteDelayMs } = this.limits;
    if (failures < perSite) return 0;
    return Math.min(maxSiteDelayMs, siteDelayMs * 2 ** Math.min(30, Math.floor((failures - perSite) / perSite)));
  }

  /**
   * Counts one attempt before its password is checked. Refused: the caller answers 429 with Retry-After. Allowed:
   * any friction (the site's slow-down) has already been waited out; report the outcome with failed() or succeeded().
   */
  async begin(a: SignInAttempt): Promise<SignInVerdict> {
    const k = this.keys(a);
    const byAddress = await this.store.consume(this.address, k.address);
    if (!byAddress.allowed) return { ok: false, retryAfterSeconds: byAddress.retryAfterSeconds, reason: 'address' };
    if (!a.knownDevice) {
      const byPair = await this.store.consume(this.pair, k.pair);
      if (!byPair.allowed) return { ok: false, retryAfterSeconds: byPair.retryAfterSeconds, reason: 'pair' };
      const waiting = await this.store.check(this.accountWait, k.account);
      if (!waiting.allowed) return { ok: false, retryAfterSeconds: waiting.retryAfterSeconds, reason: 'account' };
    }
    const n = this.account.points - (await this.store.consume(this.account, k.account)).remaining;
    // The wait is set before the password is checked, so attempts sent in parallel find it too.
    if (!a.knownDevice && n >= this.limits.perAccount) await this.store.block(this.accountWait, k.account, this.accountDelaySeconds(n));
    if (!a.knownDevice) {
      const delay = this.siteDelayMs(await this.store.hits(this.site, a.site));
      if (delay > 0) await this.sleep(delay);
    }
    return { ok: true };
  }

  async failed(a: SignInAttempt): Promise<void> {
    await this.store.consume(this.site, a.site);
  }

  /** The attempt is given back, and an unknown device's pair count and wait lifted: the owner's successes hold no one up. */
  async succeeded(a: SignInAttempt): Promise<void> {
    const k = this.keys(a);
    await Promise.all([
      this.store.reward(this.address, k.address),
      this.store.reward(this.account, k.account),
      // A known device counted neither; its success must not lift a lock strangers earned (a shared address).
      a.knownDevice ? undefined : this.store.reset(this.pair, k.pair),
      a.knownDevice ? undefined : this.store.reset(this.accountWait, k.account),
    ]);
  }

  /** Counts one reset mail for the account; false once over the hourly limit. */
  async resetMail(accountKey: string): Promise<boolean> {
    return (await this.store.consume(this.resetMails, accountKey)).allowed;
  }

  /** Counts one "someone tried to sign up with your address" mail for the account; false once over the hourly limit. */
  async signUpNotice(accountKey: string): Promise<boolean> {
    return (await this.store.consume(this.signUpNotices, accountKey)).allowed;
  }

  /** Counts one confirmation link mailed to an unconfirmed account (sign-up, sign-up again, sign-in before
   *  confirming); false once over the hourly limit, so sign-ups from many addresses cannot flood one inbox. */
  async confirmationMail(accountKey: string): Promise<boolean> {
    return (await this.store.consume(this.confirmationMails, accountKey)).allowed;
  }
}
