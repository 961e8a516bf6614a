/**
 * Registry entry of the groups module (SPEC section 2 'Groups'): /groups, /groups/create, /groups/:id/edit,
 * the 'Groupes' sidebar entry and its /home card (counted on the server).
 */
import { ClusterOutlined } from '@ant-design/icons';
import { lazyPage } from '../../lib/lazyPage';
import type { WebModule } from '../module';

/** The groups module. */
export const groupsModule: WebModule = {
  name: 'groups',
  routes: [
    { path: 'groups', lazy: lazyPage(() => import('./GroupListPage')) },
    { path: 'groups/create', lazy: lazyPage(() => import('./GroupCreatePage')) },
    { path: 'groups/:id/edit', lazy: lazyPage(() => import('./GroupEditPage')) },
  ],
  nav: { path: '/groups', label: 'Groupes', icon: <ClusterOutlined aria-hidden />, order: 50 },
  dashboard: { title: 'Groupes', icon: <ClusterOutlined aria-hidden />, statsKey: 'groups', to: '/groups', order: 30 },
};
