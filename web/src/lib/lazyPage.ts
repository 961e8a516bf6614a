/**
 * React Router `lazy` adapter loading a page module's default export as the route
 * component (one chunk per page).
 */
import type { ComponentType } from 'react';

/**
 * Route `lazy` loader for a page module with a default export:
 * `{ path: 'admins', lazy: lazyPage(() => import('./AdminListPage')) }`.
 * Keeps every page in its own chunk, loaded on first navigation.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  return async () => ({ Component: (await load()).default });
}
