/** Shared toast texts: the success text and the generic error text (SPEC section 8). */

/** Success toast text shared by every mutation. */
export const SUCCESS_TEXT = 'Opération effectuée avec succès!';
export { GENERIC_ERROR } from '../../api/errors';
