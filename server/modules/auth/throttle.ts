/**
 * Sign-in throttle (CONVENTIONS.md section 3): after 5 failures in one minute for one email and IP,
 * the next attempt answers 429 until the minute has passed. Kept in the database so every app
 * process sees the same counts. The key is a SHA-256 of `email|ip` (no address stored in clear).
 */
import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginThrottle } from '../../db/schema';

export const MAX_FAILURES = 5;
export const WINDOW_SECONDS = 60;

/** Throttle key of an (email, IP) pair. */
export function throttleKey(email: string, ip: string): string {
  return crypto.createHash('sha256').update(`${email.toLowerCase()}|${ip}`).digest('hex');
}

/** Seconds until a new attempt is allowed, or 0 when attempts are allowed now. */
export async function lockedFor(db: Db, key: string): Promise<number> {
  const [row] = await db
    .select({
      failures: loginThrottle.failures,
      left: sql<number>`ceil(extract(epoch from (${loginThrottle.windowStart} + make_interval(secs => ${WINDOW_SECONDS}) - now())))::int`,
    })
    .from(loginThrottle)
    .where(eq(loginThrottle.key, key));
  if (!row || row.left <= 0 || row.failures < MAX_FAILURES) return 0;
  return Number(row.left);
}

/** Counts one failure in the current window (a new window starts when the last one is over). */
export async function recordFailure(db: Db, key: string): Promise<void> {
  await db.execute(sql`
    insert into login_throttle (key, failures, window_start) values (${key}, 1, now())
    on conflict (key) do update set
      failures = case when login_throttle.window_start < now() - make_interval(secs => ${WINDOW_SECONDS}) then 1 else login_throttle.failures + 1 end,
      window_start = case when login_throttle.window_start < now() - make_interval(secs => ${WINDOW_SECONDS}) then now() else login_throttle.window_start end`);
}

/** Forgets the failures of a key after a successful sign-in. */
export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, key));
}
