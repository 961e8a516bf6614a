/**
 * Protection rules of administrator accounts (SPEC sections 4, 6, 8; issue 2 point 4):
 * the super admin (id 1) can be neither disabled nor deleted, and nobody disables or deletes
 * their own account. Each failure is a 422 under `errors.status` or `errors.destroy`.
 */
import { fieldError } from '../../http/errors';

export const SUPER_ADMIN_ID = 1;

export const RULE_TEXTS = {
  superDisable: 'Le Super admin ne peut être désactivé',
  superDelete: 'Le Super admin ne peut être effacé',
  selfDisable: 'Vous ne pouvez pas désactiver votre propre compte.',
  selfDelete: 'Vous ne pouvez pas effacer votre propre compte.',
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
