/**
 * « Télécharger CSV » of /supervisions/liveinpi (SPEC section 7 `download-csv`, section 8: a failure is
 * only logged): fetches the export through the API client and saves it as `export.csv`, bytes untouched
 * (its UTF-8 BOM kept); spins meanwhile, a second click is ignored.
 */
import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { saveBlob } from '../../../lib/download';
import { downloadCsv } from './api';
import { CSV_BUTTON, CSV_FILENAME } from './texts';

/** The button (`data-testid="download-csv"`). */
export function CsvButton() {
  const [loading, setLoading] = useState(false);
  const onClick = async () => {
    if (loading) return;
    setLoading(true);
    try {
      saveBlob(await downloadCsv(), CSV_FILENAME);
    } catch (error) {
      // SPEC section 8: « CSV download failure is only logged ».
      console.error('Téléchargement du CSV impossible', error);
    } finally {
      setLoading(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined aria-hidden />} loading={loading} onClick={() => void onClick()} data-testid="download-csv">
      {CSV_BUTTON}
    </Button>
  );
}
