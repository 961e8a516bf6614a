/** The CSV file picker of /news/import: `.csv` only, one file, sent at once (SPEC sections 2 "News" and 5). */
import { CsvDropZone } from '../../../components/upload/CsvDropZone';
import { NEWS_CSV_HINT } from './csvHint';
import { useUploadCsv } from './useUploadCsv';

/**
 * A drop zone and file picker accepting `.csv` (`data-testid="news-csv-upload"`); the chosen file is
 * uploaded at once (one request), the zone disabled while it is sent.
 */
export function ImportUpload() {
  const upload = useUploadCsv();
  return <CsvDropZone upload={upload} hint={NEWS_CSV_HINT} testId="news-csv-upload" sending={upload.isPending} />;
}
