/**
 * Session-loss handling: on any 401 answer, forget the cached user and redirect to
 * /login?redirect=<current path>, which says that the session expired when the user was signed in
 *.
 */
import type { QueryClient } from '@tanstack/react-query';
import { setUnauthorizedHandler } from '../api/client';
import { loginUrl } from '../lib/redirect';
import { AUTH_USER_KEY } from '../modules/auth/api';
import { markSessionExpired } from '../modules/auth/sessionNotice';

/** Minimal router surface used here (the data router's `navigate`). */
interface Navigator {
  navigate: (to: string, options?: { replace?: boolean }) => unknown;
}

/**
 * Wires the HTTP client's 401 handling: when a user was signed in, note that the session expired
 * (the /login page says so); forget the cached user and go to /login?redirect=<current path>
 * (unless already on /login).
 */
export function installSessionHandling(queryClient: QueryClient, router: Navigator): void {
  setUnauthorizedHandler(() => {
    if (queryClient.getQueryData(AUTH_USER_KEY)) markSessionExpired();
    queryClient.setQueryData(AUTH_USER_KEY, null);
    const { pathname, search } = window.location;
    if (pathname !== '/login') void router.navigate(loginUrl(pathname + search), { replace: true });
  });
}
