/**
 * Text shown above a list whose call failed: a page too deep in a long result
 * (422 `errors.page`, « … affinez la recherche ou inversez le tri. ») and a query stopped by the server's
 * time limit (503) tell the user what to do; anything else is the generic 'Une erreur est survenue!'.
 */
import { ApiError, GENERIC_ERROR } from '../../api/errors';

/** The alert text of a failed list call. */
export function listErrorText(error: unknown): string {
  if (!(error instanceof ApiError)) return GENERIC_ERROR;
  if (error.status === 422) return error.firstError('page') ?? GENERIC_ERROR;
  if (error.status === 503 && error.message) return error.message;
  return GENERIC_ERROR;
}
