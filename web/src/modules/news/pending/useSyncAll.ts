/**
 * `useSyncAll`: the Synchroniser call of /news (GET /api/news/syncall): publishes every
 * pending item, toasts the server's count message and reloads the list.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNotify } from '../../../components/feedback/useNotify';
import { syncAll } from './api';
import { PENDING_NEWS_KEY } from './queries';

/**
 * Synchroniser as a mutation: success toasts the answer's message ('3 articles publiés avec succès!',
 * or that none was pending) and reloads the pending list; a failure toasts the error. `isPending` is
 * true while it runs (the button spins and ignores clicks).
 */
export function useSyncAll() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: syncAll,
    onSuccess: async (answer) => {
      notify.success(answer.message);
      await queryClient.invalidateQueries({ queryKey: PENDING_NEWS_KEY });
    },
    onError: (error) => notify.apiError(error),
  });
}
