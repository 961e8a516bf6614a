/**
 * Maps a failed API call to the text shown to the user: first 422 field message,
 * server message on 404/429, else the generic text (SPEC section 8).
 */
import { ApiError, GENERIC_ERROR } from '../../api/errors';

/**
 * Text to show for a failed call: on a 422, the first message of `errors[field]`
 * (or of the first field with messages, or the answer's message); on a 429 or 404, the
 * server's message; anything else gives the generic 'Une erreur est survenue!'.
 */
export function errorText(error: unknown, field?: string): string {
  if (!(error instanceof ApiError)) return GENERIC_ERROR;
  if (error.status === 422) {
    if (field) {
      const first = error.firstError(field);
      if (first) return first;
    }
    const any = Object.values(error.errors).find((messages) => messages?.length);
    return any?.[0] ?? error.message;
  }
  if (error.status === 429 || error.status === 404) return error.message;
  return GENERIC_ERROR;
}
