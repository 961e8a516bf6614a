/**
 * Password hashing with argon2id via @node-rs/argon2 (OWASP parameters: 19 MiB, 2 iterations, 1 lane, unless the
 * configuration lowers them, as the tests do),
 * and the random password generator used at first start and by `npm run admin:password`.
 */
import crypto from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { PRODUCTION_PASSWORD_HASH_COST, type PasswordHashCost } from '../config';

let cost: PasswordHashCost = PRODUCTION_PASSWORD_HASH_COST;
let dummyHash: Promise<string> | undefined;

/**
 * Sets the cost of the hashes made from now on in this process (the configuration's `passwordHashCost`;
 * the production cost until called). Existing hashes keep their own cost: verification reads it from the hash.
 */
export function setPasswordHashCost(next: PasswordHashCost): void {
  if (next.memoryCost === cost.memoryCost && next.timeCost === cost.timeCost) return;
  cost = { memoryCost: next.memoryCost, timeCost: next.timeCost };
  dummyHash = undefined;
}

/** Hashes a password (PHC string `$argon2id$...`) at the current cost. */
export function hashPassword(plain: string): Promise<string> {
  return hash(plain, { algorithm: 2 /* Argon2id */, memoryCost: cost.memoryCost, timeCost: cost.timeCost, parallelism: 1 });
}

/** Constant-time check of a password against a PHC hash; false on any malformed hash. */
export async function verifyPassword(phc: string, plain: string): Promise<boolean> {
  try {
    return await verify(phc, plain);
  } catch {
    return false;
  }
}

/** A hash of a random value, verified against when the email is unknown (same timing as a real check). */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(crypto.randomBytes(16).toString('hex'));
  return dummyHash;
}

/** A random 20-character password (letters and digits, ~119 bits). */
export function randomPassword(length = 20): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[crypto.randomInt(alphabet.length)];
  return out;
}
