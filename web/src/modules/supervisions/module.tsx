/**
 * Registry entry of the supervision module (SPEC section 2 "Supervision"; issue 9 section 4):
 * /supervisions ('Surveillance': feed health and BODACC files) and /supervisions/insee ('Base INSEE'),
 * lazy-loaded, in one "Surveillance" group of the sidebar (issue 11 adds its other pages to it).
 */
import { MonitorOutlined } from '@ant-design/icons';
import { lazyPage } from '../../lib/lazyPage';
import type { WebModule } from '../module';

/** The supervision module. */
export const supervisionsModule: WebModule = {
  name: 'supervisions',
  routes: [
    { path: 'supervisions', lazy: lazyPage(() => import('./SupervisionPage')) },
    { path: 'supervisions/insee', lazy: lazyPage(() => import('./InseePage')) },
  ],
  nav: {
    path: '/supervisions',
    label: 'Surveillance',
    icon: <MonitorOutlined aria-hidden />,
    order: 60,
    children: [
      { path: '/supervisions', label: 'Surveillance' },
      { path: '/supervisions/insee', label: 'Base INSEE' },
    ],
  },
};
