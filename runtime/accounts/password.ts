// Shopper passwords: scrypt at today's cost, through the shared hashing module (runtime/passwords/hashing.ts, which
// also bounds how many hashes run at once).
import * as hashing from '../passwords/hashing';

export const SCRYPT_COST = hashing.SCRYPT_COST;
let cost: hashing.ScryptCost = { ...SCRYPT_COST };

/** Suites that sign up many shoppers lower the cost (a hash takes seconds on a busy machine); never in production. */
export function setShopperPasswordCostForTests(next: hashing.ScryptCost = SCRYPT_COST) {
  cost = { ...next };
}

export const hashPassword = (password: string, hashCost: hashing.ScryptCost = cost) => hashing.hashPassword(password, hashCost);
export const verifyPassword = hashing.verifyPassword;
/** A hash to compare against when the account does not exist, so a sign-in takes as long either way. */
export const dummyHash = () => hashing.dummyHash(cost);
