// Staff passwords: scrypt through the shared hashing module (runtime/passwords/hashing.ts, which also bounds how many
// hashes run at once). A hash below today's cost is replaced at the account's next successful sign-in.
import * as hashing from '../passwords/hashing';

export const MIN_PASSWORD_LENGTH = 10;
export const PASSWORD_COST: Readonly<hashing.ScryptCost> = hashing.SCRYPT_COST;
let cost: hashing.ScryptCost = { ...PASSWORD_COST };

/** Tests that sign in many times lower the cost (a hash takes about a second on a busy machine); never in production. */
export function setPasswordCostForTests(next: hashing.ScryptCost = PASSWORD_COST) {
  cost = { ...next };
}

export const hashPassword = (password: string, hashCost: hashing.ScryptCost = cost) => hashing.hashPassword(password, hashCost);
export const verifyPassword = hashing.verifyPassword;
/** Whether a stored hash is below today's cost (and should be replaced after the next successful sign-in). */
export const needsRehash = (stored: string) => hashing.needsRehash(stored, cost);
/** A hash to compare against when the account does not exist, so a sign-in takes as long either way. */
export const dummyHash = () => hashing.dummyHash(cost);
