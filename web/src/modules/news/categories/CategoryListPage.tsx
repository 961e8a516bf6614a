/**
 * /news/categories screen: the news categories with ID, Name, Status and Action columns and an
 * 'Ajouter' button to /news/create (SPEC section 2 "News").
 */
import { Flex, Typography } from 'antd';
import type { NewsCategory } from '../../../api/types';
import type { DataColumn } from '../../../components/list/DataList';
import { ResourceListPage } from '../../../components/resource/ResourceListPage';
import { useResourceActions } from '../../../components/resource/useResourceActions';
import { categoriesResource } from '../resource';
import { CATEGORIES_TITLE } from '../texts';
import { CATEGORIES_TRAIL } from './breadcrumbs';
import { statusActionColumn, statusColumn } from '../../../components/resource/statusColumns';

/**
 * Categories list (/news/categories), loaded at once (GET /api/news/all): ID, Name (French name, the
 * English one under it), Status (Actif / Désactivé), Action (toggle with confirmation, edit link to
 * /news/{id}/edit); search by either name.
 */
export default function CategoryListPage() {
  const { toggleStatus } = useResourceActions(categoriesResource);
  const columns: DataColumn<NewsCategory>[] = [
    { key: 'id', title: 'ID', sortable: true, width: 90, secondary: true },
    {
      key: 'name_fr',
      title: 'Name',
      sortable: true,
      identifying: true,
      render: (category) => (
        <Flex vertical>
          <Typography.Text strong>{category.name_fr}</Typography.Text>
          <Typography.Text type="secondary" lang="en">
            {category.name_en}
          </Typography.Text>
        </Flex>
      ),
    },
    statusColumn(),
    statusActionColumn({ toggle: toggleStatus, editPath: (category) => `/news/${category.id}/edit` }),
  ];
  return (
    <ResourceListPage<NewsCategory>
      resource={categoriesResource}
      title={CATEGORIES_TITLE}
      breadcrumb={[CATEGORIES_TRAIL[0], { title: CATEGORIES_TITLE }]}
      columns={columns}
      searchText={(category) => `${category.name_fr} ${category.name_en}`}
    />
  );
}
