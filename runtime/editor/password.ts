// Staff passwords: scrypt (a deliberately slow, memory-hard hash) with a random salt per password, at N=2^17, r=8,
// p=1 (OWASP's recommendation; 128 MiB and a few hundred ms per hash). Stored as "scrypt$N$r$p$salt$hash" so the cost
// can be raised later: a hash below today's cost is replaced at the account's next successful sign-in.
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) => scryptCallback(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))));

export const MIN_PASSWORD_LENGTH = 10;
export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}
export const PASSWORD_COST: Readonly<ScryptCost> = { N: 2 ** 17, r: 8, p: 1 };
let cost: ScryptCost = { ...PASSWORD_COST };

/** Tests that sign in many times lower the cost (a hash takes about a second on a busy machine); never in production. */
export function setPasswordCostForTests(next: ScryptCost = PASSWORD_COST) {
  cost = { ...next };
  dummy = undefined;
}
export const currentPasswordCost = (): Readonly<ScryptCost> => cost;
const KEY_LENGTH = 32;
let dummy: Promise<string> | undefined;
/** The most a stored hash may ask for (a damaged or hostile hash must not make the server allocate gigabytes). */
const MAX_N = 2 ** 20;

/** scrypt needs 128·N·r·p bytes; Node refuses above maxmem (32 MiB by default), so allow that plus headroom. */
const maxmemFor = ({ N, r, p }: ScryptCost) => 128 * N * r * p + 32 * 1024 * 1024;

export async function hashPassword(password: string, hashCost: ScryptCost = cost): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...hashCost, maxmem: maxmemFor(hashCost) });
  return ['scrypt', hashCost.N, hashCost.r, hashCost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

function parse(stored: string): (ScryptCost & { salt: Buffer; hash: Buffer }) | undefined {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  const c = { N: Number(n), r: Number(r), p: Number(p) };
  if (scheme !== 'scrypt' || !salt || !hash) return undefined;
  if (!Number.isInteger(c.N) || c.N < 2 || c.N > MAX_N || (c.N & (c.N - 1)) !== 0) return undefined;
  if (!Number.isInteger(c.r) || c.r < 1 || c.r > 32 || !Number.isInteger(c.p) || c.p < 1 || c.p > 16) return undefined;
  return { ...c, salt: Buffer.from(salt, 'base64url'), hash: Buffer.from(hash, 'base64url') };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed || parsed.hash.length === 0) return false;
  const { salt, hash, ...storedCost } = parsed;
  const key = await scrypt(password.normalize('NFKC'), salt, hash.length, { ...storedCost, maxmem: maxmemFor(storedCost) });
  return key.length === hash.length && timingSafeEqual(key, hash);
}

/** Whether a stored hash is below today's cost (and should be replaced after the next successful sign-in). */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  return !parsed || parsed.N < cost.N || parsed.r < cost.r || parsed.p < cost.p;
}

/** A hash to compare against when the account does not exist, so a sign-in takes as long either way. */
export const dummyHash = () => (dummy ??= hashPassword('not-a-real-password'));
