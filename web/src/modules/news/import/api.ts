/**
 * News import calls (SPEC section 7 "News"): the upload, the administrator's
 * import job and a job's progress, the temporaries, Process, the removal of one row or a selection, the cancellation
 * and the template file.
 */
import type { BulkResponse } from '../../../../../contract/bulk';
import { api, apiBlob, ok } from '../../../api/client';
import { uploadFile, type UploadOptions } from '../../../api/upload';
import type { CountResponse, Job, ListFilter, MessageResponse, NewsImportResponse, NewsTemporariesPage } from '../../../api/types';
import type { BulkSelection } from '../../../components/list/useListSelection';
import { saveBlob } from '../../../lib/download';

/** Name the template is saved under (the server's file name). */
export const TEMPLATE_FILENAME = 'modele-import-news.csv';

/**
 * POST /api/news/import: the CSV as multipart field `file` (CSRF header) through the shared upload, followed and
 * cancellable (`opts`); 202 with the queued job, 422 errors.file.
 */
export function uploadNewsCsv(file: Blob, opts?: UploadOptions): Promise<NewsImportResponse> {
  return uploadFile('/api/news/import', file, opts);
}

/** GET /api/news/importjob: the signed-in administrator's latest import job, or null. */
export function fetchImportJob(signal?: AbortSignal): Promise<{ job: Job | null }> {
  return ok(api.GET('/api/news/importjob', { signal }));
}

/** GET /api/jobs/{id}: a job's state and progress (rows read, bytes read / total, percent, error). */
export function fetchJob(id: string, signal?: AbortSignal): Promise<Job> {
  return ok(api.GET('/api/jobs/{id}', { params: { path: { id } }, signal }));
}

/** POST /api/news/filtertemporaries?page=n: a page of the administrator's temporaries, with their job and counts. */
export function filterTemporaries(filter: ListFilter, page: number, signal?: AbortSignal): Promise<NewsTemporariesPage> {
  return ok(api.POST('/api/news/filtertemporaries', { params: { query: { page: String(page) } }, body: filter, signal }));
}

/** GET /api/news/process: moves every temporary into the pending news (422 errors.process while rows are in error). */
export function processImport(): Promise<CountResponse> {
  return ok(api.GET('/api/news/process'));
}

/** GET /api/news/remove/{id}: removes one temporary row. */
export function removeTemporary(id: number): Promise<MessageResponse> {
  return ok(api.GET('/api/news/remove/{id}', { params: { path: { id: String(id) } } }));
}

/** POST /api/news/temporaries/bulkdelete: deletes the chosen rows of the import; answers the count and the toast text. */
export function deleteTemporaries(selection: BulkSelection): Promise<BulkResponse> {
  return ok(api.POST('/api/news/temporaries/bulkdelete', { body: selection }));
}

/** GET /api/news/cancel: removes every temporary of the administrator. */
export function cancelImport(): Promise<CountResponse> {
  return ok(api.GET('/api/news/cancel'));
}

/** GET /api/news/template through the API client, saved as `modele-import-news.csv`. */
export async function downloadTemplate(): Promise<void> {
  saveBlob(await apiBlob('/api/news/template'), TEMPLATE_FILENAME);
}
