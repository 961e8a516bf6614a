/** Texts of a group's SIRENs: add success and failure toasts, remove confirmation (SPEC sections 4 and 8). */
import { ADD_SIRENS_BODY_BYTES, MAX_SIRENS_PER_CALL } from '../../../../contract/limits';

/** Toast after SIRENs were added to a group (SPEC section 8). */
export const SIRENS_ADDED = 'Les sirens ont été mis à jour avec succès.';
/** Toast when adding SIRENs failed (SPEC section 8; note the full stop, unlike the generic text). */
export const SIRENS_FAILED = 'Une erreur est survenue.';
/** Confirmation before removing a SIREN from a group (SPEC section 4). */
export const CONFIRM_REMOVE_SIREN = 'Voulez-vous vraiment effacer ce siren ?';
/**
 * Shown when the server refuses the list as too large (413), with the limits of contract/limits.ts:
 * 'La liste est trop volumineuse : 200 000 sirens au plus par envoi (8 Mo).'
 */
export const SIRENS_TOO_LARGE = `La liste est trop volumineuse\u00a0: ${MAX_SIRENS_PER_CALL.toLocaleString('fr-FR')} sirens au plus par envoi (${
  ADD_SIRENS_BODY_BYTES / (1024 * 1024)
}\u00a0Mo).`;
