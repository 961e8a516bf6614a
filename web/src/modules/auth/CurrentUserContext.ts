/** React context of the signed-in user and the `useCurrentUser` hook reading it inside the guarded area. */
import { createContext, useContext } from 'react';
import type { Profile } from '../../api/types';

/** The signed-in user, provided by the route guard to everything it renders. */
export const CurrentUserContext = createContext<Profile | null>(null);

/**
 * The signed-in user inside the guarded part of the app. Comes from the guard (not from the
 * query directly), so a page never renders with a null user while signing out.
 */
export function useCurrentUser(): Profile {
  const user = useContext(CurrentUserContext);
  if (!user) throw new Error('useCurrentUser() used outside <RequireAuth>');
  return user;
}
