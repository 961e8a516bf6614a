/**
 * `useDataList`: data side of the shared list, over a loaded array (client mode) or one
 * `POST /api/<x>/filter?page=n` call per page (server mode, filter body of SPEC section 7).
 */
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ListFilter, Paginated, Pagination } from '../../api/types';
import { pageOfRows, type SortValue } from './clientRows';
import { serverListQuery } from './listQuery';
import type { ListSort, ListState } from './listState';
import { useListState, type ListActions } from './useListState';

/** Client mode: the whole array is already loaded (e.g. GET /api/admins/all). */
export interface ClientListSource<T> {
  mode: 'client';
  /** All rows, undefined while loading. */
  rows: T[] | undefined;
  /** True while the rows load (shows the spinner). */
  loading: boolean;
  /** Set when loading failed. */
  error?: unknown;
  /** Loads the rows again (the 'Réessayer' of a failed list). */
  retry?: () => void;
  /** Text a row is searched in (required for the search box to filter in client mode). */
  searchText?: (row: T) => string;
}

/** Server mode: one call per page (e.g. POST /api/messages/filter?page=n). */
export interface ServerListSource<T> {
  mode: 'server';
  /** Query key prefix; the filter and page are appended. */
  queryKey: QueryKey;
  /** Fetches one page for a filter body. */
  fetch: (filter: ListFilter, page: number, signal?: AbortSignal) => Promise<Paginated<T>>;
  /**
   * How long (ms) a loaded page counts as fresh; TanStack's default (0) when unset. A list whose route
   * prefetches its first page sets a few seconds, so that the page mounting right after does not ask again.
   */
  staleTime?: number;
}

/** Where a list's rows come from. */
export type ListSource<T> = ClientListSource<T> | ServerListSource<T>;

/** Options of `useDataList`. */
export interface UseDataListOptions<T> {
  /** Initial/reset sort, id descending by default. */
  defaultSort?: ListSort;
  /** Persist the filter state in localStorage under this key (instead of the URL). */
  storageKey?: string;
  /** Prefix of the list's keys in the URL, for a second list on one page (see `useListState`). */
  urlNamespace?: string;
  /** Columns the list sorts on (a URL naming another one falls back to the default sort). */
  sortColumns?: readonly string[];
  /** Client mode: value of `row` for sort column `column` (defaults to `row[column]`). */
  sortValue?: (row: T, column: string) => SortValue;
}

/** Everything a list UI needs: current rows, pagination, loading flags, state and actions. */
export interface ListView<T> {
  rows: T[];
  pagination: Pagination | null;
  loading: boolean;
  error: unknown;
  /** Loads the rows again after a failure. */
  retry: () => void;
  state: ListState;
  actions: ListActions;
}

const noRetry = () => undefined;

const defaultSortValue = (row: unknown, column: string): SortValue =>
  (row as Record<string, SortValue>)[column];

/**
 * Data side of the shared list, same result in both modes: client mode sorts, searches and
 * paginates a loaded array in the browser; server mode calls `fetch(filter, page)` and keeps
 * the previous page visible (under the spinner) while the next one loads.
 */
export function useDataList<T>(source: ListSource<T>, options: UseDataListOptions<T> = {}): ListView<T> {
  const [state, actions] = useListState({
    defaultSort: options.defaultSort,
    storageKey: options.storageKey,
    urlNamespace: options.urlNamespace,
    sortColumns: options.sortColumns,
  });
  const server = source.mode === 'server' ? source : null;
  const serverQuery = server ? serverListQuery(server, state) : null;
  const query = useQuery({
    // Client mode: a disabled query, under a fixed key.
    queryKey: serverQuery?.queryKey ?? ['__client-list__'],
    queryFn: serverQuery?.queryFn,
    staleTime: serverQuery?.staleTime,
    enabled: server !== null,
    placeholderData: keepPreviousData,
  });

  const clientRows = source.mode === 'client' ? source.rows : undefined;
  const searchText = source.mode === 'client' ? source.searchText : undefined;
  const sortValue = options.sortValue ?? defaultSortValue;
  const clientPage = useMemo(
    () => (clientRows ? pageOfRows(clientRows, state, sortValue, searchText) : null),
    [clientRows, state, sortValue, searchText],
  );

  if (source.mode === 'client') {
    return {
      rows: clientPage?.rows ?? [],
      pagination: clientPage?.pagination ?? null,
      loading: source.loading,
      error: source.error ?? null,
      retry: source.retry ?? noRetry,
      state,
      actions,
    };
  }
  const data = query.data;
  const pagination: Pagination | null = data
    ? {
        from: data.from,
        to: data.to,
        total: data.total,
        per_page: data.per_page,
        current_page: data.current_page,
        last_page: data.last_page,
        ...(data.total_is_estimate ? { total_is_estimate: true } : {}),
      }
    : null;
  return {
    rows: data?.data ?? [],
    pagination,
    loading: query.isFetching,
    error: query.error,
    retry: () => void query.refetch(),
    state,
    actions,
  };
}
