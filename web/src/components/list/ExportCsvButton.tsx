/**
 * « Exporter CSV » of the shared list's toolbar: downloads every row of the list's current search and sort
 * (not only the page shown) as a CSV file: from the list's export route (`downloadListCsv`), or for a
 * client-mode list written in the browser from its loaded rows (`saveClientCsv`); spins meanwhile, a second
 * click is ignored; a failure shows the API's message.
 */
import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useNotify } from '../feedback/useNotify';
import { downloadListCsv, saveClientCsv, type ClientCsvColumn, type ListExport } from './exportCsv';
import type { ListState } from './listState';

/** The button's text. */
export const EXPORT_CSV_LABEL = 'Exporter CSV';

/** Props of `ExportCsvButton`. */
export interface ExportCsvButtonProps<T = unknown> {
  target: ListExport;
  /** A client-mode list: every row of its search and sort, and its exported columns. */
  client?: () => { rows: readonly T[]; columns: readonly ClientCsvColumn<T>[] };
  /** The search and sort exported. */
  state: Pick<ListState, 'search' | 'orderBy'>;
  /** The button's text (EXPORT_CSV_LABEL by default) and `data-testid` ('export-csv' by default). */
  label?: string;
  testId?: string;
}

/** The button for `target` and the list's state (or another export of that list, e.g. its rows in error). */
export function ExportCsvButton<T>({ target, state, client, label = EXPORT_CSV_LABEL, testId = 'export-csv' }: ExportCsvButtonProps<T>) {
  const notify = useNotify();
  const [loading, setLoading] = useState(false);
  const onClick = async () => {
    if (loading) return;
    setLoading(true);
    try {
      if ('path' in target) await downloadListCsv(target, state);
      else if (client) {
        const { rows, columns } = client();
        saveClientCsv(target.name, rows, columns);
      }
    } catch (error) {
      notify.apiError(error);
    } finally {
      setLoading(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined aria-hidden />} loading={loading} onClick={() => void onClick()} data-testid={testId}>
      {label}
    </Button>
  );
}
