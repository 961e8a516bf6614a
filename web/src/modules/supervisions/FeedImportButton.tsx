/**
 * « Importer un fichier »: picks one file of the feed's types and sends it to
 * `POST /api/supervisions/import/{feed}` through the shared upload of the API client (multipart, CSRF
 * header), then hands the queued job to the page, which shows its progress. While the file goes out, the bytes
 * sent and « Annuler l’envoi » take the button's place (`UploadProgress`).
 */
import { UploadOutlined } from '@ant-design/icons';
import { Button, Upload } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { isApiError } from '../../api/errors';
import { isUploadAborted } from '../../api/upload';
import { UPLOAD_CANCELLED, UploadProgress } from '../../components/upload/UploadProgress';
import { useUploadProgress } from '../../components/upload/useUploadProgress';
import type { Job } from '../../api/types';
import { useNotify } from '../../components/feedback/useNotify';
import { uploadFeedFile, type UploadFeed } from './api';
import { ACCEPTED_FILES, ACCEPTED_HINT, IMPORT_BUTTON } from './texts';
import { uploadThrough } from '../../lib/uploadRequest';

/** Props of `FeedImportButton`. */
export interface FeedImportButtonProps {
  feed: UploadFeed;
  /** Called with the queued job once the server has the file. */
  onQueued: (job: Job) => void;
}

/**
 * The button (`data-testid="feed-import-{feed}"`, file types of `ACCEPTED_FILES`), busy while the file
 * is sent; the server's message once it is queued; a refusal toasts the server's French message (errors.file of a 422, or the message of a 413).
 */
export function FeedImportButton({ feed, onQueued }: FeedImportButtonProps) {
  const notify = useNotify();
  const tracker = useUploadProgress();
  const upload = useMutation({
    mutationFn: (file: Blob) => tracker.run(file, (f, opts) => uploadFeedFile(feed, f, opts)),
    onSuccess: (answer) => {
      notify.info(answer.message);
      onQueued(answer.job);
    },
    onError: (error) => {
      if (isUploadAborted(error)) notify.info(UPLOAD_CANCELLED);
      else if (isApiError(error, 413)) notify.error(error.message);
      else notify.apiError(error, 'file');
    },
  });
  if (tracker.progress) return <UploadProgress progress={tracker.progress} onCancel={tracker.cancel} compact />;
  return (
    <Upload
      accept={ACCEPTED_FILES[feed]}
      multiple={false}
      maxCount={1}
      showUploadList={false}
      disabled={upload.isPending}
      customRequest={uploadThrough(upload)}
      data-testid={`feed-import-${feed}`}
    >
      <Button type="primary" icon={<UploadOutlined aria-hidden />} loading={upload.isPending} title={ACCEPTED_HINT[feed]}>
        {IMPORT_BUTTON}
      </Button>
    </Upload>
  );
}
