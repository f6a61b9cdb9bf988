// Passwords of shoppers (runtime/accounts/password.ts) and staff (runtime/editor/password.ts): scrypt, a deliberately
// slow, memory-hard hash, with a random salt per password. Stored as "scrypt$N$r$p$salt$hash" so the cost can be raised
// later; an older hash keeps verifying at its own cost. Every scrypt (hash, verify, the dummy compared against for
// unknown accounts) waits its turn in one bounded queue, passwordHashing below.
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { WorkQueue, type WorkQueueLimits } from './work-queue';

export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/** OWASP's recommendation for scrypt: about 128 MiB and a few hundred ms of one core per hash. */
export const SCRYPT_COST: Readonly<ScryptCost> = { N: 2 ** 17, r: 8, p: 1 };
const KEY_LENGTH = 32;
/** The most a stored hash may ask for: a damaged or hostile hash must not make the server allocate gigabytes. */
const MAX_N = 2 ** 20;
const MAX_MEMORY = 1024 ** 3;

/** scrypt needs about 128·r·(N + p) bytes; Node refuses above maxmem (32 MiB by default), so allow that plus headroom. */
const maxmemFor = ({ N, r, p }: ScryptCost) => 128 * r * (N + p) + 32 * 1024 * 1024;

// Why a queue, and why these limits: scrypt runs on libuv's thread pool (UV_THREADPOOL_SIZE threads, 4 by default),
// the same threads that read every static file, compress answers (zlib) and look up host names. Unbounded, eight
// sign-up loops from one client kept all four busy and a 1 ms script took seconds. So at most half the pool hashes at
// once, and no more than the cores less one, so the event loop keeps a core to render pages (one at a time on a
// 2-core machine). A larger pool would not help: the cores, not the threads, run out. Requests beyond the slots wait in
// a short line (a few seconds of hashing at most); beyond that they are refused at once with 503 and Retry-After.
const threadPoolSize = Number(process.env.UV_THREADPOOL_SIZE) || 4;
export const PASSWORD_HASHING_LIMITS: Readonly<WorkQueueLimits> = {
  concurrency: Math.max(1, Math.min(Math.floor(threadPoolSize / 2), availableParallelism() - 1)),
  maxQueued: 16,
  retryAfterSeconds: 5,
  busyMessage: 'The site is very busy right now. Please wait a few seconds and try again.',
};

/** The queue every scrypt goes through (tests and the sign-up flood bench read its stats and may change its limits). */
export const passwordHashing = new WorkQueue(PASSWORD_HASHING_LIMITS);

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  passwordHashing.run(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scryptCallback(password.normalize('NFKC'), salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
      ),
  );

export async function hashPassword(password: string, cost: ScryptCost = SCRYPT_COST): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEY_LENGTH, { ...cost, maxmem: maxmemFor(cost) });
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

function parse(stored: string): (ScryptCost & { salt: Buffer; hash: Buffer }) | undefined {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  const c = { N: Number(n), r: Number(r), p: Number(p) };
  if (scheme !== 'scrypt' || !salt || !hash) return undefined;
  if (!Number.isInteger(c.N) || c.N < 2 || c.N > MAX_N || (c.N & (c.N - 1)) !== 0) return undefined;
  if (!Number.isInteger(c.r) || c.r < 1 || c.r > 16 || !Number.isInteger(c.p) || c.p < 1 || c.p > 4) return undefined;
  if (128 * c.N * c.r > MAX_MEMORY) return undefined;
  return { ...c, salt: Buffer.from(salt, 'base64url'), hash: Buffer.from(hash, 'base64url') };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed || parsed.hash.length === 0) return false;
  const { salt, hash, ...storedCost } = parsed;
  const key = await scrypt(password, salt, hash.length, { ...storedCost, maxmem: maxmemFor(storedCost) });
  return key.length === hash.length && timingSafeEqual(key, hash);
}

/** Whether a stored hash is below `cost` (and should be replaced after the next successful sign-in). */
export function needsRehash(stored: string, cost: ScryptCost = SCRYPT_COST): boolean {
  const parsed = parse(stored);
  return !parsed || parsed.N < cost.N || parsed.r < cost.r || parsed.p < cost.p;
}

const dummies = new Map<string, Promise<string>>();
/** A hash to compare against when the account does not exist, so a sign-in takes as long either way. */
export function dummyHash(cost: ScryptCost = SCRYPT_COST): Promise<string> {
  const key = `${cost.N}$${cost.r}$${cost.p}`;
  let dummy = dummies.get(key);
  if (!dummy) {
    dummy = hashPassword('not-a-real-password', cost);
    // A refusal (queue full) is not remembered: the next sign-in computes it again.
    dummy.catch(() => dummies.delete(key));
    dummies.set(key, dummy);
  }
  return dummy;
}
