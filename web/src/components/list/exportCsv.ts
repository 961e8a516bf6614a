/**
 * « Exporter CSV » of a list, the same file either way (UTF-8 BOM, `;`, CRLF, the list's column titles, formulas
 * neutralised: contract/csv-cell.ts):
 * - a server-mode list: its export route (`GET /api/<list>/export.csv`, contract/list-export.ts) called with the
 *   list's current search and sort, the answer saved under the name the server gives (`Content-Disposition`,
 *   e.g. `journal-mises-a-jour-2026-11-27.csv`), bytes untouched;
 * - a client-mode list (every row already loaded): written in the browser from the rows of its current search
 *   and sort and the columns that say how they export (`DataColumn.csv`), saved as `<name>-YYYY-MM-DD.csv`.
 */
import { stringify } from 'csv-stringify/browser/esm/sync';
import { csvOptions, type CsvCell } from '../../../../contract/csv-cell';
import { api, type paths } from '../../api/client';
import { saveBlob } from '../../lib/download';
import type { ListState } from './listState';

/** The export routes of the API. */
export type ExportPath = Extract<keyof paths, `${string}/export.csv`>;

/**
 * Where a server-mode list exports: its route, the route's path parameters when it has some (e.g. a group's id), and
 * the list's own filters besides its search and sort (e.g. the audit log's administrator and dates).
 */
export interface ServerListExport {
  path: ExportPath;
  pathParams?: Record<string, string | number>;
  query?: Record<string, string>;
}

/** How a client-mode list exports: the file's name before its date (e.g. `administrateurs`). */
export interface ClientListExport {
  name: string;
}

/** Where a list exports. */
export type ListExport = ServerListExport | ClientListExport;

/** A column of a client-side export: its title and its cell. */
export interface ClientCsvColumn<T> {
  title: string;
  value: (row: T) => CsvCell;
}

/** Today in Europe/Paris, `YYYY-MM-DD` (the date in an export's name, as the server's). */
export function parisToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(now);
}

/** The CSV text of `rows` (BOM, header of the columns' titles, one CRLF line per row). */
export function clientCsv<T>(rows: readonly T[], columns: readonly ClientCsvColumn<T>[]): string {
  return stringify(
    rows.map((row) => columns.map((c) => c.value(row) ?? null)),
    csvOptions(columns.map((c) => c.title)),
  );
}

/** Has the browser save the CSV of `rows` as `<name>-YYYY-MM-DD.csv`. */
export function saveClientCsv<T>(name: string, rows: readonly T[], columns: readonly ClientCsvColumn<T>[]): void {
  saveBlob(new Blob([clientCsv(rows, columns)], { type: 'text/csv;charset=utf-8' }), `${name}-${parisToday()}.csv`);
}

/** The query string of an export for a list state: its search (when any) and its sort. */
export function exportQuery(state: Pick<ListState, 'search' | 'orderBy'>): { search?: string; column: string; direction: 'asc' | 'desc' } {
  return { ...(state.search ? { search: state.search } : {}), column: state.orderBy.column, direction: state.orderBy.direction };
}

/** The file name of a `Content-Disposition: attachment; filename="…"` header, or `fallback`. */
export function attachmentName(header: string | null, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(header ?? '');
  return match ? match[1] : fallback;
}

/**
 * Downloads the CSV of `target` for the list state and has the browser save it.
 * @throws ApiError as every call (e.g. 422 for a sort the route refuses)
 */
export async function downloadListCsv(target: ServerListExport, state: Pick<ListState, 'search' | 'orderBy'>): Promise<void> {
  // One call for every export route: their parameters differ only by the path's.
  const get = api.GET as unknown as (
    path: string,
    init: { params: { query: ReturnType<typeof exportQuery>; path?: Record<string, string | number> }; parseAs: 'blob' },
  ) => Promise<{ data?: Blob; response: Response }>;
  const query = { ...(target.query ?? {}), ...exportQuery(state) };
  const { data, response } = await get(target.path, { params: { query, path: target.pathParams }, parseAs: 'blob' });
  saveBlob(data ?? new Blob([]), attachmentName(response.headers.get('content-disposition'), 'export.csv'));
}
