/** Breadcrumb steps of the category pages: Dashboard > News > Catégories de news (SPEC section 2). */
import type { Crumb } from '../../../components/layout/PageHeader';
import { CATEGORIES_TITLE, NEWS_TITLE } from '../texts';

/** The steps leading to the categories list, linked: News (/news), Catégories de news (/news/categories). */
export const CATEGORIES_TRAIL: Crumb[] = [
  { title: NEWS_TITLE, to: '/news' },
  { title: CATEGORIES_TITLE, to: '/news/categories' },
];
