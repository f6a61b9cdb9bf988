// Shopper passwords: scrypt at today's cost, through the shared hashing module (runtime/passwords/hashing.ts, which
// also bounds how many hashes run at once).
import * as hashing from '../passwords/hashing';

export const SCRYPT_COST = hashing.SCRYPT_COST;

export const hashPassword = (password: string, cost: hashing.ScryptCost = SCRYPT_COST) => hashing.hashPassword(password, cost);
export const verifyPassword = hashing.verifyPassword;
/** A hash to compare against when the account does not exist, so a sign-in takes as long either way. */
export const dummyHash = () => hashing.dummyHash(SCRYPT_COST);
