/**
 * Supervision calls of the feeds (SPEC section 7 "Supervision": `bodaccall`, `inseeCompanies`,
 * `inseeLocations`).
 */
import type { FeedFileRecord, UploadFeed } from '../../../../contract/feeds';
import type { z } from 'zod';
import type { feedImportResponse } from '../../../../contract/feeds';
import { api, ok } from '../../api/client';
import { uploadFile, type UploadOptions } from '../../api/upload';
import type { Job } from '../../api/types';

export type { FeedFileRecord, UploadFeed };

/** Answer of the upload (202): the queued job. */
export type FeedImportResponse = z.output<typeof feedImportResponse>;

/** The three file lists of the supervision pages. */
export type FeedFileList = 'bodacc' | 'insee-companies' | 'insee-locations';

const LIST_PATHS = {
  bodacc: '/api/supervisions/bodaccall',
  'insee-companies': '/api/supervisions/inseeCompanies',
  'insee-locations': '/api/supervisions/inseeLocations',
} as const satisfies Record<FeedFileList, string>;

/**
 * GET /api/supervisions/{bodaccall|inseeCompanies|inseeLocations}: the file records of one list,
 * newest first (at most FEED_FILES_MAX).
 */
export function fetchFeedFiles(list: FeedFileList, signal?: AbortSignal): Promise<FeedFileRecord[]> {
  return ok(api.GET(LIST_PATHS[list], { signal }));
}

/**
 * POST /api/supervisions/import/{bodacc|sirene}: the file as multipart field `file`, with the CSRF header, through
 * the shared upload (followed and cancellable, `opts`); 202 with the queued job, 422 `errors.file` when refused.
 */
export function uploadFeedFile(feed: UploadFeed, file: Blob, opts?: UploadOptions): Promise<FeedImportResponse> {
  return uploadFile(`/api/supervisions/import/${feed}`, file, opts);
}

/** GET /api/supervisions/jobs?feed=…: the feed's jobs queued or running (any origin), oldest first. */
export function fetchFeedJobs(feed: UploadFeed, signal?: AbortSignal): Promise<Job[]> {
  return ok(api.GET('/api/supervisions/jobs', { params: { query: { feed } }, signal }));
}

/** POST /api/supervisions/jobs/{id}/confirm: runs an upload held for confirmation; answers the job, queued again. */
export function confirmFeedJob(id: string): Promise<Job> {
  return ok(api.POST('/api/supervisions/jobs/{id}/confirm', { params: { path: { id } } }));
}

/** POST /api/supervisions/jobs/{id}/abandon: drops an upload held for confirmation (nothing is imported). */
export function abandonFeedJob(id: string): Promise<Job> {
  return ok(api.POST('/api/supervisions/jobs/{id}/abandon', { params: { path: { id } } }));
}


/** GET /api/jobs/{id}: one job, read once it has left the list of jobs under way (its outcome). */
export function fetchJob(id: string, signal?: AbortSignal): Promise<Job> {
  return ok(api.GET('/api/jobs/{id}', { params: { path: { id } }, signal }));
}
