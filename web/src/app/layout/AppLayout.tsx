/**
 * Shell of the signed-in area (lazily loaded route element): on a laptop (antd `lg`,
 * 992 px and up) a sidebar as high as the window, collapsed and expanded by a real button in the header;
 * on narrower screens no sidebar but a drawer covering the page, opened by the header's 'Ouvrir le menu'
 * button and closed by any navigation. Then the sticky header (navigation progress bar, user menu) and the
 * page in the one `main` landmark (antd's Layout.Content, `#contenu`, the skip link's target).
 */
import { CloseOutlined, MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Drawer, Layout, Progress } from 'antd';
import { useState } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { useScreenUp } from '../../lib/useMediaQuery';
import { SIDER_BG } from '../theme';
import { SideNav } from './SideNav';
import { SidebarBrand } from './SidebarBrand';
import { MAIN_CONTENT_ID } from './SkipLink';
import { UserMenu } from './UserMenu';
import { useStoredFlag } from '../../lib/useStoredFlag';
import { LeaveGuard } from '../../components/form/useLeaveGuard';

const SIDEBAR_ID = 'sidebar';
const DRAWER_ID = 'menu-drawer';

/** The signed-in shell: sidebar or drawer (brand + sections), header (menu button, user menu) and the page. */
export default function AppLayout() {
  const wide = useScreenUp('lg');
  // Remembered across reloads and visits (this browser).
  const [collapsed, setCollapsed] = useStoredFlag('vigie.sidebar.collapsed', false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const [shownPath, setShownPath] = useState(pathname);
  if (shownPath !== pathname) {
    // Any navigation (a menu entry, a link in the page, the browser's back button) closes the drawer.
    setShownPath(pathname);
    setDrawerOpen(false);
  }
  const closeDrawer = () => setDrawerOpen(false);

  return (
    <Layout style={{ minHeight: '100vh' }}>
      {wide ? (
        <Layout.Sider
          id={SIDEBAR_ID}
          data-testid="sidebar"
          collapsible
          collapsed={collapsed}
          trigger={null}
          width={256}
          style={{ position: 'sticky', top: 0, height: '100vh', overflow: 'auto' }}
        >
          <SidebarBrand collapsed={collapsed} />
          <SideNav collapsed={collapsed} />
        </Layout.Sider>
      ) : (
        <Drawer
          id={DRAWER_ID}
          open={drawerOpen}
          onClose={closeDrawer}
          placement="left"
          size={280}
          closable={false}
          aria-label="Menu"
          styles={{ body: { padding: 0, background: SIDER_BG } }}
        >
          <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', paddingRight: 12 }}>
            <SidebarBrand onNavigate={closeDrawer} />
            <Button
              type="text"
              aria-label="Fermer le menu"
              icon={<CloseOutlined aria-hidden style={{ color: '#fff' }} />}
              onClick={closeDrawer}
            />
          </div>
          <SideNav onNavigate={closeDrawer} />
        </Drawer>
      )}
      {/* min-width 0: the page may not grow past the window; wide tables scroll inside their card instead. */}
      <Layout style={{ minWidth: 0 }}>
        <Layout.Header
          style={{
            position: 'sticky',
            top: 0,
            zIndex: 10,
            display: 'flex',
            justifyContent: 'space-between',
            alignItems: 'center',
            gap: 12,
            padding: wide ? undefined : '0 12px',
            borderBottom: '1px solid #e5e7eb',
          }}
        >
          {navigation.state === 'loading' ? (
            <Progress
              percent={100}
              status="active"
              showInfo={false}
              size={{ height: 2 }}
              style={{ position: 'absolute', left: 0, right: 0, bottom: -8, margin: 0 }}
              aria-label="Chargement de la page"
            />
          ) : null}
          {wide ? (
            <Button
              type="text"
              aria-label={collapsed ? 'Déplier le menu' : 'Réduire le menu'}
              aria-expanded={!collapsed}
              aria-controls={SIDEBAR_ID}
              icon={collapsed ? <MenuUnfoldOutlined aria-hidden /> : <MenuFoldOutlined aria-hidden />}
              onClick={() => setCollapsed((folded) => !folded)}
              data-testid="sidebar-toggle"
            />
          ) : (
            <Button
              type="text"
              aria-label="Ouvrir le menu"
              aria-expanded={drawerOpen}
              aria-controls={DRAWER_ID}
              icon={<MenuOutlined aria-hidden />}
              onClick={() => setDrawerOpen(true)}
              data-testid="menu-button"
            />
          )}
          <UserMenu />
        </Layout.Header>
        {/* Layout.Content renders the page's one <main> landmark: do not nest another. */}
        <Layout.Content id={MAIN_CONTENT_ID} tabIndex={-1} style={{ padding: wide ? 24 : 12, minWidth: 0 }}>
          {/* A page's changed forms hold the navigations away from it (the sidebar's included). */}
          <LeaveGuard>
            <Outlet />
          </LeaveGuard>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
