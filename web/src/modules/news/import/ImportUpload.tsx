/** The CSV file picker of /news/import: `.csv` only, one file, sent at once (SPEC sections 2 "News" and 5). */
import { InboxOutlined } from '@ant-design/icons';
import { Typography, Upload } from 'antd';
import { NEWS_CSV_HINT } from './csvHint';
import { useUploadCsv } from './useUploadCsv';
import { uploadThrough } from '../../../lib/uploadRequest';

/**
 * A drop zone and file picker accepting `.csv` (`data-testid="news-csv-upload"`); the chosen file is
 * uploaded at once (one request), the zone disabled while it is sent.
 */
export function ImportUpload() {
  const upload = useUploadCsv();
  return (
    <Upload.Dragger
      accept=".csv"
      multiple={false}
      maxCount={1}
      showUploadList={false}
      disabled={upload.isPending}
      customRequest={uploadThrough(upload)}
      data-testid="news-csv-upload"
    >
      <p className="ant-upload-drag-icon">
        <InboxOutlined aria-hidden />
      </p>
      <Typography.Paragraph strong style={{ marginBottom: 4 }}>
        {upload.isPending ? 'Envoi du fichier…' : 'Cliquez ou déposez un fichier CSV ici'}
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0, paddingInline: 16 }}>
        {NEWS_CSV_HINT}
      </Typography.Paragraph>
    </Upload.Dragger>
  );
}
