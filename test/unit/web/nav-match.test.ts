/**
 * Which sidebar entry owns a page (web/src/app/navMatch.ts): the longest matching section or group child wins, a child's `owns` patterns claim pages
 * under another entry's path, and a group child carries its group's key (the submenu to open).
 */
import { describe, expect, it } from 'vitest';
import { findActiveNav, navGroupKey } from '../../../web/src/app/navMatch';
import type { NavEntry } from '../../../web/src/modules/module';

const ITEMS: NavEntry[] = [
  { path: '/home', label: 'Dashboard', icon: null, order: 10 },
  { path: '/admins', label: 'Administrateurs', icon: null, order: 20 },
  {
    path: '/news',
    label: 'News',
    icon: null,
    order: 45,
    children: [
      { path: '/news', label: 'News en attente' },
      { path: '/news/import', label: 'Import CSV' },
      { path: '/news/categories', label: 'Catégories', owns: ['/news/create', '/news/:id/edit'] },
      { path: '/news/articles/create', label: 'Ajouter un article' },
      { path: '/news/articles/delete', label: 'Effacer un article' },
    ],
  },
  { path: '/groups', label: 'Groupes', icon: null, order: 50 },
];
const NEWS = navGroupKey({ path: '/news' });

describe('findActiveNav', () => {
  it('gives a section for its page and its sub-pages, with no group', () => {
    expect(findActiveNav('/admins', ITEMS)).toEqual({ key: '/admins' });
    expect(findActiveNav('/admins/3/edit', ITEMS)).toEqual({ key: '/admins' });
    expect(findActiveNav('/groups/create', ITEMS)).toEqual({ key: '/groups' });
  });

  it('gives the most specific child of a group, with the group to open', () => {
    expect(findActiveNav('/news', ITEMS)).toEqual({ key: '/news', group: NEWS });
    expect(findActiveNav('/news/import', ITEMS)).toEqual({ key: '/news/import', group: NEWS });
    expect(findActiveNav('/news/categories', ITEMS)).toEqual({ key: '/news/categories', group: NEWS });
    expect(findActiveNav('/news/articles/create', ITEMS)).toEqual({ key: '/news/articles/create', group: NEWS });
    expect(findActiveNav('/news/articles/delete', ITEMS)).toEqual({ key: '/news/articles/delete', group: NEWS });
  });

  it('gives the category form pages to Catégories through its `owns` patterns', () => {
    expect(findActiveNav('/news/create', ITEMS)).toEqual({ key: '/news/categories', group: NEWS });
    expect(findActiveNav('/news/12/edit', ITEMS)).toEqual({ key: '/news/categories', group: NEWS });
    // Not a pattern's page: the group's first child by prefix.
    expect(findActiveNav('/news/12', ITEMS)).toEqual({ key: '/news', group: NEWS });
  });

  it('matches whole path segments only, and nothing outside the entries', () => {
    expect(findActiveNav('/newsletter', ITEMS)).toBeUndefined();
    expect(findActiveNav('/adminsx', ITEMS)).toBeUndefined();
    expect(findActiveNav('/', ITEMS)).toBeUndefined();
  });

  it('keeps group keys apart from page paths', () => {
    expect(NEWS).not.toBe('/news');
  });
});
