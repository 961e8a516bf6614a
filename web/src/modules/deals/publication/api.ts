/**
 * Publication calls (SPEC section 7 "Transactions"): `GET stats` (c1 waiting, c2 published),
 * `GET insert` (publish every new or changed active deal as one batch) and `GET purge` (undo the last batch),
 * both answering the number of deals processed.
 */
import { api, ok } from '../../../api/client';
import type { DealStats } from '../types';

/** Query key of the stats. */
export const DEAL_STATS_KEY = ['deal-stats'] as const;

/** GET /api/transactions/stats. */
export function fetchDealStats(signal?: AbortSignal): Promise<DealStats> {
  return ok(api.GET('/api/transactions/stats', { signal }));
}

/** The count a publication call answers: a number, or `{count}` / `{n}`, read either way. */
function countOf(answer: unknown): number {
  if (typeof answer === 'number') return answer;
  if (typeof answer === 'string') return Number(answer) || 0;
  if (answer && typeof answer === 'object') {
    const value = (answer as Record<string, unknown>).count ?? (answer as Record<string, unknown>).n;
    return typeof value === 'number' ? value : Number(value) || 0;
  }
  return 0;
}

/** GET /api/transactions/insert: the number of deals published. */
export async function insertAll(): Promise<number> {
  return countOf(await ok(api.GET('/api/transactions/insert')));
}

/** GET /api/transactions/purge: the number of deals the undone batch held. */
export async function purgeLast(): Promise<number> {
  return countOf(await ok(api.GET('/api/transactions/purge')));
}
