/**
 * Shell of the signed-in area (lazily loaded route element): collapsible sidebar with the brand
 * and section menu, sticky header with a navigation progress bar and the user menu, then the page.
 */
import { Layout, Progress } from 'antd';
import { useState } from 'react';
import { Link, Outlet, useNavigation } from 'react-router';
import { BrandMark } from '../../modules/auth/BrandMark';
import { SideNav } from './SideNav';
import { UserMenu } from './UserMenu';

/** The signed-in shell: sidebar (brand + sections), header (user menu) and the page. */
export default function AppLayout() {
  const [collapsed, setCollapsed] = useState(false);
  const navigation = useNavigation();
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider
        collapsible
        collapsed={collapsed}
        onCollapse={setCollapsed}
        breakpoint="lg"
        width={256}
        style={{ position: 'sticky', top: 0, height: '100vh', overflow: 'auto' }}
      >
        <Link
          to="/home"
          aria-label="Vigie, tableau de bord"
          style={{ display: 'flex', alignItems: 'center', gap: 10, height: 64, padding: collapsed ? '0 24px' : '0 20px' }}
        >
          <BrandMark size={30} />
          {collapsed ? null : <span style={{ color: '#fff', fontSize: 18, fontWeight: 600, letterSpacing: 0.3 }}>Vigie</span>}
        </Link>
        <SideNav />
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{
            position: 'sticky',
            top: 0,
            zIndex: 10,
            display: 'flex',
            justifyContent: 'flex-end',
            alignItems: 'center',
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
          <UserMenu />
        </Layout.Header>
        <Layout.Content style={{ padding: 24 }}>
          <main>
            <Outlet />
          </main>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
