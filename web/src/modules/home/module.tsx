/** Registry entry of the dashboard module: /home (root of every breadcrumb) and the 'Dashboard' sidebar entry. */
import { DashboardOutlined } from '@ant-design/icons';
import { lazyPage } from '../../lib/lazyPage';
import type { WebModule } from '../module';

/** The dashboard module; its page shows the cards of the other modules. */
export const homeModule: WebModule = {
  name: 'home',
  routes: [{ path: 'home', lazy: lazyPage(() => import('./HomePage')) }],
  nav: { path: '/home', label: 'Dashboard', icon: <DashboardOutlined aria-hidden />, order: 10 },
};
