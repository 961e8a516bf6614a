/**
 * The first thing the browser runs: before the app's own code (antd, the providers,
 * the router) has even downloaded, it matches the address against the module registry's routes and
 * starts, for the page being opened,
 * - the download of its lazy chunk(s) (the page, and the signed-in shell for a shell route), through the
 *   routes' own `lazy` loaders, which React Router then finds already loaded;
 * - the session probe, then the route's `prefetch` (its first queries) for a signed-in user only.
 * It holds no antd and no React rendering, so that its own code is small and runs early.
 */
import { matchRoutes, type RouteObject } from 'react-router';
import { publicRoutes, shellRoutes } from '../modules/registry';
import type { ModuleRoute } from '../modules/module';
import { queryClient } from './queryClient';
import { signedInUser, startPrefetch } from './routePrefetch';

/** Loads the signed-in shell's chunk (the same module React Router's shell route loads lazily). */
export const loadShell = () => import('./layout/AppLayout');

/** Starts a route's lazy loader, ignoring its result and errors (React Router calls it again and reports them). */
function startLazy(route: RouteObject): void {
  if (typeof route.lazy === 'function') void Promise.resolve(route.lazy()).catch(() => undefined);
}

/**
 * Starts, for the page at `location`, its chunk(s) and (signed-in area only, after the session probe) its
 * data. Returns at once; never throws.
 */
export function startEarly(location: Pick<Location, 'pathname' | 'search' | 'href'>): void {
  try {
    const publicMatch = matchRoutes([{ path: '/', children: publicRoutes() }], location);
    const page = publicMatch?.[publicMatch.length - 1]?.route;
    if (page && page.path !== '/') {
      startLazy(page);
      return;
    }
    void loadShell().catch(() => undefined);
    void signedInUser(queryClient);
    const shellMatch = matchRoutes([{ path: '/', children: shellRoutes() }], location);
    const route = shellMatch?.[shellMatch.length - 1]?.route as ModuleRoute | undefined;
    if (!route || route.path === '/') return;
    startLazy(route);
    if (route.prefetch) startPrefetch(queryClient, route.prefetch, new URL(location.href));
  } catch {
    /* an early start is only a head start: the router does the same work a moment later */
  }
}
