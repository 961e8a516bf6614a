/**
 * Enforcement of the protection rules of administrator accounts (contract/admin-rules.ts; SPEC sections 4, 6, 8):
 * the super admin (id 1) can be neither disabled nor deleted, nobody disables or deletes their own
 * account, and the super admin's email and password change only through its own profile. Each failure
 * is a 422 under `errors.status`, `errors.destroy`, `errors.email` or `errors.password`.
 */
import { adminLocks, SUPER_ADMIN_ID } from '../../../contract/admin-rules';
import { fieldError, validationError, type FieldErrors } from '../../lib/errors';

/** @throws AppError 422 errors.status when `targetId` may not be disabled by `actorId` */
export function assertMayDisable(targetId: number, actorId: number): void {
  const reason = adminLocks(targetId, actorId).disable;
  if (reason) throw fieldError('status', reason);
}

/** @throws AppError 422 errors.destroy when `targetId` may not be deleted by `actorId` */
export function assertMayDelete(targetId: number, actorId: number): void {
  const reason = adminLocks(targetId, actorId).remove;
  if (reason) throw fieldError('destroy', reason);
}

/**
 * The super admin's credentials are out of reach of `/api/admins/update/1`, whoever calls it (another
 * administrator, or id 1 itself: it uses `/api/profile/...`). Email compared case-insensitively; a
 * password counts as a change when one is given.
 * @throws AppError 422 errors.email and/or errors.password when `targetId` is the super admin
 */
export function assertSuperAdminCredentialsKept(
  targetId: number,
  change: { currentEmail: string; email: string; password?: string | null },
): void {
  // Whoever the actor is: id 1 itself changes its credentials through the profile.
  const locks = adminLocks(targetId, SUPER_ADMIN_ID);
  const errors: FieldErrors = {};
  if (locks.email && change.email.toLowerCase() !== change.currentEmail.toLowerCase()) errors.email = [locks.email];
  if (locks.password && change.password) errors.password = [locks.password];
  if (Object.keys(errors).length) throw validationError(errors);
}
