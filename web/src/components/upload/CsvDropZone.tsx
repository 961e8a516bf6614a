/**
 * `CsvDropZone`: the drop zone and file picker of a CSV import (news, deals): `.csv` only, one file, no
 * list of files, the chosen file sent at once through the screen's upload mutation (`uploadThrough`).
 */
import { InboxOutlined } from '@ant-design/icons';
import { Typography, Upload } from 'antd';
import type { ReactNode } from 'react';
import { uploadThrough, type FileMutation } from '../../lib/uploadRequest';

/** Props of `CsvDropZone`. */
export interface CsvDropZoneProps<T> {
  /** The mutation that sends the picked file. */
  upload: FileMutation<T>;
  /** The file's expected format, under the invitation. */
  hint: ReactNode;
  /** `data-testid` of the zone. */
  testId: string;
  /** The file is being sent: the zone is disabled and says so (left unset where the zone is hidden meanwhile). */
  sending?: boolean;
}

/** The drop zone (see the module docstring): an inbox icon, 'Cliquez ou déposez un fichier CSV ici' and the hint. */
export function CsvDropZone<T>({ upload, hint, testId, sending }: CsvDropZoneProps<T>) {
  return (
    <Upload.Dragger
      accept=".csv"
      multiple={false}
      maxCount={1}
      showUploadList={false}
      disabled={sending}
      customRequest={uploadThrough(upload)}
      data-testid={testId}
    >
      <p className="ant-upload-drag-icon">
        <InboxOutlined aria-hidden />
      </p>
      <Typography.Paragraph strong style={{ marginBottom: 4 }}>
        {sending ? 'Envoi du fichier…' : 'Cliquez ou déposez un fichier CSV ici'}
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0, paddingInline: 16 }}>
        {hint}
      </Typography.Paragraph>
    </Upload.Dragger>
  );
}
