/**
 * Routes of the API customers module: /customers, /customers/create,
 * /customers/:id/edit (SPEC section 2 'API customers').
 */
import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazyPage';

/** Routes of the API customers module. */
export const customersRoutes: RouteObject[] = [
  { path: 'customers', lazy: lazyPage(() => import('./CustomerListPage')) },
  { path: 'customers/create', lazy: lazyPage(() => import('./CustomerCreatePage')) },
  { path: 'customers/:id/edit', lazy: lazyPage(() => import('./CustomerEditPage')) },
];
