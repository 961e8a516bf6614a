/**
 * The query of one page of a server-mode list: its key and fetcher for a list state,
 * computed the same way by the list itself (`useDataList`) and by a route that starts loading the page
 * before its code has arrived (a module route's `prefetch`), so that both share one request.
 */
import type { ListFilter } from '../../api/types';
import type { ListState } from './listState';
import type { ServerListSource } from './useDataList';

/** The filter body sent by server-mode lists. */
export function toListFilter(state: ListState): ListFilter {
  return {
    pagination: { per_page: state.perPage, current_page: state.page },
    orderBy: state.orderBy,
    search: state.search,
  };
}

/**
 * Query options of the page `state` of a server-mode list: key `[...source.queryKey, filter]`, fetcher
 * `source.fetch(filter, state.page)`, and the source's `staleTime` (undefined: TanStack's default, 0).
 */
export function serverListQuery<T>(source: ServerListSource<T>, state: ListState) {
  const filter = toListFilter(state);
  return {
    queryKey: [...source.queryKey, filter],
    queryFn: ({ signal }: { signal?: AbortSignal }) => source.fetch(filter, state.page, signal),
    staleTime: source.staleTime,
  };
}
