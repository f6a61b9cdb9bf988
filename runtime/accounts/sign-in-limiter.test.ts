import { afterEach, describe, expect, it, vi } from 'vitest';
import { RateLimits } from '../infra/rate-limit';
import { KnownDevices } from './known-device';
import { SIGN_IN_LIMITS, SignInLimiter, type SignInAttempt } from './sign-in-limiter';

let run = 0;
function setup(store = RateLimits.memory()) {
  const waits: number[] = [];
  const limiter = new SignInLimiter(SIGN_IN_LIMITS, store, { sleep: async (ms) => void waits.push(ms) });
  // A site of its own per test, so counters left in a shared database never meet.
  const site = `site-${process.pid}-${Date.now()}-${run++}`;
  const attempt = (address: string, account = 'owner@example.com', knownDevice = false): SignInAttempt => ({
    site,
    address,
    account,
    knownDevice,
  });
  /** A wrong password: counted, then reported as failed. */
  const fail = async (a: SignInAttempt) => {
    const v = await limiter.begin(a);
    if (v.ok) await limiter.failed(a);
    return v;
  };
  return { limiter, waits, attempt, fail };
}

afterEach(() => vi.useRealTimers());

describe('SignInLimiter', () => {
  it("locks the attacker's address for that account, not the owner: known devices sign in from anywhere", async () => {
    const { limiter, attempt, fail } = setup();
    for (let i = 0; i < 5; i++) expect(await fail(attempt('10.0.0.66'))).toEqual({ ok: true });
    const locked = await limiter.begin(attempt('10.0.0.66'));
    expect(locked).toMatchObject({ ok: false, reason: 'pair' });
    expect((locked as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(14 * 60);
    // the owner's browser, from another address or from the attacker's (a shared network)
    expect(await limiter.begin(attempt('10.0.0.7', 'owner@example.com', true))).toEqual({ ok: true });
    const ownerThere = attempt('10.0.0.66', 'owner@example.com', true);
    expect(await limiter.begin(ownerThere)).toEqual({ ok: true });
    await limiter.succeeded(ownerThere);
    // the owner's success there does not lift the attacker's lock
    expect(await limiter.begin(attempt('10.0.0.66'))).toMatchObject({ ok: false, reason: 'pair' });
    // another account from the attacker's address is not locked by this pair
    expect(await limiter.begin(attempt('10.0.0.66', 'someone@example.com'))).toEqual({ ok: true });
  });

  it('past 5 attempts at one account, unknown devices wait a delay that doubles (15 s, 30 s, 60 s), never the window', async () => {
    vi.useFakeTimers({ now: 1_700_000_000_000 });
    const { limiter, attempt, fail } = setup();
    for (let i = 0; i < 5; i++) expect((await fail(attempt(`10.1.0.${i}`))).ok).toBe(true);
    const waits: number[] = [];
    for (let i = 0; i < 3; i++) {
      const refused = await limiter.begin(attempt(`10.2.0.${i}`));
      expect(refused).toMatchObject({ ok: false, reason: 'account' });
      const seconds = (refused as { retryAfterSeconds: number }).retryAfterSeconds;
      waits.push(seconds);
      vi.advanceTimersByTime(seconds * 1000);
      expect((await fail(attempt(`10.3.0.${i}`))).ok).toBe(true);
    }
    expect(waits).toEqual([15, 30, 60]);
    expect(limiter.accountDelaySeconds(5 + 20)).toBe(15 * 60);
  });

  it("a success is given back; once known, the owner's browser is never held up by its own or anyone's failures", async () => {
    const { limiter, attempt, fail } = setup();
    const stranger = attempt('10.4.0.1');
    for (let i = 0; i < 4; i++) expect((await fail(stranger)).ok).toBe(true);
    const owner = attempt('10.4.0.2');
    expect(await limiter.begin(owner)).toEqual({ ok: true });
    await limiter.succeeded(owner);
    // the success did not count: the next stranger's attempt is the 5th, still without a wait
    expect(await fail(attempt('10.4.0.3'))).toEqual({ ok: true });
    expect(await limiter.begin(attempt('10.4.0.4'))).toMatchObject({ ok: false, reason: 'account' });
    const known = attempt('10.4.0.2', 'owner@example.com', true);
    for (let i = 0; i < 10; i++) expect((await fail(known)).ok).toBe(true);
    expect(await limiter.begin(known)).toEqual({ ok: true });
  });

  it('limits failures per address across accounts (20 in the window)', async () => {
    const { limiter, attempt, fail } = setup();
    for (let i = 0; i < 20; i++) expect((await fail(attempt('10.5.0.1', `user${i}@example.com`))).ok).toBe(true);
    expect(await limiter.begin(attempt('10.5.0.1', 'other@example.com', true))).toMatchObject({ ok: false, reason: 'address' });
    expect(await limiter.begin(attempt('10.5.0.2', 'other@example.com'))).toEqual({ ok: true });
  });

  it("slows every unknown device down once the site's failures pass its budget (spraying from many addresses)", async () => {
    const { limiter, waits, attempt, fail } = setup();
    for (let i = 0; i < 30; i++) await fail(attempt(`10.6.${i}.1`, `victim${i}@example.com`));
    expect(waits).toEqual([]);
    await fail(attempt('10.7.0.1', 'victim-a@example.com'));
    expect(waits).toEqual([1000]);
    // a known device is not slowed down
    await limiter.begin(attempt('10.7.0.2', 'victim-b@example.com', true));
    expect(waits).toEqual([1000]);
    for (let i = 0; i < 30; i++) await fail(attempt(`10.8.${i}.1`, `victim-c${i}@example.com`));
    expect(waits.at(-1)).toBe(2000);
    expect(limiter.siteDelayMs(10_000)).toBe(8000);
    // another site's budget is its own
    const other = await limiter.begin({ site: 'another-site', address: '10.9.0.1', account: 'x@example.com', knownDevice: false });
    expect(other).toEqual({ ok: true });
    expect(waits).toHaveLength(31);
  });

  it('caps reset mails and sign-up notices per account per hour, whatever the address', async () => {
    const { limiter } = setup();
    const sent = [];
    const key = `site-${Date.now()}|owner@example.com`;
    for (let i = 0; i < 5; i++) sent.push(await limiter.resetMail(key));
    expect(sent).toEqual([true, true, true, false, false]);
    expect(await limiter.resetMail(`${key}.au`)).toBe(true);
    expect(await limiter.signUpNotice(key)).toBe(true);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('SignInLimiter on PostgreSQL (shared by every process; set TEST_DATABASE_URL)', () => {
  it("locks the attacker's pair and makes unknown devices wait, as seen by another process", async () => {
    const [one, two] = [await RateLimits.postgres(process.env.TEST_DATABASE_URL!), await RateLimits.postgres(process.env.TEST_DATABASE_URL!)];
    try {
      const a = setup(one);
      const b = new SignInLimiter(SIGN_IN_LIMITS, two, { sleep: async () => {} });
      for (let i = 0; i < 5; i++) expect((await a.fail(a.attempt('10.0.0.66'))).ok).toBe(true);
      expect(await b.begin(a.attempt('10.0.0.66'))).toMatchObject({ ok: false, reason: 'pair' });
      expect(await b.begin(a.attempt('10.0.0.7'))).toMatchObject({ ok: false, reason: 'account' });
      const known = a.attempt('10.0.0.7', 'owner@example.com', true);
      expect(await b.begin(known)).toEqual({ ok: true });
      await b.succeeded(known);
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });
});

describe('KnownDevices', () => {
  it('recognises its own cookie for the same account until it expires', () => {
    let now = 1_700_000_000_000;
    const devices = KnownDevices.random(() => now);
    const value = devices.issue('shopper|big-sky-cars|ann@example.com');
    expect(value).toMatch(/^\d+\.[\w-]{43}$/);
    expect(devices.knows('shopper|big-sky-cars|ann@example.com', value)).toBe(true);
    expect(devices.knows('shopper|harbourside-mazda|ann@example.com', value)).toBe(false);
    expect(
      devices.knows(
        'shopper|big-sky-cars|ann@example.com',
        value.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
      ),
    ).toBe(false);
    expect(KnownDevices.random().knows('shopper|big-sky-cars|ann@example.com', value)).toBe(false);
    expect(devices.knows('x', undefined)).toBe(false);
    now += 91 * 86_400_000;
    expect(devices.knows('shopper|big-sky-cars|ann@example.com', value)).toBe(false);
  });
});
