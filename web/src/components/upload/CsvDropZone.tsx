/**
 * `CsvDropZone`: the drop zone and file picker of a CSV import (news, deals): `.csv` only, one file, no
 * list of files, the chosen file sent at once through the screen's upload mutation (`uploadThrough`); while it
 * goes out, the bytes sent and « Annuler l’envoi » in its place (`UploadProgress`).
 */
import { InboxOutlined } from '@ant-design/icons';
import { Flex, Typography, Upload } from 'antd';
import type { ReactNode } from 'react';
import { uploadThrough, type FileMutation } from '../../lib/uploadRequest';
import { UploadProgress } from './UploadProgress';
import type { UploadTracker } from './useUploadProgress';

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
  /** The upload's progress: while the file goes out, the zone gives way to the bytes sent and the cancel button. */
  tracker?: UploadTracker;
}

/** The drop zone (see the module docstring): an inbox icon, 'Cliquez ou déposez un fichier CSV ici' and the hint. */
export function CsvDropZone<T>({ upload, hint, testId, sending, tracker }: CsvDropZoneProps<T>) {
  if (tracker?.progress) {
    return (
      <Flex justify="center" style={{ padding: 24, border: '1px dashed #d9d9d9', borderRadius: 8 }} data-testid={`${testId}-sending`}>
        <UploadProgress progress={tracker.progress} onCancel={tracker.cancel} />
      </Flex>
    );
  }
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
