/**
 * Registry entry of the supervision module (SPEC section 2 "Supervision"; issues 9 and 11): /supervisions
 * ('Surveillance': feed health and BODACC files), /supervisions/insee ('Base INSEE'), /supervisions/rne
 * (the register accounts, with their add and edit pages), /supervisions/reports and /supervisions/dirigeants
 * (the differential queues) and /supervisions/liveinpi (the officers processed on J and J-1), every page
 * lazy-loaded, all in one "Surveillance" group of the sidebar.
 */
import { MonitorOutlined } from '@ant-design/icons';
import { lazyPage, lazyPageOf } from '../../lib/lazyPage';
import type { WebModule } from '../module';

/** The supervision module. */
export const supervisionsModule: WebModule = {
  name: 'supervisions',
  routes: [
    { path: 'supervisions', lazy: lazyPage(() => import('./SupervisionPage')) },
    { path: 'supervisions/insee', lazy: lazyPage(() => import('./InseePage')) },
    { path: 'supervisions/rne', lazy: lazyPage(() => import('./rne/RneAccountsPage')) },
    { path: 'supervisions/rne/create', lazy: lazyPageOf(() => import('./rne/pages'), (m) => m.rneAccountPages.CreatePage) },
    { path: 'supervisions/rne/:id/edit', lazy: lazyPageOf(() => import('./rne/pages'), (m) => m.rneAccountPages.EditPage) },
    { path: 'supervisions/reports', lazy: lazyPage(() => import('./queues/ReportsPage')) },
    { path: 'supervisions/dirigeants', lazy: lazyPage(() => import('./queues/DirigeantsPage')) },
    { path: 'supervisions/liveinpi', lazy: lazyPage(() => import('./queues/LiveInpiPage')) },
  ],
  nav: {
    path: '/supervisions',
    label: 'Surveillance',
    icon: <MonitorOutlined aria-hidden />,
    order: 60,
    children: [
      { path: '/supervisions', label: 'Surveillance' },
      { path: '/supervisions/insee', label: 'Base INSEE' },
      { path: '/supervisions/rne', label: 'Services RNE' },
      { path: '/supervisions/reports', label: 'Différentiel comptes' },
      { path: '/supervisions/dirigeants', label: 'Différentiel dirigeants' },
      { path: '/supervisions/liveinpi', label: 'Traitement en direct' },
    ],
  },
};
