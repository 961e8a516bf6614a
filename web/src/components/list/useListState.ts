/**
 * `useListState`: page, page size, sort and search of one list, with the back-to-page-1
 * and reset rules of SPEC section 4 and optional localStorage persistence.
 */
import { useEffect, useMemo, useState } from 'react';
import { initialListState, loadListState, nextSort, saveListState, type ListSort, type ListState } from './listState';

/** Options of `useListState`. */
export interface UseListStateOptions {
  /** Initial and reset sort; id descending by default. */
  defaultSort?: ListSort;
  /** When set, the state is kept in localStorage under this key (e.g. the update log). */
  storageKey?: string;
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

/**
 * State of one list (page, page size, sort, search) with the rules of the spec: any change
 * of filter, search, sort or page size goes back to page 1; optional localStorage persistence.
 */
export function useListState(options: UseListStateOptions = {}): [ListState, ListActions] {
  const { defaultSort, storageKey } = options;
  const [state, setState] = useState<ListState>(() => {
    const initial = initialListState(defaultSort);
    return storageKey ? loadListState(storageKey, initial) : initial;
  });

  useEffect(() => {
    if (storageKey) saveListState(storageKey, state);
  }, [storageKey, state]);

  const column = defaultSort?.column;
  const direction = defaultSort?.direction;
  const actions = useMemo<ListActions>(() => {
    const defaults = initialListState(column && direction ? { column, direction } : undefined);
    return {
      setPage: (page) => setState((s) => (s.page === page ? s : { ...s, page })),
      setPerPage: (perPage) => setState((s) => ({ ...s, perPage, page: 1 })),
      sortBy: (col) => setState((s) => ({ ...s, orderBy: nextSort(s.orderBy, col), page: 1 })),
      setSearch: (search) => setState((s) => ({ ...s, search: search.trim(), page: 1 })),
      reset: () => setState(defaults),
    };
  }, [column, direction]);

  return [state, actions];
}
