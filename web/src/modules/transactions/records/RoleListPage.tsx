/**
 * /transactions/roles screen 'Gérer les rôles' (SPEC section 2 "Transactions (deals)"): ID, Name, Display
 * Name, Status (Actif / Désactivé), Action (toggle with confirmation, edit), 'Ajouter' to /transactions/createrole.
 */
import type { DataColumn } from '../../../components/list/DataList';
import { ResourceListPage } from '../../../components/resource/ResourceListPage';
import { statusActionColumn, statusColumn } from '../../../components/resource/statusColumns';
import { useResourceActions } from '../../../components/resource/useResourceActions';
import { DEALS_CRUMB } from '../breadcrumbs';
import { ROLES_TITLE } from '../texts';
import type { DealRole } from '../types';
import { rolesResource } from './resources';

/** The roles, loaded at once (GET /api/transactions/allroles), searched by name or display name. */
export default function RoleListPage() {
  const { toggleStatus } = useResourceActions(rolesResource);
  const columns: DataColumn<DealRole>[] = [
    { key: 'id', title: 'ID', sortable: true, width: 90, secondary: true },
    { key: 'name', title: 'Name', sortable: true, identifying: true },
    { key: 'display_name', title: 'Display Name', sortable: true },
    statusColumn(),
    statusActionColumn({ toggle: toggleStatus, editPath: (role) => `/transactions/${role.id}/editrole` }),
  ];
  return (
    <ResourceListPage<DealRole>
      resource={rolesResource}
      title={ROLES_TITLE}
      breadcrumb={[DEALS_CRUMB, { title: ROLES_TITLE }]}
      columns={columns}
      searchText={(role) => `${role.name} ${role.display_name}`}
    />
  );
}
