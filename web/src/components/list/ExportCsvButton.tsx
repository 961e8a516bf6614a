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

/** Props of `ExportCsvButton`. */
export interface ExportCsvButtonProps {
  target: ListExport;
  /** The search and sort exported. */
  state: Pick<ListState, 'search' | 'orderBy'>;
  /** The button's text (EXPORT_CSV_LABEL by default) and `data-testid` ('export-csv' by default). */
  label?: string;
  testId?: string;
}

/** The button for `target` and the list's state (or another export of that list, e.g. its rows in error). */
export function ExportCsvButton({ target, state, label = EXPORT_CSV_LABEL, testId = 'export-csv' }: ExportCsvButtonProps) {
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
    <Button icon={<DownloadOutlined aria-hidden />} loading={loading} onClick={() => void onClick()} data-testid={testId}>
      {label}
    </Button>
  );
}
