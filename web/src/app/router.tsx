/**
 * React Router tree of the app (SPEC section 2 routes): public /login, then the guarded, lazily
 * loaded shell gathering each module's routes, / redirecting to /home, and a 404 fallback.
 */
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { lazyPage } from '../lib/lazyPage';
import { adminsRoutes } from '../modules/admins/routes';
import { authRoutes } from '../modules/auth/routes';
import { customersRoutes } from '../modules/customers/routes';
import { groupsRoutes } from '../modules/groups/routes';
import { homeRoutes } from '../modules/home/routes';
import { profileRoutes } from '../modules/profile/routes';
import { updateLogRoutes } from '../modules/update-log/routes';
import { FullPageSpin } from './FullPageSpin';
import { RequireAuth } from './RequireAuth';
import { RouteError } from './RouteError';

/** Routes of the signed-in area (inside the shell). Each module's pages load lazily. */
const shellRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="/home" replace /> },
  ...homeRoutes,
  ...profileRoutes,
  ...adminsRoutes,
  ...customersRoutes,
  ...updateLogRoutes,
  ...groupsRoutes,
  { path: '*', lazy: lazyPage(() => import('./NotFoundPage')) },
];

/** The route tree: /login public; everything else behind `RequireAuth` and the lazy shell. */
export const routes: RouteObject[] = [
  {
    path: '/',
    errorElement: <RouteError />,
    hydrateFallbackElement: <FullPageSpin />,
    children: [
      ...authRoutes,
      {
        element: <RequireAuth />,
        children: [{ lazy: lazyPage(() => import('./layout/AppLayout')), children: shellRoutes }],
      },
    ],
  },
];

/** The browser router of the app. */
export const router = createBrowserRouter(routes);
