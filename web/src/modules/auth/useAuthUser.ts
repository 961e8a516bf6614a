/** `useAuthUser`: session probe query of the signed-in user, cached for the session. */
import { useQuery } from '@tanstack/react-query';
import { authUserQuery } from './api';

/**
 * The session probe (GET /api/profile/getAuthUser, cached for the session): `data` is the
 * profile, null when signed out, undefined while loading. Pages read the user through
 * `useCurrentUser()` instead.
 */
export function useAuthUser() {
  return useQuery(authUserQuery);
}
