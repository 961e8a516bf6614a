/**
 * Session calls: POST /api/login (then POST /api/login/code when the administrator has a second factor),
 * POST /api/logout and the session probe GET /api/profile/getAuthUser (SPEC section 7 'Profile').
 */
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { loginChallengeResponse } from '../../../../contract/mfa';
import { isApiError, ok, sessionApi } from '../../api/client';
import type { Profile } from '../../api/types';

/** Credentials of POST /api/login. */
export interface Credentials {
  email: string;
  password: string;
}

/** Query key of the signed-in user (null when signed out). */
export const AUTH_USER_KEY = ['auth', 'user'] as const;

/** The signed-in user, or null when the session is missing (401). */
export async function fetchAuthUser(signal?: AbortSignal): Promise<Profile | null> {
  try {
    return await ok(sessionApi.GET('/api/profile/getAuthUser', { signal }));
  } catch (error) {
    if (isApiError(error, 401)) return null;
    throw error;
  }
}

/**
 * Query options of the session probe, shared by `useAuthUser` and the routes that start it before the
 * shell has loaded: cached for the session (`staleTime: Infinity`), never retried.
 */
export const authUserQuery = queryOptions<Profile | null>({
  queryKey: AUTH_USER_KEY,
  queryFn: ({ signal }) => fetchAuthUser(signal),
  staleTime: Infinity,
  retry: false,
});

/** Answer of the password step when a code is needed next (202). */
export type LoginChallenge = z.output<typeof loginChallengeResponse>;

/** True for the 202 answer of the password step (a second-factor code is needed next). */
export function isChallenge(answer: Profile | LoginChallenge): answer is LoginChallenge {
  return (answer as LoginChallenge).two_factor === true;
}

/** Signs in (422 errors.email on wrong credentials, 429 when throttled); a challenge when a code is needed. */
export function login(credentials: Credentials): Promise<Profile | LoginChallenge> {
  return ok(sessionApi.POST('/api/login', { body: credentials }));
}

/** Second step of a sign-in: a 6-digit code or a recovery code (422 errors.code, 429 when throttled). */
export function loginCode(code: string): Promise<Profile> {
  return ok(sessionApi.POST('/api/login/code', { body: { code } }));
}

/** Ends the session (204). */
export async function logout(): Promise<void> {
  await ok(sessionApi.POST('/api/logout'));
}
