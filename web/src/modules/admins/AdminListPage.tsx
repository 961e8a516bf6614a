/**
 * /admins screen: administrators list with Admin, Email, Status and Action columns
 * (SPEC section 2 'Administrators').
 */
import { Avatar, Flex, Typography } from 'antd';
import { adminLocks } from '../../../../contract/admin-rules';
import type { Admin } from '../../api/types';
import type { DataColumn } from '../../components/list/DataList';
import { ResourceListPage } from '../../components/resource/ResourceListPage';
import { useResourceActions } from '../../components/resource/useResourceActions';
import { useCurrentUser } from '../auth/CurrentUserContext';
import { adminsResource } from './resource';
import { statusActionColumn, statusColumn } from '../../components/resource/statusColumns';

/**
 * Administrators list (/admins): Admin, Email, Status, Action; sortable by name, email, status. The
 * signed-in administrator's row says '(vous)'; 'Désactiver' is disabled, with a tooltip saying why,
 * on the super admin's row and on one's own.
 */
export default function AdminListPage() {
  const { toggleStatus } = useResourceActions(adminsResource);
  const me = useCurrentUser();
  const columns: DataColumn<Admin>[] = [
    {
      key: 'name',
      title: 'Admin',
      sortable: true,
      identifying: true,
      minWidth: 180,
      csv: (admin) => admin.name,
      render: (admin) => (
        <Flex align="center" gap={10}>
          <Avatar src={admin.avatar_url} alt="" size={32} style={{ flex: 'none' }} />
          <Typography.Text strong>{admin.name}</Typography.Text>
          {admin.id === me.id ? <Typography.Text type="secondary">(vous)</Typography.Text> : null}
        </Flex>
      ),
    },
    { key: 'email', title: 'Email', sortable: true, csv: (admin) => admin.email },
    statusColumn(),
    statusActionColumn({
      toggle: toggleStatus,
      editPath: (admin) => `/admins/${admin.id}/edit`,
      disabledReason: (admin) => (admin.status === 1 ? adminLocks(admin.id, me.id).disable : undefined),
    }),
  ];
  return (
    <ResourceListPage<Admin>
      resource={adminsResource}
      title="Administrateurs"
      columns={columns}
      searchText={(admin) => `${admin.name} ${admin.email}`}
    />
  );
}
