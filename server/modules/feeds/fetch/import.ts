/**
 * The last step of a scheduled fetch: the downloaded file runs through the feed's import
 * job (origin `fetch`, the same job as an upload), the fetch waits for it, and moves its cursor only when the
 * import succeeded. The downloaded file is removed afterwards (kept when the server stops meanwhile).
 */
import fs from 'node:fs';
import type { UploadFeed } from '../../../../contract/feeds';
import type { Feed } from '../../../db/schema';
import { waitForJob } from '../../../jobs/store';
import { startFeedJob } from '../start';
import type { FetchContext, FetchOutcome } from './context';

/** A fetched file to import. */
export interface FetchedFile {
  feed: UploadFeed;
  file: string;
  filename: string;
  /** Notices or files fetched (reported in the outcome). */
  fetched: number;
  /** The `feed_files` table a failure is recorded under when the job cannot tell. */
  recordAs?: Feed;
}

/**
 * Imports `f` and waits for the job; calls `onDone` when it succeeded.
 * @returns done with the job, or failed with the job's French error (the job recorded it in `feed_files`)
 */
export async function importFetched(ctx: FetchContext, f: FetchedFile, onDone: () => Promise<void>): Promise<FetchOutcome> {
  try {
    const job = await startFeedJob(ctx.queue, ctx.db, { feed: f.feed, filename: f.filename, origin: 'fetch', recordAs: f.recordAs, input: { path: f.file } });
    const end = await waitForJob(ctx.db, job.id, { signal: ctx.signal });
    if (end.state === 'done') {
      await onDone();
      return { status: 'done', jobIds: [job.id], fetched: f.fetched };
    }
    return { status: 'failed', jobIds: [job.id], error: end.error ?? 'Import interrompu.', fetched: f.fetched };
  } finally {
    if (!ctx.signal?.aborted) fs.rmSync(f.file, { force: true });
  }
}
