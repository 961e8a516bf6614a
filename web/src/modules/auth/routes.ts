/** Public routes of the auth module: /login. */
import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazyPage';

/** Public routes of the auth module. */
export const authRoutes: RouteObject[] = [{ path: 'login', lazy: lazyPage(() => import('./LoginPage')) }];
