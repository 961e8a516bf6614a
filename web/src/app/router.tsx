/**
 * React Router tree of the app (SPEC section 2 routes): the public routes of the module registry
 * (/login), then the guarded, lazily loaded shell gathering every module's routes, / redirecting to
 * /home, and a 404 fallback. The shell's loader starts the session probe and each route's `prefetch` its
 * page's first queries, while the lazy chunks download.
 */
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { lazyPage } from '../lib/lazyPage';
import { publicRoutes, shellRoutes } from '../modules/registry';
import { loadShell } from './earlyStart';
import { FullPageSpin } from './FullPageSpin';
import { queryClient } from './queryClient';
import { RequireAuth } from './RequireAuth';
import { RouteError } from './RouteError';
import { sessionProbeLoader, withPrefetchLoader } from './routePrefetch';

/** Routes of the signed-in area (inside the shell): every module's routes, each page loading lazily. */
const signedInRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="/home" replace /> },
  ...shellRoutes().map((route) => withPrefetchLoader(route, queryClient)),
  { path: '*', lazy: lazyPage(() => import('./NotFoundPage')) },
];

/** The route tree: /login public; everything else behind `RequireAuth` and the lazy shell. */
export const routes: RouteObject[] = [
  {
    path: '/',
    errorElement: <RouteError />,
    hydrateFallbackElement: <FullPageSpin />,
    children: [
      ...publicRoutes(),
      {
        element: <RequireAuth />,
        loader: sessionProbeLoader(queryClient),
        children: [{ lazy: lazyPage(loadShell), children: signedInRoutes }],
      },
    ],
  },
];

/** The browser router of the app. */
export const router = createBrowserRouter(routes);
