/**
 * List state model and rules: page sizes and defaults (200 per page, id descending;
 * SPEC section 9), sort flipping (SPEC section 4), the URL form of a state (`parseListQuery` /
 * `serializeListQuery`) and localStorage load/save of a persisted state.
 */
import { stripControlChars } from '../../../../contract/control-chars';
import { MAX_PAGE, MAX_SEARCH_LENGTH } from '../../../../contract/limits';
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


/** Options of the URL form of a list state. */
export interface ListQueryOptions {
  /** Columns the list sorts on; any other `sort` falls back to the default sort (always accepted). */
  sortColumns?: readonly string[];
  /** Default sort, id descending unless given. */
  defaultSort?: ListSort;
  /**
   * Prefix of the keys for a second list on one page: `sirens` gives `sirens.page`, `sirens.per_page`,
   * `sirens.sort`, `sirens.dir`, `sirens.q`. None: `page`, `per_page`, `sort`, `dir`, `q`.
   */
  namespace?: string;
}

/** The query-string keys of a list, in the order they are written. */
function listQueryKeys(namespace?: string) {
  const key = (name: string) => (namespace ? `${namespace}.${name}` : name);
  return { page: key('page'), perPage: key('per_page'), sort: key('sort'), dir: key('dir'), search: key('q') };
}

const POSITIVE_DECIMAL = /^[1-9][0-9]*$/;

/** `value` as an integer when it is written in plain decimal (no sign, no leading zero, no exponent), else null. */
function decimal(value: string | null): number | null {
  if (value === null || !POSITIVE_DECIMAL.test(value)) return null;
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : null;
}

/**
 * A search typed in a URL: tabs and line breaks become spaces, the other control characters the server
 * refuses (C0, DEL, C1: contract/control-chars.ts) go, trimmed, at most MAX_SEARCH_LENGTH characters.
 */
function cleanSearch(value: string | null): string {
  if (!value) return '';
  const text = stripControlChars(value.replace(/[\t\n\r]/g, ' '));
  return text.trim().slice(0, MAX_SEARCH_LENGTH).trim();
}

/**
 * Reads a list's state from a query string (`?page=2&per_page=50&sort=name&dir=asc&q=foo`), so that
 * back, forward and shared links restore it. Every value is checked and an invalid one gives its
 * default: `page` a decimal integer 1..1,000,000 (else 1); `per_page` one of 10, 25, 50, 100, 200 (else
 * 200); `sort` one of `sortColumns` or the default column (else the default sort); `dir` `asc` or
 * `desc` (else the default direction for the default column, ascending for another); `q` cleaned by
 * `cleanSearch`. Pure; keys outside the list's namespace are ignored.
 */
export function parseListQuery(params: URLSearchParams, options: ListQueryOptions = {}): ListState {
  const defaults = initialListState(options.defaultSort);
  const keys = listQueryKeys(options.namespace);
  const page = decimal(params.get(keys.page));
  const perPage = decimal(params.get(keys.perPage));
  const sort = params.get(keys.sort);
  const dir = params.get(keys.dir);
  const defaultColumn = defaults.orderBy.column;
  const known = sort !== null && (sort === defaultColumn || (options.sortColumns ?? []).includes(sort));
  let orderBy = defaults.orderBy;
  if (sort === null || known) {
    const column = sort ?? defaultColumn;
    const fallback = column === defaultColumn ? defaults.orderBy.direction : 'asc';
    orderBy = { column, direction: dir === 'asc' || dir === 'desc' ? dir : fallback };
  }
  return {
    page: page !== null && page <= MAX_PAGE ? page : 1,
    perPage: PAGE_SIZES.includes(perPage as (typeof PAGE_SIZES)[number]) ? perPage! : DEFAULT_PER_PAGE,
    orderBy,
    search: cleanSearch(params.get(keys.search)),
  };
}

/**
 * Writes a list's state into a query string, the inverse of `parseListQuery`: `page`, `per_page`, `sort`
 * + `dir` and `q`, each only when it differs from the default (a fresh list has a clean URL). The keys of
 * other lists and other parameters of `into` are kept; `into` itself is not modified.
 * @returns a new `URLSearchParams`
 */
export function serializeListQuery(state: ListState, options: ListQueryOptions = {}, into?: URLSearchParams): URLSearchParams {
  const defaults = initialListState(options.defaultSort);
  const keys = listQueryKeys(options.namespace);
  const params = new URLSearchParams(into);
  for (const key of Object.values(keys)) params.delete(key);
  if (state.page !== defaults.page) params.set(keys.page, String(state.page));
  if (state.perPage !== defaults.perPage) params.set(keys.perPage, String(state.perPage));
  const { column, direction } = state.orderBy;
  if (column !== defaults.orderBy.column || direction !== defaults.orderBy.direction) {
    params.set(keys.sort, column);
    params.set(keys.dir, direction);
  }
  if (state.search !== defaults.search) params.set(keys.search, state.search);
  return params;
}
