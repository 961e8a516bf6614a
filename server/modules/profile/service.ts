/**
 * The signed-in administrator's own profile (SPEC "Profile", section 7): identity, password, avatar. Each write
 * records its route's audit entry in its transaction (server/lib/audit.ts `auditedWrite`): the identity with its
 * fields before → after, the password as changed (masked).
 */
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { adminAvatars, admins } from '../../db/schema';
import { auditedWrite, diffChanges, REDACTED } from '../../lib/audit';
import { AppError, fieldError, validationError } from '../../lib/errors';
import { revokeSessions } from '../../http/session';
import { isUniqueViolation } from '../../db/errors';
import { hashPassword, verifyPassword } from '../../lib/password';
import { findAdminByEmail, getAdmin } from '../admins';
import { clearFailures, passwordThrottleKey, takeAttempt, throttledMessage } from '../auth';
import { normaliseAvatar } from './avatar';

const EMAIL_TAKEN = 'Cet email est déjà utilisé par un autre administrateur.';

/** Updates firstname, name and email. @throws AppError 422 errors.email when taken */
export async function updateProfile(db: Db, adminId: number, input: { firstname?: string; name: string; email: string }) {
  const other = await findAdminByEmail(db, input.email);
  if (other && other.id !== adminId) throw fieldError('email', EMAIL_TAKEN);
  const identity = (r: { firstname: string; name: string; email: string }) => ({ firstname: r.firstname, name: r.name, email: r.email });
  try {
    return await auditedWrite(
      db,
      async (tx) => {
        const [before] = await tx.select().from(admins).where(eq(admins.id, adminId)).for('update');
        const [row] = await tx
          .update(admins)
          .set({ ...(input.firstname === undefined ? {} : { firstname: input.firstname }), name: input.name, email: input.email, updatedAt: new Date() })
          .where(eq(admins.id, adminId))
          .returning();
        return { before, row };
      },
      ({ before, row }) => ({ changes: diffChanges(identity(before), identity(row)) }),
    ).then(({ row }) => row);
  } catch (err) {
    if (isUniqueViolation(err, 'admins_email_lower_uq')) throw fieldError('email', EMAIL_TAKEN);
    throw err;
  }
}

/**
 * Changes the password after checking the current one; other sessions are revoked. The check is
 * throttled like sign-in: the attempt is counted per administrator and IP before the
 * current password is verified, a right current password clears the count.
 * @throws AppError 429 from the 6th attempt in a minute, 422 errors.current (wrong current) or
 *   errors.password_confirmation (mismatch)
 */
export async function changePassword(
  db: Db,
  actor: { id: number; sessionId?: string; ip: string },
  input: { current: string; password: string; password_confirmation: string },
): Promise<void> {
  const key = passwordThrottleKey(actor.id, actor.ip);
  const attempt = await takeAttempt(db, key);
  if (!attempt.allowed) throw new AppError(429, throttledMessage('', attempt.retryAfter));
  const admin = await getAdmin(db, actor.id);
  const errors: Record<string, string[]> = {};
  if (await verifyPassword(admin.passwordHash, input.current)) await clearFailures(db, key);
  else errors.current = ['Le mot de passe actuel est incorrect.'];
  if (input.password !== input.password_confirmation) {
    errors.password_confirmation = ['La confirmation ne correspond pas au nouveau mot de passe.'];
  }
  if (Object.keys(errors).length) throw validationError(errors);
  const passwordHash = await hashPassword(input.password);
  await auditedWrite(
    db,
    async (tx) => {
      await tx.update(admins).set({ passwordHash, updatedAt: new Date() }).where(eq(admins.id, actor.id));
      await revokeSessions(tx, actor.id, actor.sessionId);
    },
    () => ({ changes: { password: [REDACTED, REDACTED] } }),
  );
}

/** Stores a new avatar (re-encoded) under a fresh random key; returns the key. */
export async function setAvatar(db: Db, adminId: number, upload: Buffer): Promise<string> {
  const image = await normaliseAvatar(upload);
  const avatarKey = `${adminId}-${crypto.randomBytes(12).toString('base64url')}`;
  await auditedWrite(db, async (tx) => {
    await tx
      .insert(adminAvatars)
      .values({ adminId, avatarKey, image })
      .onConflictDoUpdate({ target: adminAvatars.adminId, set: { avatarKey, image, updatedAt: new Date() } });
    await tx.update(admins).set({ avatarKey, updatedAt: new Date() }).where(eq(admins.id, adminId));
  });
  return avatarKey;
}

/** Removes the avatar (the default one shows again). */
export async function removeAvatar(db: Db, adminId: number): Promise<void> {
  await auditedWrite(db, async (tx) => {
    await tx.delete(adminAvatars).where(eq(adminAvatars.adminId, adminId));
    await tx.update(admins).set({ avatarKey: null, updatedAt: new Date() }).where(eq(admins.id, adminId));
  });
}

/** The WebP bytes of an avatar key, or undefined. */
export async function avatarImage(db: Db, avatarKey: string): Promise<Buffer | undefined> {
  const [row] = await db.select({ image: adminAvatars.image }).from(adminAvatars).where(eq(adminAvatars.avatarKey, avatarKey));
  return row?.image;
}
