/** Routes of the groups module: /groups, /groups/create, /groups/:id/edit (SPEC section 2 'Groups'). */
import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazyPage';

/** Routes of the groups module. */
export const groupsRoutes: RouteObject[] = [
  { path: 'groups', lazy: lazyPage(() => import('./GroupListPage')) },
  { path: 'groups/create', lazy: lazyPage(() => import('./GroupCreatePage')) },
  { path: 'groups/:id/edit', lazy: lazyPage(() => import('./GroupEditPage')) },
];
