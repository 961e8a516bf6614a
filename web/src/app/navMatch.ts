/**
 * Which sidebar entry owns a page (the news screens under one "News" group): pure
 * functions over the registry's `NavEntry` list, sections and groups alike, free of React so that the
 * unit tests read them directly.
 */
import { matchPath } from 'react-router';
import type { NavEntry } from '../modules/module';

/** Menu key of a group (its submenu): distinct from every page path, a child's included. */
export function navGroupKey(entry: Pick<NavEntry, 'path'>): string {
  return `group:${entry.path}`;
}

/** The entry owning a page: its menu key (a path) and, for a group's child, the group's key. */
export interface ActiveNav {
  /** Path of the owning section or group child: the menu's selected key. */
  key: string;
  /** Key of the group holding it (the submenu to open), when it is a group's child. */
  group?: string;
}

/** Length of the match of `prefix` on `pathname` (the page or one of its sub-pages), or -1. */
function prefixScore(pathname: string, prefix: string): number {
  return pathname === prefix || pathname.startsWith(`${prefix}/`) ? prefix.length : -1;
}

/** Length of the longest pattern of `owns` matching `pathname` exactly (`/news/:id/edit`), or -1. */
function ownsScore(pathname: string, owns: readonly string[] = []): number {
  return Math.max(-1, ...owns.filter((pattern) => matchPath({ path: pattern, end: true }, pathname)).map((p) => p.length));
}

/**
 * The entry owning `pathname`: among the sections and the groups' children, the one whose path is the
 * longest prefix of it (`/admins/3/edit` -> `/admins`, `/news/import` -> `/news/import` rather than
 * `/news`), or whose `owns` patterns match it when longer (`/news/4/edit` -> `/news/categories`).
 * Undefined when none does.
 */
export function findActiveNav(pathname: string, items: readonly NavEntry[]): ActiveNav | undefined {
  let best: (ActiveNav & { score: number }) | undefined;
  const consider = (candidate: ActiveNav, score: number) => {
    if (score >= 0 && (!best || score > best.score)) best = { ...candidate, score };
  };
  for (const item of items) {
    if (!item.children) {
      consider({ key: item.path }, prefixScore(pathname, item.path));
      continue;
    }
    const group = navGroupKey(item);
    for (const child of item.children) {
      consider({ key: child.path, group }, Math.max(prefixScore(pathname, child.path), ownsScore(pathname, child.owns)));
    }
  }
  return best ? { key: best.key, ...(best.group ? { group: best.group } : {}) } : undefined;
}
