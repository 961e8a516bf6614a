/**
 * List state model and rules: page sizes and defaults (200 per page, id descending;
 * SPEC section 9), sort flipping (SPEC section 4) and localStorage load/save of a persisted state.
 */
import type { SortDirection } from '../../api/types';

/** Page sizes offered by every list. */
export const PAGE_SIZES = [10, 25, 50, 100, 200] as const;
/** Default page size. */
export const DEFAULT_PER_PAGE = 200;

/** Sort of a list: column name and direction. */
export interface ListSort {
  column: string;
  direction: SortDirection;
}

/** Default sort: id descending. */
export const DEFAULT_SORT: ListSort = { column: 'id', direction: 'desc' };

/** What the user chose on a list: page, page size, sort and search text. */
export interface ListState {
  page: number;
  perPage: number;
  orderBy: ListSort;
  search: string;
}

/** The state a list starts from (and returns to on reset). */
export function initialListState(defaultSort: ListSort = DEFAULT_SORT): ListState {
  return { page: 1, perPage: DEFAULT_PER_PAGE, orderBy: defaultSort, search: '' };
}

/** True when `state` is the default state (page 1, default page size and sort, no search). */
export function isDefaultListState(state: ListState, defaultSort: ListSort = DEFAULT_SORT): boolean {
  const initial = initialListState(defaultSort);
  return (
    state.page === initial.page &&
    state.perPage === initial.perPage &&
    state.search === initial.search &&
    state.orderBy.column === initial.orderBy.column &&
    state.orderBy.direction === initial.orderBy.direction
  );
}

/**
 * Next sort after a click on `column`: the current column flips asc/desc, a new column
 * starts ascending.
 */
export function nextSort(current: ListSort, column: string): ListSort {
  if (current.column === column) {
    return { column, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  }
  return { column, direction: 'asc' };
}

/** Reads a persisted state, ignoring anything malformed. */
export function loadListState(storageKey: string, fallback: ListState): ListState {
  try {
    const raw = window.localStorage.getItem(storageKey);
    if (!raw) return fallback;
    const saved = JSON.parse(raw) as Partial<ListState>;
    const perPage = PAGE_SIZES.includes(saved.perPage as (typeof PAGE_SIZES)[number]) ? saved.perPage! : fallback.perPage;
    const direction = saved.orderBy?.direction === 'asc' || saved.orderBy?.direction === 'desc' ? saved.orderBy.direction : null;
    const orderBy = direction && typeof saved.orderBy?.column === 'string' ? { column: saved.orderBy.column, direction } : fallback.orderBy;
    const page = Number.isInteger(saved.page) && saved.page! > 0 ? saved.page! : 1;
    const search = typeof saved.search === 'string' ? saved.search : '';
    return { page, perPage, orderBy, search };
  } catch {
    return fallback;
  }
}

/** Persists a state (silently ignores a full or blocked storage). */
export function saveListState(storageKey: string, state: ListState): void {
  try {
    window.localStorage.setItem(storageKey, JSON.stringify(state));
  } catch {
    /* storage unavailable: the list still works, unpersisted */
  }
}
