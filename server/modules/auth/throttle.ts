/**
 * Attempt throttle (CONVENTIONS.md section 3): at most 5 attempts in one minute
 * per key; the 6th answers 429 until the minute has passed, and a success forgets the key.
 *
 * The attempt is taken and counted in ONE statement (`INSERT … ON CONFLICT … DO UPDATE … RETURNING`)
 * BEFORE the secret is verified, so parallel requests cannot all read a low count and pass: the row
 * lock of the upsert serialises them. Kept in the database so every app process sees the same counts.
 * Keys are SHA-256 of `<scope>|<parts…>` (no address or email stored in clear):
 * - sign-in: `email|ip` (email lower-cased), see `throttleKey`;
 * - password change: `password|<admin id>|ip`, see `passwordThrottleKey`.
 */
import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginThrottle } from '../../db/schema';
import { rowsOf } from '../../db/rows';

export const MAX_FAILURES = 5;
export const WINDOW_SECONDS = 60;

/** Throttle key of a sign-in (email, IP) pair. */
export function throttleKey(email: string, ip: string): string {
  return crypto.createHash('sha256').update(`${email.toLowerCase()}|${ip}`).digest('hex');
}

/** Throttle key of the current-password check of one administrator from one IP. */
export function passwordThrottleKey(adminId: number, ip: string): string {
  return crypto.createHash('sha256').update(`password|${adminId}|${ip}`).digest('hex');
}

/**
 * Takes one attempt for `key` atomically: counts it in the current window (a new window starts when
 * the last one is over) and tells whether it may proceed.
 * @returns `{allowed: true}`, or `{allowed: false, retryAfter}` (seconds, >= 1) from the 6th attempt of a window
 */
export async function takeAttempt(db: Db, key: string): Promise<{ allowed: true } | { allowed: false; retryAfter: number }> {
  const expired = sql`login_throttle.window_start < now() - make_interval(secs => ${WINDOW_SECONDS})`;
  const [row] = await rowsOf<{ attempts: number; left: number }>(db, sql`
    insert into login_throttle (key, failures, window_start) values (${key}, 1, now())
    on conflict (key) do update set
      failures = case when ${expired} then 1 else login_throttle.failures + 1 end,
      window_start = case when ${expired} then now() else login_throttle.window_start end
    returning failures as attempts,
      ceil(extract(epoch from (window_start + make_interval(secs => ${WINDOW_SECONDS}) - now())))::int as left`);
  if (Number(row.attempts) <= MAX_FAILURES) return { allowed: true };
  return { allowed: false, retryAfter: Math.max(1, Number(row.left)) };
}

/**
 * The French 429 message of a throttled attempt, e.g. `Trop de tentatives de connexion. Veuillez réessayer
 * dans 42 secondes.` (`subject` ' de connexion' or ''); `seconds` >= 1, singular for 1.
 */
export function throttledMessage(subject: string, seconds: number): string {
  return `Trop de tentatives${subject}. Veuillez réessayer dans ${seconds} seconde${seconds > 1 ? 's' : ''}.`;
}

/** Forgets the attempts of a key after a success. */
export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, key));
}
