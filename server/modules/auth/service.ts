/**
 * Credential check for `POST /api/login` (CONVENTIONS.md section 3): throttled (the attempt is counted
 * before the password is verified), timing-safe for unknown emails, and a disabled account
 * is only revealed to someone who knows its password.
 */
import type { Db } from '../../db/client';
import { AppError, fieldError } from '../../lib/errors';
import { dummyPasswordHash, verifyPassword } from '../../lib/password';
import { findAdminByEmail } from '../admins';
import { clearFailures, takeAttempt, throttledMessage, throttleKey } from './throttle';

export const LOGIN_TEXTS = {
  failed: 'Ces identifiants ne correspondent pas à nos enregistrements.',
  disabled: 'Ce compte est désactivé.',
  throttled: (s: number) => throttledMessage(' de connexion', s),
};

/**
 * Returns the administrator matching the credentials.
 * @throws AppError 429 from the 6th attempt in a minute for one email and IP, 422 errors.email on wrong
 *   credentials or a disabled account
 */
export async function checkCredentials(db: Db, email: string, password: string, ip: string) {
  const key = throttleKey(email, ip);
  const attempt = await takeAttempt(db, key);
  if (!attempt.allowed) throw new AppError(429, LOGIN_TEXTS.throttled(attempt.retryAfter));
  const admin = await findAdminByEmail(db, email);
  const ok = await verifyPassword(admin?.passwordHash ?? (await dummyPasswordHash()), password);
  if (!admin || !ok) throw fieldError('email', LOGIN_TEXTS.failed);
  if (admin.status !== 1) throw fieldError('email', LOGIN_TEXTS.disabled);
  await clearFailures(db, key);
  return admin;
}
