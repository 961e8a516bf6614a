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

/**
 * Route `lazy` loader for a page that a module exports among others (the pages a resource declaration
 * generates): `lazyPageOf(() => import('./pages'), (m) => m.rolePages.EditPage)`. The pages of one declaration
 * share one chunk, loaded on first navigation to any of them.
 */
export function lazyPageOf<M>(load: () => Promise<M>, pick: (loaded: M) => ComponentType) {
  return async () => ({ Component: pick(await load()) });
}
