/**
 * /news/categories screen: the news categories with ID, Name, Status and Action columns and an
 * 'Ajouter' button to /news/create (SPEC section 2 "News").
 */
import { Flex, Space, Typography } from 'antd';
import type { NewsCategory } from '../../../api/types';
import type { DataColumn } from '../../../components/list/DataList';
import { EditLink } from '../../../components/resource/EditLink';
import { ResourceListPage } from '../../../components/resource/ResourceListPage';
import { StatusToggleButton } from '../../../components/resource/StatusToggleButton';
import { useResourceActions } from '../../../components/resource/useResourceActions';
import { StatusTag } from '../../../components/StatusTag';
import { categoriesResource } from '../resource';
import { CATEGORIES_TITLE } from '../texts';
import { CATEGORIES_TRAIL } from './breadcrumbs';

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
    { key: 'status', title: 'Status', sortable: true, width: 130, render: (category) => <StatusTag status={category.status} /> },
    {
      key: 'action',
      title: 'Action',
      width: 230,
      render: (category) => (
        <Space size="middle">
          <StatusToggleButton status={category.status} onClick={() => toggleStatus(category)} />
          <EditLink to={`/news/${category.id}/edit`} />
        </Space>
      ),
    },
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
