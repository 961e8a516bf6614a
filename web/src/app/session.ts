/**
 * Session-loss handling: on any 401 answer, forget the cached user and redirect to
 * /login?redirect=<current path>, which says that the session expired when the user was signed in
 *.
 */
import type { QueryClient } from '@tanstack/react-query';
import { setMfaHandlers, setUnauthorizedHandler } from '../api/client';
import { loginUrl } from '../lib/redirect';
import { AUTH_USER_KEY } from '../modules/auth/api';
import { markSessionExpired } from '../modules/auth/sessionNotice';
import { askStepUpCode } from '../modules/auth/stepUp';

/** Minimal router surface used here (the data router's `navigate`). */
interface Navigator {
  navigate: (to: string, options?: { replace?: boolean }) => unknown;
}

/**
 * Wires the HTTP client's 401 handling: when a user was signed in, note that the session expired
 * (the /login page says so); forget the cached user and go to /login?redirect=<current path>
 * (unless already on /login). The second-factor answers: a step-up asks for a code in a modal; an enrolment
 * required (MFA_REQUIRED) goes to the « Double authentification » section of /profile.
 */
export function installSessionHandling(queryClient: QueryClient, router: Navigator): void {
  setUnauthorizedHandler(() => {
    if (queryClient.getQueryData(AUTH_USER_KEY)) markSessionExpired();
    queryClient.setQueryData(AUTH_USER_KEY, null);
    const { pathname, search } = window.location;
    if (pathname !== '/login') void router.navigate(loginUrl(pathname + search), { replace: true });
  });
  setMfaHandlers({
    stepUp: askStepUpCode,
    enrolmentRequired: () => {
      if (window.location.pathname !== '/profile') void router.navigate('/profile#double-authentification', { replace: true });
    },
  });
}
