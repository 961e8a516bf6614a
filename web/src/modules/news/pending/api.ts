/**
 * Pending news calls: POST /api/news/filter?page=n and GET /api/news/syncall (SPEC section 7 "News"), and the
 * deletions (one row, a selection, one import's rows).
 */
import type { BulkResponse } from '../../../../../contract/bulk';
import { api, ok } from '../../../api/client';
import type { CountResponse, ListFilter, NewsItem, Paginated, PendingImport } from '../../../api/types';
import type { BulkSelection } from '../../../components/list/useListSelection';

/** POST /api/news/filter?page=n: one page of the pending news (sort: id, siren, title, newscategory, posted). */
export function filterNews(filter: ListFilter, page: number, signal?: AbortSignal): Promise<Paginated<NewsItem>> {
  return ok(api.POST('/api/news/filter', { params: { query: { page: String(page) } }, body: filter, signal }));
}

/** GET /api/news/syncall: publishes every pending item; answers the count and the toast text. */
export function syncAll(): Promise<CountResponse> {
  return ok(api.GET('/api/news/syncall'));
}

/** How many news are pending: the total that the list's first page answers (its own count). */
export async function pendingCount(signal?: AbortSignal): Promise<number> {
  const page = await filterNews({ pagination: { per_page: 10 }, orderBy: { column: 'id', direction: 'desc' }, search: '' }, 1, signal);
  return page.total;
}

/** POST /api/news/pending/{id}/delete: deletes one pending news item (404 once gone). */
export function removePending(id: number): Promise<unknown> {
  return ok(api.POST('/api/news/pending/{id}/delete', { params: { path: { id: String(id) } } }));
}

/** POST /api/news/pending/bulkdelete: deletes the chosen pending news; answers the count and the toast text. */
export function deletePending(selection: BulkSelection): Promise<BulkResponse> {
  return ok(api.POST('/api/news/pending/bulkdelete', { body: selection }));
}

/** GET /api/news/pending/imports: the latest imports that still have pending rows (file, date, count). */
export function pendingImports(signal?: AbortSignal): Promise<PendingImport[]> {
  return ok(api.GET('/api/news/pending/imports', { signal }));
}
