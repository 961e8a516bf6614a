/**
 * Registry entry of the deals module, served under the spec's /transactions URLs (SPEC section 2 "Transactions (deals)"): the
 * deals list and form, roles, types, the CSV import with its success page, the imported files and the BODACC
 * transaction rows with their « Lignes supprimées » (/transactions/bodacc/deleted), every page lazy-loaded; one "Transactions" group in the sidebar; the /home card of the
 * deals (counted on the server under `deals`).
 */
import { SwapOutlined } from '@ant-design/icons';
import { lazyPage, lazyPageOf } from '../../lib/lazyPage';
import type { WebModule } from '../module';

/** The deals module (URLs /transactions/…). */
export const dealsModule: WebModule = {
  name: 'deals',
  routes: [
    { path: 'transactions', lazy: lazyPage(() => import('./deals/DealListPage')) },
    { path: 'transactions/createdeal', lazy: lazyPage(() => import('./deals/DealCreatePage')) },
    { path: 'transactions/:id/editdeal', lazy: lazyPage(() => import('./deals/DealEditPage')) },
    { path: 'transactions/roles', lazy: lazyPageOf(() => import('./records/pages'), (m) => m.rolePages.ListPage) },
    { path: 'transactions/createrole', lazy: lazyPageOf(() => import('./records/pages'), (m) => m.rolePages.CreatePage) },
    { path: 'transactions/:id/editrole', lazy: lazyPageOf(() => import('./records/pages'), (m) => m.rolePages.EditPage) },
    { path: 'transactions/types', lazy: lazyPageOf(() => import('./records/pages'), (m) => m.typePages.ListPage) },
    { path: 'transactions/createtype', lazy: lazyPageOf(() => import('./records/pages'), (m) => m.typePages.CreatePage) },
    { path: 'transactions/:id/edittype', lazy: lazyPageOf(() => import('./records/pages'), (m) => m.typePages.EditPage) },
    { path: 'transactions/import', lazy: lazyPage(() => import('./import/ImportPage')) },
    { path: 'transactions/success', lazy: lazyPage(() => import('./import/ImportSuccessPage')) },
    { path: 'transactions/files', lazy: lazyPage(() => import('./import/FilesPage')) },
    { path: 'transactions/bodacc', lazy: lazyPage(() => import('./bodacc/BodaccPage')) },
    { path: 'transactions/bodacc/deleted', lazy: lazyPage(() => import('./bodacc/DeletedRowsPage')) },
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
      { path: '/transactions/bodacc', label: 'Transactions BODACC', owns: ['/transactions/bodacc/deleted'] },
    ],
  },
  dashboard: { title: 'Transactions', icon: <SwapOutlined aria-hidden />, statsKey: 'deals', to: '/transactions', order: 50 },
};
