/**
 * Query keys of the import screen, all under `['news', 'import']` so that one
 * invalidation after an upload, a removal, a cancellation or Process reloads every one of them.
 */
import type { Job, ListFilter, OnlyErrorsSearch } from '../../../api/types';

/** Root of the import queries. */
export const IMPORT_KEY = ['news', 'import'] as const;
/** GET /api/news/importjob. */
export const IMPORT_JOB_KEY = [...IMPORT_KEY, 'job'] as const;
/** The polled first rows of the temporaries, read for their counts and job (`filtertemporaries`). */
export const IMPORT_SUMMARY_KEY = [...IMPORT_KEY, 'summary'] as const;
/** The temporaries list, one query per page. */
export const IMPORT_ROWS_KEY = [...IMPORT_KEY, 'rows'] as const;

/** The body of the polled summary: the smallest page, no search (its counts cover every row). */
export const SUMMARY_FILTER: ListFilter = { pagination: { per_page: 10 }, orderBy: { column: 'id', direction: 'asc' }, search: '' };

/** Key of one job's progress: `['jobs', id]`. */
export function jobKey(id: string) {
  return ['jobs', id] as const;
}

/** True while a job has not ended (queued or running). */
export function isJobActive(job: Job | null | undefined): boolean {
  return job?.state === 'queued' || job?.state === 'running';
}

/** The quick search keeping only the rows in error (contract/news.ts `ONLY_ERRORS`, checked by its type). */
export const ONLY_ERRORS: OnlyErrorsSearch = 'onlyerrors';
