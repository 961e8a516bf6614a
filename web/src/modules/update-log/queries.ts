/**
 * The update log's queries (SPEC section 2 'Update log'), shared by its page and by its route's
 * `prefetch`, which starts them while the page's code downloads: the statistics
 * (GET /api/messages/getdatas), the log's first page for the filter kept in localStorage
 * (POST /api/messages/filter) and the configuration of its links (GET /api/config). Holds no component:
 * the module descriptor imports it.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { LogEntry } from '../../api/types';
import { appConfigQuery } from '../../app/appConfig';
import { serverListQuery } from '../../components/list/listQuery';
import { initialListState, loadListState } from '../../components/list/listState';
import type { ServerListSource } from '../../components/list/useDataList';
import { fetchLogStats, filterLog } from './api';

/** localStorage key of the log filter (page size, sort, search, page), restored on the next visit. */
export const LOG_FILTER_STORAGE_KEY = 'vigie.update-log.filter';

/**
 * How long (ms) a prefetched answer counts as fresh: long enough for the page that mounts right after its
 * route's prefetch not to ask again, short enough that coming back later refreshes it as before.
 */
export const PREFETCHED_FRESH_MS = 5_000;

/** Statistics of the update log (query key `['messages', 'stats']`). */
export const logStatsQuery = queryOptions({
  queryKey: ['messages', 'stats'],
  queryFn: ({ signal }) => fetchLogStats(signal),
  staleTime: PREFETCHED_FRESH_MS,
});

/** The log table's source: one `POST /api/messages/filter?page=n` per page (query key `['messages', 'filter', body]`). */
export const logListSource: ServerListSource<LogEntry> = {
  mode: 'server',
  queryKey: ['messages', 'filter'],
  fetch: filterLog,
  staleTime: PREFETCHED_FRESH_MS,
};

/**
 * The route's prefetch: statistics, the page of the log the table will show (its filter as saved in
 * localStorage, as `DataList` reads it) and the links' configuration.
 */
export function prefetchUpdateLog(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(logStatsQuery);
  void queryClient.prefetchQuery(serverListQuery(logListSource, loadListState(LOG_FILTER_STORAGE_KEY, initialListState())));
  void queryClient.prefetchQuery(appConfigQuery);
}
