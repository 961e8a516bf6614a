/** The CSV file picker of /news/import: `.csv` only, one file, sent at once (SPEC sections 2 "News" and 5). */
import { CsvDropZone } from '../../../components/upload/CsvDropZone';
import { NEWS_CSV_HINT } from './csvHint';
import { useUploadCsv } from './useUploadCsv';

/**
 * A drop zone and file picker accepting `.csv` (`data-testid="news-csv-upload"`); the chosen file is
 * uploaded at once (one request), the bytes sent and « Annuler l’envoi » in its place while it goes out.
 */
export function ImportUpload() {
  const { upload, tracker } = useUploadCsv();
  return <CsvDropZone upload={upload} hint={NEWS_CSV_HINT} testId="news-csv-upload" sending={upload.isPending} tracker={tracker} />;
}
