/**
 * Sidebar sections (Dashboard, Administrateurs, Clients de l'api, Journal des mises à jour,
 * Groupes) and `activeNavPath`, which finds the section owning a path (longest prefix).
 */
import { ApiOutlined, ClusterOutlined, DashboardOutlined, HistoryOutlined, TeamOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';

/** One entry of the sidebar. */
export interface NavItem {
  /** Path of the section; also matches its sub-pages (`/admins/3/edit`). */
  path: string;
  label: string;
  icon: ReactNode;
}

/** Sidebar sections, in display order (later modules add theirs here). */
export const NAV_ITEMS: NavItem[] = [
  { path: '/home', label: 'Dashboard', icon: <DashboardOutlined aria-hidden /> },
  { path: '/admins', label: 'Administrateurs', icon: <TeamOutlined aria-hidden /> },
  { path: '/customers', label: "Clients de l'api", icon: <ApiOutlined aria-hidden /> },
  { path: '/messages', label: 'Journal des mises à jour', icon: <HistoryOutlined aria-hidden /> },
  { path: '/groups', label: 'Groupes', icon: <ClusterOutlined aria-hidden /> },
];

/** The sidebar entry owning `pathname` (longest matching prefix), if any. */
export function activeNavPath(pathname: string): string | undefined {
  return NAV_ITEMS.map((item) => item.path)
    .filter((path) => pathname === path || pathname.startsWith(`${path}/`))
    .sort((a, b) => b.length - a.length)[0];
}
