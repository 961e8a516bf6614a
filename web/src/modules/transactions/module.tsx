/**
 * Registry entry of the transactions module (SPEC section 2 "Transactions (deals)"; issue 10 section 2): the
 * deals list and form, roles, types, the CSV import with its success page, the imported files and the BODACC
 * transaction rows, every page lazy-loaded; one "Transactions" group in the sidebar; the /home card of the
 * deals (counted on the server under `deals`).
 */
import { SwapOutlined } from '@ant-design/icons';
import { lazyPage } from '../../lib/lazyPage';
import type { WebModule } from '../module';

/** The transactions module. */
export const transactionsModule: WebModule = {
  name: 'deals',
  routes: [
    { path: 'transactions', lazy: lazyPage(() => import('./deals/DealListPage')) },
    { path: 'transactions/createdeal', lazy: lazyPage(() => import('./deals/DealCreatePage')) },
    { path: 'transactions/:id/editdeal', lazy: lazyPage(() => import('./deals/DealEditPage')) },
    { path: 'transactions/roles', lazy: lazyPage(() => import('./records/RoleListPage')) },
    { path: 'transactions/createrole', lazy: lazyPage(() => import('./records/RoleCreatePage')) },
    { path: 'transactions/:id/editrole', lazy: lazyPage(() => import('./records/RoleEditPage')) },
    { path: 'transactions/types', lazy: lazyPage(() => import('./records/TypeListPage')) },
    { path: 'transactions/createtype', lazy: lazyPage(() => import('./records/TypeCreatePage')) },
    { path: 'transactions/:id/edittype', lazy: lazyPage(() => import('./records/TypeEditPage')) },
    { path: 'transactions/import', lazy: lazyPage(() => import('./import/ImportPage')) },
    { path: 'transactions/success', lazy: lazyPage(() => import('./import/ImportSuccessPage')) },
    { path: 'transactions/files', lazy: lazyPage(() => import('./import/FilesPage')) },
    { path: 'transactions/bodacc', lazy: lazyPage(() => import('./bodacc/BodaccPage')) },
  ],
  nav: {
    path: '/transactions',
    label: 'Transactions',
    icon: <SwapOutlined aria-hidden />,
    order: 70,
    children: [
      { path: '/transactions', label: 'Transactions', owns: ['/transactions/:id/editdeal'] },
      { path: '/transactions/createdeal', label: 'Ajouter une transaction' },
      { path: '/transactions/import', label: 'Import CSV', owns: ['/transactions/success'] },
      { path: '/transactions/files', label: 'Fichiers importés' },
      { path: '/transactions/roles', label: 'Rôles', owns: ['/transactions/createrole', '/transactions/:id/editrole'] },
      { path: '/transactions/types', label: 'Types', owns: ['/transactions/createtype', '/transactions/:id/edittype'] },
      { path: '/transactions/bodacc', label: 'Transactions BODACC' },
    ],
  },
  dashboard: { title: 'Transactions', icon: <SwapOutlined aria-hidden />, statsKey: 'deals', to: '/transactions', order: 50 },
};
