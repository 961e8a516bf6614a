/**
 * The temporaries of /news/import, paged on the server (SPEC section 2 "News"): every
 * row with its errors, a chip showing only the rows in error, a delete button per row, « Exporter CSV », and
 * 'Effacer' on the ticked rows or on every row of the chip (the rows in error: the chip, then « Tout sélectionner »).
 */
import { DeleteOutlined } from '@ant-design/icons';
import { useMemo } from 'react';
import type { NewsTemporariesPage, NewsTemporary } from '../../../api/types';
import { useConfirmAction } from '../../../components/feedback/useConfirmAction';
import type { BulkOptions } from '../../../components/list/BulkBar';
import { DataList } from '../../../components/list/DataList';
import type { ServerListSource } from '../../../components/list/useDataList';
import { CONFIRM_REMOVE_TEMPORARY, NEWS_SEARCH_PLACEHOLDER, deleteTemporariesQuestion } from '../texts';
import { deleteTemporaries, filterTemporaries, removeTemporary } from './api';
import { IMPORT_KEY, IMPORT_ROWS_KEY, ONLY_ERRORS } from './queries';
import { temporaryColumns } from './temporaryColumns';

const source: ServerListSource<NewsTemporary> = { mode: 'server', queryKey: [...IMPORT_ROWS_KEY], fetch: filterTemporaries };

/** 'Effacer' on the ticked rows; the counts of the review (IMPORT_KEY) are read again after it. */
const bulk: BulkOptions = {
  actions: [{ key: 'delete', label: 'Effacer', icon: <DeleteOutlined aria-hidden />, danger: true, question: deleteTemporariesQuestion, run: deleteTemporaries }],
  invalidate: [[...IMPORT_KEY]],
};

/** Props of `TemporaryList`. */
export interface TemporaryListProps {
  /** Counts of the chips. */
  summary: Pick<NewsTemporariesPage, 'rows_total' | 'rows_in_error'>;
}

/**
 * The rows (`data-testid="temporaries-list"`): chips 'Toutes (n)' and 'Lignes en erreur (n)' (search
 * `onlyerrors`), a search by SIREN, title or category, and on each row 'Effacer' (confirmation, then
 * GET /api/news/remove/{id}, the list and counts reloaded, a toast); ticked rows get the bar of `BulkBar`.
 */
export function TemporaryList({ summary }: TemporaryListProps) {
  const confirmAction = useConfirmAction();
  const columns = useMemo(
    () =>
      temporaryColumns((row) =>
        confirmAction({
          content: CONFIRM_REMOVE_TEMPORARY,
          okText: 'Effacer',
          action: () => removeTemporary(row.id),
          danger: true,
          invalidate: [[...IMPORT_KEY]],
        }),
      ),
    [confirmAction],
  );
  const fmt = (n: number) => n.toLocaleString('fr-FR');
  return (
    <DataList<NewsTemporary>
      source={source}
      columns={columns}
      search={{
        placeholder: NEWS_SEARCH_PLACEHOLDER,
        quick: [
          { value: '', label: `Toutes (${fmt(summary.rows_total)})`, isDefault: true },
          { value: ONLY_ERRORS, label: `Lignes en erreur (${fmt(summary.rows_in_error)})` },
        ],
      }}
      defaultSort={{ column: 'id', direction: 'asc' }}
      bulk={bulk}
      urlNamespace="rows"
      testId="temporaries-list"
      exportCsv={{ path: '/api/news/temporaries/export.csv' }}
    />
  );
}
