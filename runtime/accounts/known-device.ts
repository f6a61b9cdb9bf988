// "Known device" cookies: after a successful sign-in (or a password set from a mailed link) the browser gets a value
// signed for that account, and later sign-ins of that account from it skip the per-account friction (see
// sign-in-limiter.ts). So strangers failing at one account slow down strangers, never its owner's own browsers.
// The value is an expiry and an HMAC over the account and that expiry: nothing to store, nothing to look up.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { signingKey } from '../infra/signing-key';

export const KNOWN_DEVICE_DAYS = 90;

export class KnownDevices {
  constructor(
    private readonly secret: Buffer,
    private readonly now: () => number = Date.now,
  ) {}

  /** A key of this process only (tests, or a server without a key file): cookies end with the process. */
  static random(now?: () => number): KnownDevices {
    return new KnownDevices(randomBytes(32), now);
  }

  /** SIGN_IN_DEVICE_SECRET when set (needed with several processes); else a random key kept in `file`. */
  static fromEnv(file: string, env: Record<string, string | undefined> = process.env): KnownDevices {
    return new KnownDevices(signingKey(env.SIGN_IN_DEVICE_SECRET, file));
  }

  private mac(account: string, expires: number): string {
    return createHmac('sha256', this.secret).update(`known-device\0${account}\0${expires}`).digest('base64url');
  }

  /** The cookie value that marks this browser as one `account` signed in from. */
  issue(account: string, days = KNOWN_DEVICE_DAYS): string {
    const expires = Math.floor(this.now() / 1000) + days * 86_400;
    return `${expires}.${this.mac(account, expires)}`;
  }

  /** Whether the cookie value was issued for `account` and has not expired. */
  knows(account: string, value: string | undefined): boolean {
    const m = /^(\d{1,12})\.([\w-]{43})$/.exec(value ?? '');
    if (!m) return false;
    const expires = Number(m[1]);
    if (expires * 1000 <= this.now()) return false;
    const expected = Buffer.from(this.mac(account, expires));
    const given = Buffer.from(m[2] ?? '');
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
