/**
 * Protection rules of administrator accounts (SPEC sections 4, 6, 8; issue 2 point 4; issue 6, 1.2):
 * the super admin (id 1) can be neither disabled nor deleted, nobody disables or deletes their own
 * account, and the super admin's email and password change only through its own profile. Each failure
 * is a 422 under `errors.status`, `errors.destroy`, `errors.email` or `errors.password`.
 */
import { fieldError, validationError, type FieldErrors } from '../../http/errors';

export const SUPER_ADMIN_ID = 1;

export const RULE_TEXTS = {
  superDisable: 'Le Super admin ne peut être désactivé',
  superDelete: 'Le Super admin ne peut être effacé',
  selfDisable: 'Vous ne pouvez pas désactiver votre propre compte.',
  selfDelete: 'Vous ne pouvez pas effacer votre propre compte.',
  superEmail: 'Seul le Super admin peut changer son email, depuis son profil.',
  superPassword: 'Seul le Super admin peut changer son mot de passe, depuis son profil.',
} as const;

/** @throws AppError 422 errors.status when `targetId` may not be disabled by `actorId` */
export function assertMayDisable(targetId: number, actorId: number): void {
  if (targetId === SUPER_ADMIN_ID) throw fieldError('status', RULE_TEXTS.superDisable);
  if (targetId === actorId) throw fieldError('status', RULE_TEXTS.selfDisable);
}

/** @throws AppError 422 errors.destroy when `targetId` may not be deleted by `actorId` */
export function assertMayDelete(targetId: number, actorId: number): void {
  if (targetId === SUPER_ADMIN_ID) throw fieldError('destroy', RULE_TEXTS.superDelete);
  if (targetId === actorId) throw fieldError('destroy', RULE_TEXTS.selfDelete);
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
  if (targetId !== SUPER_ADMIN_ID) return;
  const errors: FieldErrors = {};
  if (change.email.toLowerCase() !== change.currentEmail.toLowerCase()) errors.email = [RULE_TEXTS.superEmail];
  if (change.password) errors.password = [RULE_TEXTS.superPassword];
  if (Object.keys(errors).length) throw validationError(errors);
}
