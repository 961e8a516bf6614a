/**
 * Registry entry of the news module (SPEC section 2 "News"): /news (pending news),
 * /news/import, /news/synchronisations (the Synchroniser batches, each undoable), /news/categories with /news/create and /news/:id/edit, /news/articles/create and
 * /news/articles/delete, every page lazy-loaded; one "News" group in the sidebar holding an entry per
 * screen; the /home card of the categories (counted on the server under `news`).
 */
import { ReadOutlined } from '@ant-design/icons';
import { lazyPage, lazyPageOf } from '../../lib/lazyPage';
import type { WebModule } from '../module';

/** The news module. */
export const newsModule: WebModule = {
  name: 'news',
  routes: [
    { path: 'news', lazy: lazyPage(() => import('./pending/NewsListPage')) },
    { path: 'news/import', lazy: lazyPage(() => import('./import/ImportPage')) },
    { path: 'news/synchronisations', lazy: lazyPage(() => import('./syncs/SyncBatchesPage')) },
    { path: 'news/categories', lazy: lazyPageOf(() => import('./categories/pages'), (m) => m.categoryPages.ListPage) },
    { path: 'news/create', lazy: lazyPageOf(() => import('./categories/pages'), (m) => m.categoryPages.CreatePage) },
    { path: 'news/:id/edit', lazy: lazyPageOf(() => import('./categories/pages'), (m) => m.categoryPages.EditPage) },
    { path: 'news/articles/create', lazy: lazyPage(() => import('./articles/ArticleCreatePage')) },
    { path: 'news/articles/delete', lazy: lazyPage(() => import('./articles/ArticleDeletePage')) },
  ],
  nav: {
    path: '/news',
    label: 'News',
    icon: <ReadOutlined aria-hidden />,
    order: 45,
    children: [
      { path: '/news', label: 'News en attente' },
      { path: '/news/import', label: 'Import CSV' },
      { path: '/news/synchronisations', label: 'Synchronisations' },
      { path: '/news/categories', label: 'Catégories', owns: ['/news/create', '/news/:id/edit'] },
      { path: '/news/articles/create', label: 'Ajouter un article' },
      { path: '/news/articles/delete', label: 'Effacer un article' },
    ],
  },
  dashboard: { title: 'Catégories de news', icon: <ReadOutlined aria-hidden />, statsKey: 'news', to: '/news/categories', order: 40 },
};
