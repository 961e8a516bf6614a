/**
 * News categories resource: /api/news endpoints (getCategoryRoles, delete at POST /api/news/{id}), the
 * list at /news/categories with its create page at /news/create, and the confirmation and not-found
 * texts (SPEC sections 2 "News", 4, 7 "News" and 8).
 */
import { NEWS_CATEGORIES } from '../../../../contract/resources';
import { standardResource } from '../../api/resource';
import type { NewsCategory, NewsCategoryInput, NewsCategoryUpdateInput } from '../../api/types';

/** News categories: endpoints under /api/news and the texts of their dialogs and toasts. */
export const categoriesResource = standardResource<NewsCategory, NewsCategoryInput, NewsCategoryUpdateInput>({
  key: 'news-categories',
  auditResource: 'news_categories',
  paths: {
    all: '/api/news/all',
    get: '/api/news/getCategoryRoles/{id}',
    store: '/api/news/store',
    update: '/api/news/update/{id}',
    toggle: '/api/news/togglestatus/{id}',
    remove: '/api/news/{id}',
  },
  listPath: '/news/categories',
  createPath: '/news/create',
  texts: {
    notFound: NEWS_CATEGORIES.notFound,
    confirmDisable: 'Voulez-vous vraiment désactiver cette catégorie de news ?',
    confirmEnable: 'Voulez-vous vraiment réactiver cette catégorie de news ?',
    confirmDelete: 'Voulez-vous vraiment effacer cette catégorie ?',
  },
});
