/**
 * « Exporter CSV » of a client-mode list (every row loaded in the browser): the rows of its current search and
 * sort, all of them (not only the page shown), computed as the list computes its page (`pageOfRows`), and the
 * columns that say how they export (`DataColumn.csv`; the others, such as actions or credentials, are left out).
 */
import type { DataColumn } from './DataList';
import { pageOfRows, type SortValue } from './clientRows';
import type { ClientCsvColumn } from './exportCsv';
import type { ListState } from './listState';
import type { ClientListSource } from './useDataList';

/** The exported columns of `columns`: those with a `csv` cell, titled by their header text (or key). */
export function csvColumnsOf<T>(columns: readonly DataColumn<T>[]): ClientCsvColumn<T>[] {
  return columns.flatMap((c) => (c.csv ? [{ title: typeof c.title === 'string' ? c.title : c.key, value: c.csv }] : []));
}

/** What a client-mode list exports now: every row of `state`'s search and sort, and its exported columns. */
export function clientExport<T>(
  source: ClientListSource<T>,
  state: ListState,
  columns: readonly DataColumn<T>[],
  sortValue: (row: T, column: string) => SortValue,
): () => { rows: T[]; columns: ClientCsvColumn<T>[] } {
  return () => {
    const all = source.rows ?? [];
    const rows = pageOfRows(all, { ...state, page: 1, perPage: Math.max(1, all.length) }, sortValue, source.searchText).rows;
    return { rows, columns: csvColumnsOf(columns) };
  };
}
