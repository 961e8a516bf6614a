/**
 * Registry entry of the API customers module (SPEC section 2 'API customers'): /customers,
 * /customers/create, /customers/:id/edit, the "Clients de l'api" sidebar entry and its /home card.
 */
import { ApiOutlined } from '@ant-design/icons';
import { lazyPage } from '../../lib/lazyPage';
import type { WebModule } from '../module';

/** The API customers module. */
export const customersModule: WebModule = {
  name: 'customers',
  routes: [
    { path: 'customers', lazy: lazyPage(() => import('./CustomerListPage')) },
    { path: 'customers/create', lazy: lazyPage(() => import('./CustomerCreatePage')) },
    { path: 'customers/:id/edit', lazy: lazyPage(() => import('./CustomerEditPage')) },
  ],
  nav: { path: '/customers', label: "Clients de l'api", icon: <ApiOutlined aria-hidden />, order: 30 },
  dashboard: { title: "Clients de l'api", icon: <ApiOutlined aria-hidden />, statsKey: 'customers', to: '/customers', order: 20 },
};
