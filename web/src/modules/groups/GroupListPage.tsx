/**
 * /groups screen 'Groupes de sirens': Groupe, Sirens (count), Status and Action
 * columns (SPEC section 2 'Groups').
 */
import { Typography } from 'antd';
import type { Group } from '../../api/types';
import type { DataColumn } from '../../components/list/DataList';
import { ResourceListPage } from '../../components/resource/ResourceListPage';
import { useResourceActions } from '../../components/resource/useResourceActions';
import { GROUPS_TITLE, groupsResource } from './resource';
import { statusActionColumn, statusColumn } from '../../components/resource/statusColumns';

/** Groups list (/groups): Groupe, Sirens (count), Status, Action (toggle with confirmation, edit). */
export default function GroupListPage() {
  const { toggleStatus } = useResourceActions(groupsResource);
  const columns: DataColumn<Group>[] = [
    { key: 'name', title: 'Groupe', sortable: true, identifying: true, render: (group) => <Typography.Text strong>{group.name}</Typography.Text>, csv: (group) => group.name },
    {
      key: 'sirens_count',
      title: 'Sirens',
      sortable: true,
      width: 120,
      align: 'right',
      render: (group) => <span data-testid="group-sirens-count">{group.sirens_count.toLocaleString('fr-FR')}</span>,
      csv: (group) => group.sirens_count,
    },
    statusColumn(),
    statusActionColumn({ toggle: toggleStatus, editPath: (group) => `/groups/${group.id}/edit` }),
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
