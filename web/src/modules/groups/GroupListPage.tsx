/**
 * /groups screen 'Groupes de sirens': Groupe, Sirens (count), Status and Action
 * columns (SPEC section 2 'Groups').
 */
import { Space, Typography } from 'antd';
import type { Group } from '../../api/types';
import type { DataColumn } from '../../components/list/DataList';
import { EditLink } from '../../components/resource/EditLink';
import { ResourceListPage } from '../../components/resource/ResourceListPage';
import { StatusToggleButton } from '../../components/resource/StatusToggleButton';
import { useResourceActions } from '../../components/resource/useResourceActions';
import { StatusTag } from '../../components/StatusTag';
import { GROUPS_TITLE, groupsResource } from './resource';

/** Groups list (/groups): Groupe, Sirens (count), Status, Action (toggle with confirmation, edit). */
export default function GroupListPage() {
  const { toggleStatus } = useResourceActions(groupsResource);
  const columns: DataColumn<Group>[] = [
    { key: 'name', title: 'Groupe', sortable: true, identifying: true, render: (group) => <Typography.Text strong>{group.name}</Typography.Text> },
    {
      key: 'sirens_count',
      title: 'Sirens',
      sortable: true,
      width: 120,
      align: 'right',
      render: (group) => <span data-testid="group-sirens-count">{group.sirens_count.toLocaleString('fr-FR')}</span>,
    },
    { key: 'status', title: 'Status', sortable: true, width: 130, render: (group) => <StatusTag status={group.status} /> },
    {
      key: 'action',
      title: 'Action',
      width: 230,
      render: (group) => (
        <Space size="middle">
          <StatusToggleButton status={group.status} onClick={() => toggleStatus(group)} />
          <EditLink to={`/groups/${group.id}/edit`} />
        </Space>
      ),
    },
  ];
  return (
    <ResourceListPage<Group>
      resource={groupsResource}
      title={GROUPS_TITLE}
      columns={columns}
      searchText={(group) => group.name}
    />
  );
}
