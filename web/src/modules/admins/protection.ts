/**
 * What the administrators' UI refuses to offer (issue 7 section 3), mirroring the server's rules
 * (server/modules/admins/rules.ts, which stay): the super admin (id 1) can be neither disabled nor
 * deleted (SPEC sections 4, 6 and 8, with the spec's texts), and nobody disables or deletes their own account.
 */

/** Id of the super admin (SPEC section 9). */
export const SUPER_ADMIN_ID = 1;

/** The reasons, as the server words them (the first two are the spec's texts). */
export const PROTECTION_TEXTS = {
  superDisable: 'Le Super admin ne peut être désactivé',
  superDelete: 'Le Super admin ne peut être effacé',
  selfDisable: 'Vous ne pouvez pas désactiver votre propre compte.',
  selfDelete: 'Vous ne pouvez pas effacer votre propre compte.',
} as const;

/** Why an administrator may not be disabled or deleted by the signed-in one; undefined: allowed. */
export interface AdminLocks {
  disable?: string;
  remove?: string;
}

/** The locks of administrator `adminId` for the signed-in administrator `currentUserId`. */
export function adminLocks(adminId: number | null, currentUserId: number): AdminLocks {
  if (adminId === SUPER_ADMIN_ID) return { disable: PROTECTION_TEXTS.superDisable, remove: PROTECTION_TEXTS.superDelete };
  if (adminId === currentUserId) return { disable: PROTECTION_TEXTS.selfDisable, remove: PROTECTION_TEXTS.selfDelete };
  return {};
}
