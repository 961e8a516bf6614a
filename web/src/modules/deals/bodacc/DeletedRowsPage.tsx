/**
 * /transactions/bodacc/deleted screen « Lignes supprimées »: the legal-announcement transaction rows deleted from
 * /transactions/bodacc, newest deletion first: SIREN, Société, N° de transaction, Date de l'annonce, Supprimée le,
 * Par, and « Restaurer » per row: confirmed first (naming the row), it puts the row back in the list.
 */
import { UndoOutlined } from '@ant-design/icons';
import { Button, Card } from 'antd';
import { useCallback, useMemo } from 'react';
import type { DeletedBodaccRow } from '../../../../../contract/deal-lists';
import { ButtonLink } from '../../../components/ButtonLink';
import { useConfirmAction } from '../../../components/feedback/useConfirmAction';
import { PageHeader } from '../../../components/layout/PageHeader';
import { DataList, type DataColumn } from '../../../components/list/DataList';
import type { ServerListSource } from '../../../components/list/useDataList';
import { formatDateTime } from '../../../lib/dates';
import { DEALS_CRUMB } from '../breadcrumbs';
import { cell, dayText } from '../format';
import { BODACC_SEARCH_PLACEHOLDER, BODACC_TITLE } from '../texts';
import { BODACC_KEY, filterDeletedBodacc, restoreBodacc } from './api';
import { BODACC_LABELS } from './fields';
import { DELETED_TITLE, restoreQuestion } from './texts';

const source: ServerListSource<DeletedBodaccRow> = { mode: 'server', queryKey: [...BODACC_KEY, 'deleted'], fetch: filterDeletedBodacc };

/** The deleted rows, paged on the server, each restorable. */
export default function DeletedRowsPage() {
  const confirmAction = useConfirmAction();
  const restore = useCallback(
    (row: DeletedBodaccRow) =>
      confirmAction({
        content: restoreQuestion(row),
        okText: 'Restaurer',
        action: () => restoreBodacc(row.id),
        invalidate: [[...BODACC_KEY]],
      }),
    [confirmAction],
  );
  const columns = useMemo<DataColumn<DeletedBodaccRow>[]>(
    () => [
      { key: 'b1', title: BODACC_LABELS.b1, sortable: true, identifying: true, minWidth: 110, render: (row) => cell(row.b1) },
      { key: 'b2', title: BODACC_LABELS.b2, minWidth: 200, render: (row) => cell(row.b2) },
      { key: 'b4', title: BODACC_LABELS.b4, width: 150, render: (row) => cell(row.b4) },
      { key: 'b5', title: BODACC_LABELS.b5, width: 150, render: (row) => dayText(row.b5) },
      { key: 'deleted_at', title: 'Supprimée le', sortable: true, width: 150, render: (row) => formatDateTime(row.deleted_at) },
      { key: 'deleted_by', title: 'Par', minWidth: 140, render: (row) => row.deleted_by ?? '-' },
      {
        key: 'action',
        title: 'Action',
        width: 140,
        render: (row) => (
          <Button
            size="small"
            icon={<UndoOutlined aria-hidden />}
            aria-label={`Restaurer la ligne ${row.b4 ? `de l’annonce n° ${row.b4}` : row.id}`}
            data-testid="bodacc-restore"
            onClick={() => restore(row)}
          >
            Restaurer
          </Button>
        ),
      },
    ],
    [restore],
  );
  return (
    <>
      <PageHeader
        title={DELETED_TITLE}
        breadcrumb={[DEALS_CRUMB, { title: BODACC_TITLE, to: '/transactions/bodacc' }, { title: DELETED_TITLE }]}
        extra={<ButtonLink to="/transactions/bodacc">{BODACC_TITLE}</ButtonLink>}
      />
      <Card>
        <DataList<DeletedBodaccRow>
          source={source}
          columns={columns}
          defaultSort={{ column: 'deleted_at', direction: 'desc' }}
          search={{ placeholder: BODACC_SEARCH_PLACEHOLDER }}
          testId="bodacc-deleted-list"
          exportCsv={{ path: '/api/transactions/bodacc/deleted/export.csv' }}
        />
      </Card>
    </>
  );
}
