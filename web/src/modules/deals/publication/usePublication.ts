/**
 * `usePublication`: the stats (c1, c2) and the insert / purge actions of /transactions (SPEC sections 2, 4
 * and 8): each action toasts its count ('Aucune insertion effectuée!' / '{n} insertions
 * effectuées avec succès!', the same for purges), then reloads the stats and the list.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify } from '../../../components/feedback/useNotify';
import { insertToast, purgeToast } from '../texts';
import { DEAL_STATS_KEY, fetchDealStats, insertAll, purgeLast } from './api';

/** Query key prefix of the deals list (reloaded after a publication). */
export const DEALS_LIST_KEY = ['deals', 'filter'] as const;

/** The stats query and the two actions; a click while an action runs is ignored. */
export function usePublication() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const stats = useQuery({ queryKey: DEAL_STATS_KEY, queryFn: ({ signal }) => fetchDealStats(signal) });
  const reload = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: DEAL_STATS_KEY }),
      queryClient.invalidateQueries({ queryKey: DEALS_LIST_KEY }),
    ]);
  };
  const action = (call: () => Promise<number>, toast: (n: number) => string) => ({
    mutationFn: call,
    onSuccess: async (count: number) => {
      if (count === 0) notify.info(toast(0));
      else notify.success(toast(count));
      await reload();
    },
    onError: (error: unknown) => notify.apiError(error),
  });
  const insert = useMutation(action(insertAll, insertToast));
  const purge = useMutation(action(purgeLast, purgeToast));
  return { stats, insert, purge };
}
