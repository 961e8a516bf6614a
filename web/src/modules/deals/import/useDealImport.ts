/**
 * `useDealImport`: the upload of /transactions/import (SPEC sections 4 and 8). The call
 * waits for the import to finish; meanwhile the caller's import job is read every second for the progress bar.
 * `1` goes to /transactions/success (the list, the stats and the files reloaded); a 422 keeps the rows in
 * error for the table; every failure, and any answer other than `1`, toasts 'Une erreur est survenue!'; an upload
 * cancelled while it was sent (`tracker`, « Annuler l’envoi ») says so.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { GENERIC_ERROR } from '../../../api/client';
import { isUploadAborted } from '../../../api/upload';
import { useNotify } from '../../../components/feedback/useNotify';
import { UPLOAD_CANCELLED } from '../../../components/upload/UploadProgress';
import { useUploadProgress } from '../../../components/upload/useUploadProgress';
import { DEAL_STATS_KEY } from '../publication/api';
import { FILES_KEY, fetchDealImportJob, importRefusal, uploadDealsCsv } from './api';

/** How often the running job is read while the upload waits (ms). */
export const IMPORT_JOB_POLL_MS = 1000;

/** The upload mutation, its progress while the file is sent, the running job, and the refusal of the last upload. */
export function useDealImport() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const notify = useNotify();
  const tracker = useUploadProgress();
  const upload = useMutation({
    mutationFn: async (file: Blob) => {
      const answer = await tracker.run(file, uploadDealsCsv);
      if (Number(answer) !== 1) throw new Error(GENERIC_ERROR);
      return answer;
    },
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['deals'] }),
        queryClient.invalidateQueries({ queryKey: DEAL_STATS_KEY }),
        queryClient.invalidateQueries({ queryKey: FILES_KEY }),
      ]);
      navigate('/transactions/success');
    },
    onError: (error) => (isUploadAborted(error) ? notify.info(UPLOAD_CANCELLED) : notify.error(GENERIC_ERROR)),
  });
  const job = useQuery({
    queryKey: ['deal-import-job'],
    queryFn: ({ signal }) => fetchDealImportJob(signal),
    enabled: upload.isPending,
    refetchInterval: upload.isPending ? IMPORT_JOB_POLL_MS : false,
    retry: false,
  });
  return {
    upload,
    tracker,
    job: upload.isPending ? (job.data?.job ?? null) : null,
    refusal: upload.isError ? importRefusal(upload.error) : null,
  };
}
