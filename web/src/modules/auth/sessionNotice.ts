/**
 * The "session expired" notice: set when a call answers 401 while the user was
 * signed in, shown once by the /login page ('Votre session a expiré, reconnectez-vous.') in place of
 * an error toast, then cleared.
 */

/** Text of the notice on /login. */
export const SESSION_EXPIRED_TEXT = 'Votre session a expiré, reconnectez-vous.';

let expired = false;

/** Records that the signed-in user's session ended (a 401 answer). */
export function markSessionExpired(): void {
  expired = true;
}

/** True when the session ended since the notice was last shown. */
export function isSessionExpired(): boolean {
  return expired;
}

/** Forgets the notice (the /login page showed it). */
export function clearSessionExpired(): void {
  expired = false;
}
