/**
 * Database-backed sessions: any app process can serve any user.
 *
 * The cookie `vigie_session` holds 32 random bytes (base64url); the `sessions` table stores only
 * their SHA-256. A session ends after 12 h, or 2 h without a request, or when its administrator is
 * disabled or deleted; a password change revokes the administrator's other sessions.
 *
 * Second factor: when the administrator has one, the password step creates a row flagged `mfa_pending`
 * that lives 5 minutes and serves no route but the code step (`resolvePendingSession`); the code step
 * replaces it by a full session stamped `mfa_verified_at`.
 */
import crypto from 'node:crypto';
import { and, desc, eq, isNotNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { adminMfa, admins, sessions } from '../db/schema';

export const SESSION_COOKIE = 'vigie_session';

/** The signed-in administrator as routes see it. */
export interface AuthAdmin {
  id: number;
  firstname: string;
  name: string;
  email: string;
  status: number;
  avatarKey: string | null;
  /** A TOTP second factor is enrolled and enabled. */
  mfaEnabled: boolean;
}

/** Lifetime (seconds) of a pending sign-in waiting for its second-factor code. */
export const MFA_PENDING_SECONDS = 300;

/** SHA-256 hex of a cookie token: the session's primary key. */
export function sessionIdOf(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/**
 * Creates a session and returns the cookie token (never stored in clear).
 * @param opts.mfaPending - the password is checked but the second factor is not: a pending sign-in
 * @param opts.mfaVerified - a second-factor code was just accepted (stamps `mfa_verified_at`)
 */
export async function createSession(
  db: Db,
  adminId: number,
  ip: string,
  userAgent: string | undefined,
  opts: { mfaPending?: boolean; mfaVerified?: boolean } = {},
): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    id: sessionIdOf(token),
    adminId,
    ip,
    userAgent: userAgent?.slice(0, 500),
    mfaPending: opts.mfaPending ?? false,
    mfaVerifiedAt: opts.mfaVerified ? sql`now()` : null,
  });
  return token;
}

/**
 * The administrator id of a pending sign-in (cookie token of a row flagged `mfa_pending`, younger than
 * `MFA_PENDING_SECONDS`), or null; an expired pending row is deleted.
 */
export async function resolvePendingSession(db: Db, token: string): Promise<{ sessionId: string; adminId: number } | null> {
  const id = sessionIdOf(token);
  const [row] = await db
    .select({ adminId: sessions.adminId, createdAt: sessions.createdAt, status: admins.status })
    .from(sessions)
    .innerJoin(admins, eq(admins.id, sessions.adminId))
    .where(and(eq(sessions.id, id), eq(sessions.mfaPending, true)));
  if (!row) return null;
  if (Date.now() - row.createdAt.getTime() > MFA_PENDING_SECONDS * 1000 || row.status !== 1) {
    await db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  return { sessionId: id, adminId: row.adminId };
}

/** Stamps `mfa_verified_at` = now on a session (a second-factor code was accepted on it). */
export async function markMfaVerified(db: Db, sessionId: string): Promise<void> {
  await db.update(sessions).set({ mfaVerifiedAt: sql`now()` }).where(eq(sessions.id, sessionId));
}

/** When a second-factor code was last accepted on a session (null: never). */
export async function mfaVerifiedAt(db: Db, sessionId: string): Promise<Date | null> {
  const [row] = await db.select({ at: sessions.mfaVerifiedAt }).from(sessions).where(eq(sessions.id, sessionId));
  return row?.at ?? null;
}

/** A signed-in session of an administrator as « Mes sessions » lists it (pending sign-ins left out). */
export interface SessionRow {
  id: string;
  ip: string | null;
  userAgent: string | null;
  createdAt: Date;
  lastSeenAt: Date;
}

/** The signed-in sessions of an administrator, most recently seen first. */
export function listSessions(db: Db, adminId: number): Promise<SessionRow[]> {
  return db
    .select({ id: sessions.id, ip: sessions.ip, userAgent: sessions.userAgent, createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .where(and(eq(sessions.adminId, adminId), eq(sessions.mfaPending, false)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
}

/** Deletes one session of an administrator; @returns false when it has no such session. */
export async function revokeSession(db: Db, adminId: number, sessionId: string): Promise<boolean> {
  const gone = await db
    .delete(sessions)
    .where(and(eq(sessions.adminId, adminId), eq(sessions.id, sessionId)))
    .returning({ id: sessions.id });
  return gone.length > 0;
}

/**
 * Deletes the session of a cookie token (no error when unknown).
 * @returns the id of the administrator whose session it was, or null when the token named none
 */
export async function destroySession(db: Db, token: string): Promise<number | null> {
  const [gone] = await db.delete(sessions).where(eq(sessions.id, sessionIdOf(token))).returning({ adminId: sessions.adminId });
  return gone?.adminId ?? null;
}

/** Revokes every session of an administrator, except `keepSessionId` when given. */
export async function revokeSessions(db: Db, adminId: number, keepSessionId?: string): Promise<void> {
  await endSessions(db, adminId, keepSessionId);
}

/** `revokeSessions` telling how many sessions it ended (pending sign-ins included). */
export async function endSessions(db: Db, adminId: number, keepSessionId?: string): Promise<number> {
  const gone = await db
    .delete(sessions)
    .where(keepSessionId ? and(eq(sessions.adminId, adminId), ne(sessions.id, keepSessionId)) : eq(sessions.adminId, adminId))
    .returning({ id: sessions.id });
  return gone.length;
}

/**
 * Resolves a cookie token to its active administrator, or null when the session is unknown, pending
 * its second factor, expired (absolute `maxAge` or `idle`, seconds) or its administrator is disabled.
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
        mfaEnabled: sql<boolean>`(${adminMfa.enabledAt} is not null)`,
      },
    })
    .from(sessions)
    .innerJoin(admins, eq(admins.id, sessions.adminId))
    .leftJoin(adminMfa, and(eq(adminMfa.adminId, sessions.adminId), isNotNull(adminMfa.enabledAt)))
    .where(and(eq(sessions.id, id), eq(sessions.mfaPending, false)))
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
  return { sessionId: id, admin: { ...row.admin, mfaEnabled: Boolean(row.admin.mfaEnabled) } };
}

/** Removes expired sessions (called at start and hourly). */
export async function purgeExpiredSessions(db: Db, limits: { maxAge: number; idle: number }): Promise<void> {
  await db
    .delete(sessions)
    .where(
      or(
        lt(sessions.createdAt, sql`now() - make_interval(secs => ${limits.maxAge})`),
        lt(sessions.lastSeenAt, sql`now() - make_interval(secs => ${limits.idle})`),
        and(eq(sessions.mfaPending, true), lt(sessions.createdAt, sql`now() - make_interval(secs => ${MFA_PENDING_SECONDS})`)),
      ),
    );
}
