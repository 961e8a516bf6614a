/**
 * The descriptor every front-end module exports from its `module.tsx`: its routes (lazy pages only), its sidebar entry and its `/home` card. `registry.ts` lists
 * them; the router, the sidebar and the dashboard iterate that list.
 *
 * A descriptor is loaded with the first JavaScript of every page, the login page included (budget:
 * 300 KB gzip, CONVENTIONS.md section 5): it may import icons, `lazyPage(() => import(...))` loaders and
 * the query options its routes prefetch, never a page, a hook or an antd component.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';

/**
 * What a page starts loading as soon as its route is entered, in parallel with its code: typically `queryClient.prefetchQuery(...)` of the page's first queries, with the same keys
 * as the page's hooks, for `url` (the URL being opened: its search parameters give a list's state).
 * Called only for a signed-in user; must not throw or wait (fire and forget).
 */
export type RoutePrefetch = (queryClient: QueryClient, url: URL) => void;

/**
 * A route of a module: a React Router route (its page lazy-loaded with `lazyPage`), optionally with a
 * `prefetch` that the router runs as the route's loader.
 */
export type ModuleRoute = RouteObject & { prefetch?: RoutePrefetch };

/** An entry of a sidebar group (`NavEntry.children`): one screen of the group's module. */
export interface NavChild {
  /** Path of the screen; also matches its sub-pages, like a section's path. */
  path: string;
  label: string;
  /**
   * Other pages this entry owns, as route patterns (`/news/create`, `/news/:id/edit`): the categories'
   * form pages belong to 'Catégories' although their paths start with another entry's (`/news`).
   */
  owns?: string[];
}

/** A sidebar entry: a section, or a group of entries (an antd submenu) when it has `children`. */
export interface NavEntry {
  /**
   * Path of the section; also matches its sub-pages (`/admins/3/edit`). For a group, its identity only
   * (the submenu opens, it links nowhere): its children's paths give the pages.
   */
  path: string;
  label: string;
  icon: ReactNode;
  /** Position in the sidebar, ascending. */
  order: number;
  /** The entries of a group, in display order (e.g. News: pending news, import, categories...). */
  children?: NavChild[];
}

/** A `/home` counter card: `{active} actifs / {total} au total` of one kind of record. */
export interface DashboardCard {
  title: string;
  icon: ReactNode;
  /** Key of its counts in `GET /api/dashboard/stats` (the server module's name, e.g. `admins`). */
  statsKey: string;
  /** The list page the card links to. */
  to: string;
  /** Position among the cards, ascending. */
  order: number;
}

/** One front-end module of the registry. */
export interface WebModule {
  /** Module name, as on the server (`admins`, `update-log`...). */
  name: string;
  /** Routes inside the signed-in shell (paths relative to `/`), each page lazy-loaded, optionally prefetching. */
  routes?: ModuleRoute[];
  /** Public routes, outside the shell and its sign-in guard (`/login`). */
  publicRoutes?: RouteObject[];
  /** Its sidebar entry, when it has one. */
  nav?: NavEntry;
  /** Its `/home` card, when it has one. */
  dashboard?: DashboardCard;
}
