/**
 * Supervision calls of the feeds (SPEC section 7 "Supervision": `bodaccall`, `inseeCompanies`,
 * `inseeLocations`).
 */
import type { FeedFileRecord, UploadFeed } from '../../../../contract/feeds';
import type { z } from 'zod';
import type { feedImportResponse } from '../../../../contract/feeds';
import { api, fileBody, ok } from '../../api/client';
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
 * POST /api/supervisions/import/{bodacc|sirene}: the file as multipart field `file`, with the CSRF header
 * (`fileBody`, as the news import); 202 with the queued job, 422 `errors.file` when refused.
 */
export function uploadFeedFile(feed: UploadFeed, file: Blob): Promise<FeedImportResponse> {
  return ok(api.POST('/api/supervisions/import/{feed}', { params: { path: { feed } }, ...fileBody(file) }));
}

/** GET /api/supervisions/jobs?feed=…: the feed's jobs queued or running (any origin), oldest first. */
export function fetchFeedJobs(feed: UploadFeed, signal?: AbortSignal): Promise<Job[]> {
  return ok(api.GET('/api/supervisions/jobs', { params: { query: { feed } }, signal }));
}

/** GET /api/jobs/{id}: one job, read once it has left the list of jobs under way (its outcome). */
export function fetchJob(id: string, signal?: AbortSignal): Promise<Job> {
  return ok(api.GET('/api/jobs/{id}', { params: { path: { id } }, signal }));
}
