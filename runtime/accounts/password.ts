// Shopper passwords: scrypt at N=2^17, r=8, p=1 (OWASP's current recommendation for scrypt), random salt each.
// Stored as "scrypt$N$r$p$salt$hash" so the cost can be raised later; old hashes keep verifying at their own cost.
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export const SCRYPT_COST = { N: 2 ** 17, r: 8, p: 1 };
const KEY_LENGTH = 32;
// scrypt needs 128 * N * r bytes (128 MiB at this cost); Node's default limit is 32 MiB.
const maxmemFor = (N: number, r: number) => 128 * N * r + 16 * 1024 * 1024;

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) => scryptCallback(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))));

export async function hashPassword(password: string, cost = SCRYPT_COST): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...cost, maxmem: maxmemFor(cost.N, cost.r) });
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  const N = Number(n),
    R = Number(r),
    P = Number(p);
  if (scheme !== 'scrypt' || !salt || !hash || !(N >= 2 ** 14 && N <= 2 ** 20) || !(R >= 1 && R <= 16) || !(P >= 1 && P <= 4)) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await scrypt(password.normalize('NFKC'), Buffer.from(salt, 'base64url'), expected.length, { N, r: R, p: P, maxmem: maxmemFor(N, R) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash to compare against when the account does not exist, so a sign-in takes as long either way. */
let dummy: Promise<string> | undefined;
export const dummyHash = () => (dummy ??= hashPassword('not-a-real-password'));
