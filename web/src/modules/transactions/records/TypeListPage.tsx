/**
 * /transactions/types screen 'Gérer les types' (SPEC section 2 "Transactions (deals)"): ID, Name, the status
 * badge and the actions; as the spec says, the header has no Status column although the badge is shown (its
 * header cell holds a label for screen readers only).
 */
import type { DataColumn } from '../../../components/list/DataList';
import { ResourceListPage } from '../../../components/resource/ResourceListPage';
import { statusActionColumn } from '../../../components/resource/statusColumns';
import { useResourceActions } from '../../../components/resource/useResourceActions';
import { StatusTag } from '../../../components/StatusTag';
import { VisuallyHidden } from '../../../components/VisuallyHidden';
import { DEALS_CRUMB } from '../breadcrumbs';
import { TYPES_TITLE } from '../texts';
import type { DealType } from '../types';
import { typesResource } from './resources';

/** The types, loaded at once (GET /api/transactions/alltypes), searched by name. */
export default function TypeListPage() {
  const { toggleStatus } = useResourceActions(typesResource);
  const columns: DataColumn<DealType>[] = [
    { key: 'id', title: 'ID', sortable: true, width: 90, secondary: true },
    { key: 'name', title: 'Name', sortable: true, identifying: true },
    { key: 'status', title: <VisuallyHidden>Statut</VisuallyHidden>, width: 130, render: (type) => <StatusTag status={type.status} /> },
    statusActionColumn({ toggle: toggleStatus, editPath: (type) => `/transactions/${type.id}/edittype` }),
  ];
  return (
    <ResourceListPage<DealType>
      resource={typesResource}
      title={TYPES_TITLE}
      breadcrumb={[DEALS_CRUMB, { title: TYPES_TITLE }]}
      columns={columns}
      searchText={(type) => type.name}
    />
  );
}
