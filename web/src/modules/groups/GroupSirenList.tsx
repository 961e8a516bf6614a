/**
 * Server-paged list of a group's SIRENs with a delete button per row
 * (SPEC section 2 'Groups', confirmation of section 4).
 */
import { useMemo } from 'react';
import type { GroupSiren } from '../../api/types';
import { useConfirmAction } from '../../components/feedback/useConfirmAction';
import { DataList, type DataColumn } from '../../components/list/DataList';
import { deleteColumn } from '../../components/list/deleteColumn';
import type { ServerListSource } from '../../components/list/useDataList';
import { formatDateTime } from '../../lib/dates';
import { filterGroupSirens, removeGroupSiren } from './api';
import { groupsResource } from './resource';
import { CompanyNameCell } from './CompanyNameCell';
import { CONFIRM_REMOVE_SIREN } from './texts';

/** Props of `GroupSirenList`. */
export interface GroupSirenListProps {
  groupId: number;
}

/**
 * The SIRENs of a group, paged on the server (`data-testid="group-sirens-list"`): ID, Siren,
 * Entreprise (the register's name, « connu seulement par ses établissements » or « inconnu au répertoire », and
 * « Siège fermé » when its head office is closed), Date d'ajout and a
 * delete button per row (confirmation, then the group and list reload and a
 * toast); search by the digits of a SIREN. Its state is in the URL under the `sirens.` keys
 * (`?sirens.page=2`), apart from any list the page may add.
 */
export function GroupSirenList({ groupId }: GroupSirenListProps) {
  const confirmAction = useConfirmAction();
  const source = useMemo<ServerListSource<GroupSiren>>(
    () => ({
      mode: 'server',
      queryKey: [groupsResource.key, groupId, 'sirens'],
      fetch: (filter, page, signal) => filterGroupSirens(groupId, filter, page, signal),
    }),
    [groupId],
  );
  const columns: DataColumn<GroupSiren>[] = [
    { key: 'id', title: 'ID', sortable: true, width: 100, secondary: true },
    {
      key: 'siren',
      title: 'Siren',
      sortable: true,
      identifying: true,
      minWidth: 110,
      render: (row) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{row.siren}</span>,
    },
    {
      key: 'company_name',
      title: 'Entreprise',
      minWidth: 200,
      render: (row) => <CompanyNameCell name={row.company_name} knownFrom={row.known_from} headOfficeClosed={row.head_office_closed} />,
    },
    { key: 'created_at', title: 'Date d’ajout', render: (row) => formatDateTime(row.created_at) },
    deleteColumn<GroupSiren>({
      label: (row) => `Effacer le siren ${row.siren}`,
      testId: 'remove-siren',
      onDelete: (row) =>
        confirmAction({
          content: CONFIRM_REMOVE_SIREN,
          okText: 'Effacer',
          action: () => removeGroupSiren(row.id),
          errorField: 'destroy',
          danger: true,
          invalidate: [[groupsResource.key]],
        }),
    }),
  ];
  return (
    <DataList<GroupSiren>
      source={source}
      columns={columns}
      search={{ placeholder: 'Rechercher un siren' }}
      urlNamespace="sirens"
      testId="group-sirens-list"
      exportCsv={{ path: '/api/groups/sirens/{id}/export.csv', pathParams: { id: groupId } }}
    />
  );
}
