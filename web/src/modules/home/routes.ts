/** Route of the dashboard module: /home. */
import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazyPage';

/** Routes of the dashboard module. */
export const homeRoutes: RouteObject[] = [{ path: 'home', lazy: lazyPage(() => import('./HomePage')) }];
