/**
 * `useSyncAll`: the Synchroniser call of /news (GET /api/news/syncall): publishes every
 * pending item, toasts the server's count message and reloads the list. `useConfirmedSyncAll` asks first,
 * with the count: « Publier 230 articles ? ».
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useConfirm } from '../../../components/feedback/useConfirmAction';
import { useNotify } from '../../../components/feedback/useNotify';
import { pendingCount, syncAll } from './api';
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

/** The question before publishing `count` pending news: « Publier 230 articles ? ». */
export function syncQuestion(count: number): string {
  return `Publier ${count.toLocaleString('fr-FR')} article${count > 1 ? 's' : ''}\u00a0?`;
}

/**
 * Synchroniser with a confirmation: `start()` counts the pending news, then asks « Publier N articles ? »
 * (« Publier » / « Annuler ») before publishing them; with none pending it calls at once, so that the server's
 * « Aucun article publié » toast shows as before (SPEC section 8). `busy` covers the count and the call.
 */
export function useConfirmedSyncAll() {
  const sync = useSyncAll();
  const confirm = useConfirm();
  const notify = useNotify();
  const [counting, setCounting] = useState(false);
  const start = async () => {
    if (counting || sync.isPending) return;
    setCounting(true);
    let count: number;
    try {
      count = await pendingCount();
    } catch (error) {
      notify.apiError(error);
      return;
    } finally {
      setCounting(false);
    }
    if (count === 0) sync.mutate();
    else confirm({ content: syncQuestion(count), okText: 'Publier', onOk: () => sync.mutateAsync().catch(() => undefined) });
  };
  return { start, busy: counting || sync.isPending };
}
