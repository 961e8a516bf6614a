/**
 * « Exporter CSV » of a client-mode list (every row loaded in the browser): the rows of its current search and
 * sort, all of them (not only the page shown), computed as the list computes its page (`pageOfRows`), and its
 * exported columns: those giving a `csv` cell, and those showing `row[key]` as it is (no `render`); a column drawn
 * by its own `render` without a `csv` cell (actions, credentials, secrets) is left out.
 */
import type { DataColumn } from './DataList';
import { pageOfRows, type SortValue } from './clientRows';
import type { CsvCell } from '../../../../contract/csv-cell';
import type { ClientCsvColumn } from './exportCsv';
import type { ListState } from './listState';
import type { ClientListSource } from './useDataList';

/** The exported columns of `columns` (see the module's note), titled by their header text (or key). */
export function csvColumnsOf<T>(columns: readonly DataColumn<T>[]): ClientCsvColumn<T>[] {
  return columns.flatMap((c) => {
    const value = c.csv ?? (c.render ? undefined : (row: T) => (row as Record<string, CsvCell>)[c.key]);
    return value ? [{ title: typeof c.title === 'string' ? c.title : c.key, value }] : [];
  });
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
