/**
 * Sidebar sections, gathered from the module registry (Dashboard, Administrateurs, Clients de l'api,
 * Journal des mises à jour, Groupes), and `activeNavPath`, which finds the section owning a path
 * (longest prefix).
 */
import type { NavEntry } from '../modules/module';
import { navEntries } from '../modules/registry';

/** One entry of the sidebar. */
export type NavItem = NavEntry;

/** Sidebar sections, in display order (each module declares its entry in its `module.tsx`). */
export const NAV_ITEMS: NavItem[] = navEntries();

/** The sidebar entry owning `pathname` (longest matching prefix), if any. */
export function activeNavPath(pathname: string): string | undefined {
  return NAV_ITEMS.map((item) => item.path)
    .filter((path) => pathname === path || pathname.startsWith(`${path}/`))
    .sort((a, b) => b.length - a.length)[0];
}
