/**
 * Sidebar navigation menu (antd Menu) built from `NAV_ITEMS`, highlighting the section
 * that owns the current path.
 */
import { Menu } from 'antd';
import { Link, useLocation } from 'react-router';
import { activeNavPath, NAV_ITEMS } from '../navigation';

/** Props of `SideNav`. */
export interface SideNavProps {
  /** Called when an entry is chosen, even the current one (the phone drawer closes). */
  onNavigate?: () => void;
}

/** Sidebar menu of the sections, highlighting the current one. */
export function SideNav({ onNavigate }: SideNavProps) {
  const { pathname } = useLocation();
  const active = activeNavPath(pathname);
  return (
    <Menu
      theme="dark"
      mode="inline"
      aria-label="Navigation principale"
      selectedKeys={active ? [active] : []}
      onClick={onNavigate}
      items={NAV_ITEMS.map((item) => ({
        key: item.path,
        icon: item.icon,
        label: <Link to={item.path}>{item.label}</Link>,
      }))}
    />
  );
}
