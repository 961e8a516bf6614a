/**
 * Protection rules of administrator accounts, one source for the server, which enforces them, and the
 * web, which stops offering what the server refuses (SPEC sections 4, 6 and 8). The super admin (id 1, SPEC section 9) can be neither disabled nor deleted, nobody disables
 * or deletes their own account, and the super admin's email and password change only through its own
 * profile. Pure and free of zod, so the web may import it as a value.
 */

/** Id of the super admin (SPEC section 9). */
export const SUPER_ADMIN_ID = 1;

/** The reasons as the server words them (the first two are the spec's texts). */
export const ADMIN_RULE_TEXTS = {
  superDisable: 'Le Super admin ne peut être désactivé',
  superDelete: 'Le Super admin ne peut être effacé',
  selfDisable: 'Vous ne pouvez pas désactiver votre propre compte.',
  selfDelete: 'Vous ne pouvez pas effacer votre propre compte.',
  superEmail: 'Seul le Super admin peut changer son email, depuis son profil.',
  superPassword: 'Seul le Super admin peut changer son mot de passe, depuis son profil.',
} as const;

/** Why an administrator's account may not be disabled, deleted, or get a new email or password here; undefined: allowed. */
export interface AdminLocks {
  disable?: string;
  remove?: string;
  /** Through `/api/admins/update/{id}` (the profile is another route). */
  email?: string;
  /** Through `/api/admins/update/{id}` (the profile is another route). */
  password?: string;
}

/** The locks of administrator `targetId` for the signed-in administrator `actorId` (`null` target: a new one, no lock). */
export function adminLocks(targetId: number | null, actorId: number): AdminLocks {
  const t = ADMIN_RULE_TEXTS;
  if (targetId === SUPER_ADMIN_ID) return { disable: t.superDisable, remove: t.superDelete, email: t.superEmail, password: t.superPassword };
  if (targetId === actorId) return { disable: t.selfDisable, remove: t.selfDelete };
  return {};
}
