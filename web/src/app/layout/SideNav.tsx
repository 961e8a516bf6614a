/**
 * Sidebar navigation menu (antd Menu) built from `NAV_ITEMS`: sections as items, groups (News) as
 * submenus of their children, highlighting the entry that owns the current path and opening its group.
 */
import { Menu, type MenuProps } from 'antd';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { activeNavGroup, activeNavPath, NAV_ITEMS, navGroupKey } from '../navigation';

/** Props of `SideNav`. */
export interface SideNavProps {
  /** Called when an entry is chosen, even the current one (the phone drawer closes). */
  onNavigate?: () => void;
  /** The sidebar is folded to its icons: groups open as popups on demand, none is held open. */
  collapsed?: boolean;
}

type MenuItems = NonNullable<MenuProps['items']>;

const MENU_ITEMS: MenuItems = NAV_ITEMS.map((item) =>
  item.children
    ? {
        key: navGroupKey(item),
        icon: item.icon,
        label: item.label,
        children: item.children.map((child) => ({ key: child.path, label: <Link to={child.path}>{child.label}</Link> })),
      }
    : { key: item.path, icon: item.icon, label: <Link to={item.path}>{item.label}</Link> },
);

/**
 * The groups open in the menu: the user's choice, plus the group of the current page whenever the page
 * moves into another group (a link in a page, not only the menu), none while the sidebar is folded.
 */
function useOpenGroups(group: string | undefined, collapsed: boolean) {
  const initial = () => (group && !collapsed ? [group] : []);
  const [openKeys, setOpenKeys] = useState<string[]>(initial);
  const [seen, setSeen] = useState({ group, collapsed });
  if (seen.group !== group || seen.collapsed !== collapsed) {
    // Adjusted while rendering (no effect, no flash): the page's group opens, folding closes every group.
    setSeen({ group, collapsed });
    if (seen.collapsed !== collapsed) setOpenKeys(initial());
    else if (group && !collapsed && !openKeys.includes(group)) setOpenKeys([...openKeys, group]);
  }
  return [openKeys, setOpenKeys] as const;
}

/** Sidebar menu of the sections and groups, highlighting the current entry and opening its group. */
export function SideNav({ onNavigate, collapsed = false }: SideNavProps) {
  const { pathname } = useLocation();
  const active = activeNavPath(pathname);
  const [openKeys, setOpenKeys] = useOpenGroups(activeNavGroup(pathname), collapsed);
  return (
    <Menu
      theme="dark"
      mode="inline"
      aria-label="Navigation principale"
      selectedKeys={active ? [active] : []}
      openKeys={openKeys}
      onOpenChange={setOpenKeys}
      onClick={onNavigate}
      items={MENU_ITEMS}
    />
  );
}
