/**
 * Password hashing with argon2id (OWASP parameters: 19 MiB, 2 iterations, 1 lane) via @node-rs/argon2,
 * and the random password generator used at first start and by `npm run admin:password`.
 */
import crypto from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

const OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a password (PHC string `$argon2id$...`). */
export function hashPassword(plain: string): Promise<string> {
  return hash(plain, OPTIONS);
}

/** Constant-time check of a password against a PHC hash; false on any malformed hash. */
export async function verifyPassword(phc: string, plain: string): Promise<boolean> {
  try {
    return await verify(phc, plain);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

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
