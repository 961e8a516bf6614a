/**
 * Sidebar sections, gathered from the module registry (Dashboard, Administrateurs, Clients de l'api,
 * Journal des mises à jour, the News group, Groupes), and `activeNavPath` / `activeNavGroup`, which find
 * the entry owning a path (longest prefix, or a group child's `owns` patterns) and the group to open.
 */
import type { NavEntry } from '../modules/module';
import { navEntries } from '../modules/registry';
import { findActiveNav } from './navMatch';

export { navGroupKey } from './navMatch';

/** One entry of the sidebar: a section, or a group with its children. */
export type NavItem = NavEntry;

/** Sidebar sections and groups, in display order (each module declares its entry in its `module.tsx`). */
export const NAV_ITEMS: NavItem[] = navEntries();

/** The path of the sidebar entry owning `pathname` (a section, or a group's child), if any. */
export function activeNavPath(pathname: string): string | undefined {
  return findActiveNav(pathname, NAV_ITEMS)?.key;
}

/** The menu key of the group holding the entry that owns `pathname`, if that entry is in a group. */
export function activeNavGroup(pathname: string): string | undefined {
  return findActiveNav(pathname, NAV_ITEMS)?.group;
}
