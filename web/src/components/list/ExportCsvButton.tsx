/**
 * « Exporter CSV » of the shared list's toolbar: downloads every row of the list's current search and sort
 * (not only the page shown) as a CSV file (`downloadListCsv`); spins meanwhile, a second click is ignored; a
 * failure shows the API's message.
 */
import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useNotify } from '../feedback/useNotify';
import { downloadListCsv, type ListExport } from './exportCsv';
import type { ListState } from './listState';

/** The button's text. */
export const EXPORT_CSV_LABEL = 'Exporter CSV';

/** The button (`data-testid="export-csv"`) for `target` and the list's state. */
export function ExportCsvButton({ target, state }: { target: ListExport; state: Pick<ListState, 'search' | 'orderBy'> }) {
  const notify = useNotify();
  const [loading, setLoading] = useState(false);
  const onClick = async () => {
    if (loading) return;
    setLoading(true);
    try {
      await downloadListCsv(target, state);
    } catch (error) {
      notify.apiError(error);
    } finally {
      setLoading(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined aria-hidden />} loading={loading} onClick={() => void onClick()} data-testid="export-csv">
      {EXPORT_CSV_LABEL}
    </Button>
  );
}
