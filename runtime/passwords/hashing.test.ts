import { afterEach, describe, expect, it } from 'vitest';
import { ServerBusyError } from '../infra/http-errors';
import * as shopper from '../accounts/password';
import * as staff from '../editor/password';
import { dummyHash, hashPassword, needsRehash, PASSWORD_HASHING_LIMITS, passwordHashing, verifyPassword } from './hashing';

const CHEAP = { N: 1024, r: 8, p: 1 };

const holders: (() => Promise<void>)[] = [];
/** Takes every hashing slot and the whole line with tasks that end when released (at the latest after the test). */
function fillQueue() {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  const { concurrency, maxQueued } = passwordHashing.settings;
  const tasks = Array.from({ length: concurrency + maxQueued }, () => passwordHashing.run(() => held));
  const done = async () => {
    release();
    await Promise.all(tasks);
  };
  holders.push(done);
  return done;
}

afterEach(async () => {
  await Promise.all(holders.splice(0).map((release) => release()));
  passwordHashing.configure(PASSWORD_HASHING_LIMITS);
  passwordHashing.resetStats();
});

describe('password hashing', () => {
  it('hashes with a random salt, verifies, and refuses hashes a stored value must not ask for', async () => {
    const hash = await hashPassword('correct horse battery', CHEAP);
    expect(hash).toMatch(/^scrypt\$1024\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await hashPassword('correct horse battery', CHEAP)).not.toBe(hash);
    expect(await verifyPassword('correct horse battery', hash)).toBe(true);
    expect(await verifyPassword('correct horse batterY', hash)).toBe(false);
    // the same password in another Unicode form (NFKC) is the same password
    const composed = await hashPassword('caf\u00e9 au lait', CHEAP);
    expect(await verifyPassword('cafe\u0301 au lait', composed)).toBe(true);
    expect(needsRehash(hash)).toBe(true);
    expect(needsRehash(hash, CHEAP)).toBe(false);
  });

  it('refuses a stored hash that asks for too much before any scrypt runs', async () => {
    // With every slot and the whole line taken, only a hash refused before hashing can answer (false, not busy).
    passwordHashing.configure({ concurrency: 1, maxQueued: 0 });
    const release = fillQueue();
    for (const hostile of [
      'scrypt$1073741824$8$1$c2FsdA$aGFzaA', // N=2^30: 1 TiB
      'scrypt$1048576$16$1$c2FsdA$aGFzaA', // 2 GiB
      'scrypt$1024$8$64$c2FsdA$aGFzaA', // p=64
      'scrypt$1000$8$1$c2FsdA$aGFzaA', // not a power of two
      'bcrypt$1024$8$1$c2FsdA$aGFzaA',
      'scrypt$1024$8$1$c2FsdA$',
      'plain',
    ])
      expect(await verifyPassword('x', hostile), hostile).toBe(false);
    await expect(verifyPassword('x', 'scrypt$1024$8$1$c2FsdA$aGFzaA')).rejects.toBeInstanceOf(ServerBusyError);
    await release();
  });

  it('shopper and staff passwords use the same hashes: one verifies the other', async () => {
    expect(await staff.verifyPassword('a long password', await shopper.hashPassword('a long password', CHEAP))).toBe(true);
    expect(await shopper.verifyPassword('a long password', await staff.hashPassword('a long password', CHEAP))).toBe(true);
    expect(shopper.SCRYPT_COST).toEqual({ N: 2 ** 17, r: 8, p: 1 });
    expect(staff.PASSWORD_COST).toEqual(shopper.SCRYPT_COST);
  });

  it('keeps libuv thread-pool threads free: at most half the pool hashes at once, with a bounded line', () => {
    expect(PASSWORD_HASHING_LIMITS.concurrency).toBeGreaterThanOrEqual(1);
    expect(PASSWORD_HASHING_LIMITS.concurrency).toBeLessThanOrEqual(Math.floor((Number(process.env.UV_THREADPOOL_SIZE) || 4) / 2));
    expect(PASSWORD_HASHING_LIMITS.maxQueued).toBe(16);
  });

  it('every scrypt goes through the queue: hashes, verifies and the dummy hash never run beyond its limit', async () => {
    passwordHashing.configure({ concurrency: 2 });
    passwordHashing.resetStats();
    const work = Array.from({ length: 6 }, (_, i) => hashPassword(`password number ${i}`, CHEAP));
    expect(passwordHashing.stats()).toMatchObject({ running: 2, queued: 4 });
    const hashes = await Promise.all(work);
    await Promise.all([...hashes.map((h, i) => verifyPassword(`password number ${i}`, h)), dummyHash(CHEAP), staff.dummyHash()]);
    expect(passwordHashing.stats()).toMatchObject({ running: 0, queued: 0, peakRunning: 2, refused: 0 });
  });

  it('a full queue refuses hashing and verifying with ServerBusyError; a refused dummy hash is computed again later', async () => {
    passwordHashing.configure({ concurrency: 1, maxQueued: 2 });
    const release = fillQueue();
    const stored = 'scrypt$1024$8$1$c2FsdA$aGFzaA';
    const refusals = await Promise.all([
      hashPassword('a long password', CHEAP).catch((e: unknown) => e),
      verifyPassword('a long password', stored).catch((e: unknown) => e),
      dummyHash({ N: 2048, r: 8, p: 1 }).catch((e: unknown) => e),
    ]);
    for (const e of refusals) {
      expect(e).toBeInstanceOf(ServerBusyError);
      expect(e).toMatchObject({ status: 503, retryAfterSeconds: 5, message: 'The site is very busy right now. Please wait a few seconds and try again.' });
    }
    expect(passwordHashing.stats().refused).toBe(3);
    await release();
    expect(await dummyHash({ N: 2048, r: 8, p: 1 })).toMatch(/^scrypt\$2048\$/);
  });
});
