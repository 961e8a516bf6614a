/**
 * Starts a page's data with its code: the session probe as soon as any signed-in route is entered, and a module route's `prefetch`
 * (see `ModuleRoute`) once the probe says someone is signed in, both from React Router loaders, which run
 * when a navigation starts (and at the first load, while the lazy chunks are still downloading), not when
 * the page renders. A signed-out visitor triggers no call other than the probe.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction, RouteObject } from 'react-router';
import type { Profile } from '../api/types';
import { authUserQuery } from '../modules/auth/api';
import type { ModuleRoute, RoutePrefetch } from '../modules/module';

/** The signed-in user: the cached session probe, or the probe started now; null when signed out or on failure. */
export function signedInUser(queryClient: QueryClient): Promise<Profile | null> {
  return queryClient.ensureQueryData(authUserQuery).catch(() => null);
}

/** Loader of the signed-in area: starts the session probe (cached for the session) and returns at once. */
export function sessionProbeLoader(queryClient: QueryClient): LoaderFunction {
  return () => {
    void signedInUser(queryClient);
    return null;
  };
}

/** Runs `prefetch` for `url` once the session probe says someone is signed in; returns at once. */
export function startPrefetch(queryClient: QueryClient, prefetch: RoutePrefetch, url: URL): void {
  void signedInUser(queryClient).then((user) => {
    if (user) prefetch(queryClient, url);
  });
}

/**
 * The React Router route of a module route: its `prefetch` (if any) becomes a loader that starts it and
 * returns at once (the page never waits for it: it renders as soon as its code is there).
 */
export function withPrefetchLoader(route: ModuleRoute, queryClient: QueryClient): RouteObject {
  const { prefetch, ...rest } = route;
  if (!prefetch) return rest as RouteObject;
  const loader: LoaderFunction = ({ request }) => {
    startPrefetch(queryClient, prefetch, new URL(request.url));
    return null;
  };
  return { ...rest, loader } as RouteObject;
}
