/**
 * `useUploadCsv`: sends the chosen CSV to POST /api/news/import (SPEC section 7 "News": multipart `file`
 * with the CSRF header) and starts following its job.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isUploadAborted } from '../../../api/upload';
import { useNotify } from '../../../components/feedback/useNotify';
import { UPLOAD_CANCELLED } from '../../../components/upload/UploadProgress';
import { useUploadProgress } from '../../../components/upload/useUploadProgress';
import { uploadNewsCsv } from './api';
import { IMPORT_JOB_KEY, IMPORT_KEY } from './queries';

/** Key of the « Fichier reçu » toast of an upload, closed once the import's result is on screen. */
export const RECEIVED_TOAST_KEY = 'news-import-received';

/**
 * The upload as a mutation: on the 202 the queued job becomes the screen's job (its progress is then
 * followed) and the server's message is toasted; a refusal (422: not .csv, too big, unreadable, an import
 * already pending) toasts the first message of errors.file and reloads the import's state; a cancelled upload
 * says so. `tracker`: the bytes sent and the cancel of the upload under way.
 */
export function useUploadCsv() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const tracker = useUploadProgress();
  const upload = useMutation({
    mutationFn: (file: Blob) => tracker.run(file, uploadNewsCsv),
    onSuccess: (answer) => {
      queryClient.setQueryData(IMPORT_JOB_KEY, { job: answer.job });
      notify.info(answer.message, { key: RECEIVED_TOAST_KEY });
    },
    onError: (error) => {
      // Cancelled: the server drops the cut upload's job as it notices; the import's state has not changed.
      if (isUploadAborted(error)) return notify.info(UPLOAD_CANCELLED);
      notify.apiError(error, 'file');
      void queryClient.invalidateQueries({ queryKey: IMPORT_KEY });
    },
  });
  return { upload, tracker };
}
