/**
 * Deals import calls (SPEC section 7 "Transactions"; contract/deal-import.ts): the upload,
 * which answers `1` once the file is written (422 with the rows in error otherwise), the caller's running import
 * job (for the progress bar while the upload waits), the template and the imported files.
 */
import { api, apiBlob, isApiError, ok } from '../../../api/client';
import { uploadFile, type UploadOptions } from '../../../api/upload';
import type { Job } from '../../../api/types';
import { saveBlob } from '../../../lib/download';
import type { DealImportLine } from '../../../../../contract/deal-import';
import type { ImportedFile } from '../types';

/** Name the template is saved under. */
export const TEMPLATE_FILENAME = 'modele-import-transactions.csv';
/** Query key of the imported files. */
export const FILES_KEY = ['deal-files'] as const;

/**
 * POST /api/transactions/import: the CSV as multipart `file` through the shared upload, followed and cancellable
 * while it is sent (`opts`); resolves with the answer (`1` on success) once the file is imported.
 */
export function uploadDealsCsv(file: Blob, opts?: UploadOptions): Promise<unknown> {
  return uploadFile('/api/transactions/import', file, opts);
}

/** GET /api/transactions/importjob: the caller's latest import job, or null. */
export function fetchDealImportJob(signal?: AbortSignal): Promise<{ job: Job | null }> {
  return ok(api.GET('/api/transactions/importjob', { signal }));
}

/** GET /api/transactions/template, saved as `modele-import-transactions.csv`. */
export async function downloadDealsTemplate(): Promise<void> {
  saveBlob(await apiBlob('/api/transactions/template'), TEMPLATE_FILENAME);
}

/** GET /api/transactions/allfiles: the imported files, newest first. */
export function fetchImportedFiles(): Promise<ImportedFile[]> {
  return ok(api.GET('/api/transactions/allfiles'));
}

/** What a refused import says: the rows in error (line numbers, the header being line 1) and the file's message. */
export interface ImportRefusal {
  message: string;
  lines: DealImportLine[];
}

/** The refusal carried by a 422 of the upload, or null for any other failure. */
export function importRefusal(error: unknown): ImportRefusal | null {
  if (!isApiError(error, 422)) return null;
  const body = (error.body ?? {}) as { lines?: unknown };
  const lines = Array.isArray(body.lines) ? (body.lines as DealImportLine[]) : [];
  return { message: error.firstError('file') ?? error.message, lines };
}
