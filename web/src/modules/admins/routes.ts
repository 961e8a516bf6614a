/**
 * Routes of the administrators module: /admins, /admins/create, /admins/:id/edit
 * (SPEC section 2 'Administrators').
 */
import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazyPage';

/** Routes of the administrators module. */
export const adminsRoutes: RouteObject[] = [
  { path: 'admins', lazy: lazyPage(() => import('./AdminListPage')) },
  { path: 'admins/create', lazy: lazyPage(() => import('./AdminCreatePage')) },
  { path: 'admins/:id/edit', lazy: lazyPage(() => import('./AdminEditPage')) },
];
