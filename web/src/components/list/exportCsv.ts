/**
 * « Exporter CSV » of a list: the export route of a list (`GET /api/<list>/export.csv`, contract/list-export.ts)
 * called with the list's current search and sort, and the answer saved under the name the server gives
 * (`Content-Disposition`, e.g. `journal-mises-a-jour-2026-11-27.csv`), bytes untouched (UTF-8 BOM kept).
 */
import { api, type paths } from '../../api/client';
import { saveBlob } from '../../lib/download';
import type { ListState } from './listState';

/** The export routes of the API. */
export type ExportPath = Extract<keyof paths, `${string}/export.csv`>;

/** Where a list exports: its route, and the route's path parameters when it has some (e.g. a group's id). */
export interface ListExport {
  path: ExportPath;
  pathParams?: Record<string, string | number>;
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
export async function downloadListCsv(target: ListExport, state: Pick<ListState, 'search' | 'orderBy'>): Promise<void> {
  // One call for every export route: their parameters differ only by the path's.
  const get = api.GET as unknown as (
    path: string,
    init: { params: { query: ReturnType<typeof exportQuery>; path?: Record<string, string | number> }; parseAs: 'blob' },
  ) => Promise<{ data?: Blob; response: Response }>;
  const { data, response } = await get(target.path, { params: { query: exportQuery(state), path: target.pathParams }, parseAs: 'blob' });
  saveBlob(data ?? new Blob([]), attachmentName(response.headers.get('content-disposition'), 'export.csv'));
}
