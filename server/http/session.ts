/**
 * Database-backed sessions: any app process can serve any user.
 *
 * The cookie `vigie_session` holds 32 random bytes (base64url); the `sessions` table stores only
 * their SHA-256. A session ends after 12 h, or 2 h without a request, or when its administrator is
 * disabled or deleted; a password change revokes the administrator's other sessions.
 */
import crypto from 'node:crypto';
import { and, eq, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { admins, sessions } from '../db/schema';

export const SESSION_COOKIE = 'vigie_session';

/** The signed-in administrator as routes see it. */
export interface AuthAdmin {
  id: number;
  firstname: string;
  name: string;
  email: string;
  status: number;
  avatarKey: string | null;
}

/** SHA-256 hex of a cookie token: the session's primary key. */
export function sessionIdOf(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/** Creates a session and returns the cookie token (never stored in clear). */
export async function createSession(db: Db, adminId: number, ip: string, userAgent: string | undefined): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await db.insert(sessions).values({ id: sessionIdOf(token), adminId, ip, userAgent: userAgent?.slice(0, 500) });
  return token;
}

/** Deletes the session of a cookie token (no error when unknown). */
export async function destroySession(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionIdOf(token)));
}

/** Revokes every session of an administrator, except `keepSessionId` when given. */
export async function revokeSessions(db: Db, adminId: number, keepSessionId?: string): Promise<void> {
  await db
    .delete(sessions)
    .where(keepSessionId ? and(eq(sessions.adminId, adminId), ne(sessions.id, keepSessionId)) : eq(sessions.adminId, adminId));
}

/**
 * Resolves a cookie token to its active administrator, or null when the session is unknown,
 * expired (absolute `maxAge` or `idle`, seconds) or its administrator is disabled.
 * Touches `last_seen_at` at most once a minute to keep the idle clock without a write per request.
 */
export async function resolveSession(
  db: Db,
  token: string,
  limits: { maxAge: number; idle: number },
): Promise<{ sessionId: string; admin: AuthAdmin } | null> {
  const id = sessionIdOf(token);
  const rows = await db
    .select({
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      admin: {
        id: admins.id,
        firstname: admins.firstname,
        name: admins.name,
        email: admins.email,
        status: admins.status,
        avatarKey: admins.avatarKey,
      },
    })
    .from(sessions)
    .innerJoin(admins, eq(admins.id, sessions.adminId))
    .where(eq(sessions.id, id))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  const now = Date.now();
  const expired =
    now - row.createdAt.getTime() > limits.maxAge * 1000 || now - row.lastSeenAt.getTime() > limits.idle * 1000;
  if (expired || row.admin.status !== 1) {
    await db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  if (now - row.lastSeenAt.getTime() > 60_000) {
    await db.update(sessions).set({ lastSeenAt: sql`now()` }).where(eq(sessions.id, id));
  }
  return { sessionId: id, admin: row.admin };
}

/** Removes expired sessions (called at start and hourly). */
export async function purgeExpiredSessions(db: Db, limits: { maxAge: number; idle: number }): Promise<void> {
  await db
    .delete(sessions)
    .where(
      or(
        lt(sessions.createdAt, sql`now() - make_interval(secs => ${limits.maxAge})`),
        lt(sessions.lastSeenAt, sql`now() - make_interval(secs => ${limits.idle})`),
      ),
    );
}
