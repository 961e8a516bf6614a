/**
 * Registry entry of the administrators module (SPEC section 2 'Administrators'): /admins, /admins/create,
 * /admins/:id/edit, the 'Administrateurs' sidebar entry and its /home card.
 */
import { TeamOutlined } from '@ant-design/icons';
import { lazyPage } from '../../lib/lazyPage';
import type { WebModule } from '../module';

/** The administrators module. */
export const adminsModule: WebModule = {
  name: 'admins',
  routes: [
    { path: 'admins', lazy: lazyPage(() => import('./AdminListPage')) },
    { path: 'admins/create', lazy: lazyPage(() => import('./AdminCreatePage')) },
    { path: 'admins/:id/edit', lazy: lazyPage(() => import('./AdminEditPage')) },
  ],
  nav: { path: '/admins', label: 'Administrateurs', icon: <TeamOutlined aria-hidden />, order: 20 },
  dashboard: { title: 'Administrateurs', icon: <TeamOutlined aria-hidden />, statsKey: 'admins', to: '/admins', order: 10 },
};
