/**
 * `useListState`: page, page size, sort and search of one list, with the back-to-page-1 and reset rules
 * of SPEC section 4, kept in the URL's query string or, where the spec asks for it (the update log), in localStorage.
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  initialListState,
  loadListState,
  nextSort,
  parseListQuery,
  saveListState,
  serializeListQuery,
  type ListQueryOptions,
  type ListSort,
  type ListState,
} from './listState';

/** Options of `useListState`. */
export interface UseListStateOptions {
  /** Initial and reset sort; id descending by default. */
  defaultSort?: ListSort;
  /**
   * When set, the state is kept in localStorage under this key instead of the URL (the update log,
   * whose filter the spec persists in local browser storage).
   */
  storageKey?: string;
  /**
   * Prefix of this list's query-string keys (`sirens` → `sirens.page`...), for a second list on one
   * page; none by default (`page`, `per_page`, `sort`, `dir`, `q`).
   */
  urlNamespace?: string;
  /** Columns the list sorts on: a URL naming another column falls back to the default sort. */
  sortColumns?: readonly string[];
}

/** Changes a list can make to its state. */
export interface ListActions {
  /** Goes to page `page` (1-based). */
  setPage: (page: number) => void;
  /** Changes the page size and goes back to page 1. */
  setPerPage: (perPage: number) => void;
  /** Sorts by `column` (flip when current, ascending when new) and goes back to page 1. */
  sortBy: (column: string) => void;
  /** Sets the (trimmed) search text and goes back to page 1. */
  setSearch: (search: string) => void;
  /** Restores the defaults (page 1, 200 per page, default sort, no search). */
  reset: () => void;
}

type Change = (state: ListState) => ListState;

/** The state rules of the spec, as changes applied to the current state. */
function listActions(apply: (change: Change) => void, defaults: ListState): ListActions {
  return {
    setPage: (page) => apply((s) => (s.page === page ? s : { ...s, page })),
    setPerPage: (perPage) => apply((s) => ({ ...s, perPage, page: 1 })),
    sortBy: (col) => apply((s) => ({ ...s, orderBy: nextSort(s.orderBy, col), page: 1 })),
    setSearch: (search) => apply((s) => ({ ...s, search: search.trim(), page: 1 })),
    reset: () => apply(() => defaults),
  };
}

/**
 * State of one list (page, page size, sort, search) with the rules of the spec: any change of filter,
 * search, sort or page size goes back to page 1.
 *
 * Where it lives: in the URL by default (`?page=2&per_page=50&sort=name&dir=asc&q=foo`, defaults
 * omitted, see `parseListQuery`). Each committed change (a page, a page size, a sort, a submitted search,
 * a reset) pushes a history entry, so Back returns to the previous state and a reload or a shared link
 * restores it; typing in the search box changes nothing until it is submitted. With `storageKey` it lives
 * in localStorage instead and the URL is left alone.
 */
export function useListState(options: UseListStateOptions = {}): [ListState, ListActions] {
  const { storageKey, urlNamespace, sortColumns } = options;
  const column = options.defaultSort?.column;
  const direction = options.defaultSort?.direction;
  const defaultSort = useMemo(() => (column && direction ? { column, direction } : undefined), [column, direction]);
  const defaults = useMemo(() => initialListState(defaultSort), [defaultSort]);

  // localStorage mode.
  const [stored, setStored] = useState<ListState>(() => (storageKey ? loadListState(storageKey, defaults) : defaults));
  useEffect(() => {
    if (storageKey) saveListState(storageKey, stored);
  }, [storageKey, stored]);

  // URL mode.
  const [searchParams, setSearchParams] = useSearchParams();
  const columnsKey = (sortColumns ?? []).join('\n');
  const queryOptions = useMemo<ListQueryOptions>(
    () => ({ namespace: urlNamespace, defaultSort, sortColumns: columnsKey ? columnsKey.split('\n') : [] }),
    [urlNamespace, defaultSort, columnsKey],
  );
  const query = searchParams.toString();
  const fromUrl = useMemo(() => parseListQuery(new URLSearchParams(query), queryOptions), [query, queryOptions]);

  // The router draws a new URL a few microtasks after it is asked for, so a second change in the same task
  // (Enter in the search box, then a click on a header) must build on the first one, not on the drawn URL:
  // `latest` holds the query string last asked for, and the drawn one whenever the URL changes (Back, a link).
  const latest = useRef(query);
  useLayoutEffect(() => {
    latest.current = query;
  }, [query]);

  const state = storageKey ? stored : fromUrl;
  const actions = useMemo<ListActions>(() => {
    if (storageKey) return listActions(setStored, defaults);
    return listActions((change) => {
      const current = new URLSearchParams(latest.current);
      const next = serializeListQuery(change(parseListQuery(current, queryOptions)), queryOptions, current);
      if (next.toString() === latest.current) return;
      latest.current = next.toString();
      setSearchParams(next);
    }, defaults);
  }, [storageKey, defaults, queryOptions, setSearchParams]);

  return [state, actions];
}
