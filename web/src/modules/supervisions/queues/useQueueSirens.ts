/**
 * `useQueueSirens`: sends the textarea's SIRENs to `POST queues/{queue}/sirens` through the shared form mechanism: the lines split, trimmed, empty
 * ones dropped, each sent with its line number (`parseSirenLines` of the groups); success toasts the
 * server's message, clears the textarea and reloads the queue's figures, and the notes of the SIRET lines
 * (taken for their SIREN) are kept for the form to show; a 422 puts every message (one per invalid line)
 * under the textarea.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useSirenLinesForm } from '../../../components/siren/useSirenLinesForm';
import { parseSirenLines } from '../../../lib/sirenLines';
import { addQueueSirens, type QueueName, type QueueSirensResult } from './api';
import { queueKey } from './queries';

/** The form instance, submit handler, pending flag and notes (a second click while a call is in flight sends nothing). */
export function useQueueSirens(queue: QueueName) {
  const queryClient = useQueryClient();
  return useSirenLinesForm<QueueSirensResult>({
    submit: (values) => addQueueSirens(queue, parseSirenLines(values.sirens ?? '')),
    successToast: (result) => result.message,
    allFieldMessages: true,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queueKey(queue) });
    },
  });
}
