/**
 * Client-mode list engine: filters, sorts (French collation, empty values last) and paginates
 * a loaded array into the server's pagination fields (SPEC section 3 'Pagination object').
 */
import type { Pagination } from '../../api/types';
import type { ListState } from './listState';

/** Value a row is sorted by in client mode. */
export type SortValue = string | number | boolean | null | undefined;

const collator = new Intl.Collator('fr', { sensitivity: 'base', numeric: true });

function compare(a: SortValue, b: SortValue): number {
  const aEmpty = a === null || a === undefined || a === '';
  const bEmpty = b === null || b === undefined || b === '';
  if (aEmpty || bEmpty) return aEmpty === bEmpty ? 0 : aEmpty ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' || typeof b === 'boolean') return Number(a) - Number(b);
  return collator.compare(String(a), String(b));
}

function normalise(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
}

/** One page of rows computed in the browser, with the same pagination fields as the server's. */
export interface ClientPage<T> {
  rows: T[];
  pagination: Pagination;
}

/**
 * Client mode of the shared list: filters `rows` by the search text (when `searchText` is
 * given), sorts them by `state.orderBy` (using `sortValue(row, column)`), and cuts the
 * requested page. Empty values sort last in both directions.
 */
export function pageOfRows<T>(
  rows: readonly T[],
  state: ListState,
  sortValue: (row: T, column: string) => SortValue,
  searchText?: (row: T) => string,
): ClientPage<T> {
  const needle = normalise(state.search);
  const filtered = needle && searchText ? rows.filter((row) => normalise(searchText(row)).includes(needle)) : [...rows];
  const { column, direction } = state.orderBy;
  const sign = direction === 'asc' ? 1 : -1;
  filtered.sort((a, b) => {
    const va = sortValue(a, column);
    const vb = sortValue(b, column);
    const emptyA = va === null || va === undefined || va === '';
    const emptyB = vb === null || vb === undefined || vb === '';
    if (emptyA || emptyB) return compare(va, vb);
    return sign * compare(va, vb);
  });
  const total = filtered.length;
  const perPage = state.perPage;
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const page = Math.min(Math.max(1, state.page), lastPage);
  const start = (page - 1) * perPage;
  const pageRows = filtered.slice(start, start + perPage);
  return {
    rows: pageRows,
    pagination: {
      from: total ? start + 1 : null,
      to: total ? start + pageRows.length : null,
      total,
      per_page: perPage,
      current_page: page,
      last_page: lastPage,
    },
  };
}
