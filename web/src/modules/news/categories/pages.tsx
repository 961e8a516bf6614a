/**
 * The news category pages (SPEC section 2 "News"), generated from one declaration: the list /news/categories
 * (ID, Name with the English name under it, Status, Action; 'Ajouter' to /news/create; searched by either name),
 * /news/create and /news/{id}/edit (Nom (FR), Nom (EN), Actif; a category in use is refused with the server's
 * errors.destroy; an unknown id toasts 'Category does not exist!' and goes to /home).
 */
import { Flex, Typography } from 'antd';
import type { NewsCategory } from '../../../api/types';
import { resourcePages } from '../../../components/resource/resourcePages';
import { categoriesResource } from '../resource';
import { CATEGORIES_TITLE } from '../texts';
import { CATEGORIES_TRAIL } from './breadcrumbs';

/** List, create and edit pages of the news categories. */
export const categoryPages = resourcePages({
  resource: categoriesResource,
  formName: 'category',
  trail: CATEGORIES_TRAIL,
  createTitle: 'Ajouter une catégorie',
  editTitle: (category) => (category ? `Modifier ${category.name_fr}` : 'Modifier une catégorie'),
  fields: [
    { name: 'name_fr', label: 'Nom (FR)' },
    { name: 'name_en', label: 'Nom (EN)', lang: 'en' },
    { kind: 'status' },
  ],
  list: {
    title: CATEGORIES_TITLE,
    breadcrumb: [CATEGORIES_TRAIL[0], { title: CATEGORIES_TITLE }],
    columns: [
      { key: 'id', title: 'ID', sortable: true, width: 90, secondary: true },
      {
        key: 'name_fr',
        title: 'Name',
        sortable: true,
        identifying: true,
        // Exported as shown: the French name, then the English one.
        csv: (category: NewsCategory) => `${category.name_fr} / ${category.name_en}`,
        render: (category: NewsCategory) => (
          <Flex vertical>
            <Typography.Text strong>{category.name_fr}</Typography.Text>
            <Typography.Text type="secondary" lang="en">
              {category.name_en}
            </Typography.Text>
          </Flex>
        ),
      },
    ],
    searchText: (category) => `${category.name_fr} ${category.name_en}`,
    editPath: (category) => `/news/${category.id}/edit`,
  },
});
