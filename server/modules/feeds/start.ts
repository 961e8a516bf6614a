/**
 * One way to start a feed import, shared by the four arrivals: the upload
 * (`POST /api/supervisions/import/{feed}`), the CLI (`npm run feed:sirene -- FILE…`), the inbox folder and the
 * scheduled fetch. Each gives a file; this records the `feed-sirene` / `feed-bodacc` job (./jobs.ts),
 * attaches the file (stored in the database for an upload, a path on this machine otherwise) and dispatches it:
 * an upload to whichever process takes it first, a path to this process (`JobQueue.dispatch` `here`).
 */
import fs from 'node:fs';
import { and, inArray } from 'drizzle-orm';
import type { UploadFeed } from '../../../contract/feeds';
import type { Db } from '../../db/client';
import { jobs, type Feed } from '../../db/schema';
import { receiveJobFile, type JobInput } from '../../jobs/files';
import type { JobQueue } from '../../jobs/queue';
import type { JobRow } from '../../jobs/store';
import { FEED_DEFINITIONS } from './jobs';
import { FEED_BODACC, FEED_SIRENE, type FeedJobPayload, type FeedOrigin } from './kinds';

/** The job kind of each uploadable feed. */
export const FEED_KINDS: Record<UploadFeed, string> = { sirene: FEED_SIRENE, bodacc: FEED_BODACC };

/** Both feed job kinds. */
export const FEED_JOB_KINDS = [FEED_SIRENE, FEED_BODACC];

/** The file types each feed reads: INSEE stock files as CSV or the zip INSEE ships; BODACC as DILA XML or Opendatasoft JSON. */
export const FEED_EXTENSIONS: Record<UploadFeed, readonly string[]> = { sirene: ['.csv', '.zip'], bodacc: ['.xml', '.json'] };

/** French refusal of a file of the wrong type for `feed`, or null when its extension is accepted. */
export function extensionError(feed: UploadFeed, filename: string): string | null {
  const ext = FEED_EXTENSIONS[feed];
  if (ext.some((e) => filename.toLowerCase().endsWith(e))) return null;
  return `Seuls les fichiers ${ext.join(' et ')} sont acceptés pour ${feed === 'sirene' ? 'INSEE Sirene' : 'le BODACC'}.`;
}

/**
 * The `feed_files` table a file of `feed` belongs to, judged from its name before it is read (for a failure
 * recorded outside the job): BODACC is one table; an INSEE name with `Etablissement` goes to the
 * establishments, any other to the companies.
 */
export function recordFeedOf(feed: UploadFeed, filename: string): Feed {
  if (feed === 'bodacc') return 'bodacc';
  return /etablissement/i.test(filename) ? 'sirene-establishments' : 'sirene-companies';
}

/** What a feed import is started from. */
export interface FeedJobRequest {
  feed: UploadFeed;
  /** The name shown in the supervision tables (cut at 255 characters). */
  filename: string;
  origin: FeedOrigin;
  /** The administrator who uploaded it; null for the CLI, the inbox and the fetch. */
  ownerId?: number | null;
  /** The `feed_files` table to record a failure under when the file cannot be told apart before reading. */
  recordAs?: Feed;
  /**
   * `path`: a file on this machine, read in place by the job; `upload`: a byte stream stored in the database
   * (`job_file_chunks`) before dispatch, then `check()` (e.g. the upload's size limit; throw to refuse).
   */
  input: { path: string; size?: number; mtimeMs?: number } | { upload: AsyncIterable<Buffer>; check?: () => void };
  /** An upload from the screens: the confirmation threshold of its import (`FeedJobPayload.confirm_above`). */
  confirmAbove?: number;
  /**
   * Started by a route that declares its audit entry (the upload): the entry is recorded in the job's dispatch
   * (server/jobs/queue.ts), with the job's id, kind and file name.
   */
  audited?: boolean;
}

/**
 * Records, attaches and dispatches one feed job.
 * @returns the queued job
 * @throws AppError 503 while the server stops; ENOENT when `input.path` is gone; whatever `check` throws
 *   (the job is then discarded with its stored chunks)
 */
export async function startFeedJob(queue: JobQueue, db: Db, req: FeedJobRequest): Promise<JobRow> {
  const filename = req.filename.slice(0, 255);
  const input: JobInput =
    'path' in req.input
      ? { kind: 'path', path: req.input.path, ...(req.input.size !== undefined ? { size: req.input.size, mtime_ms: req.input.mtimeMs } : {}) }
      : { kind: 'stored' };
  const payload: FeedJobPayload = {
    filename,
    origin: req.origin,
    input,
    ...(req.recordAs ? { feed: req.recordAs } : {}),
    ...(req.confirmAbove !== undefined ? { confirm_above: req.confirmAbove } : {}),
  };
  const definition = FEED_DEFINITIONS[req.feed];
  if ('path' in req.input) {
    const bytes = (await fs.promises.stat(req.input.path)).size;
    const job = await queue.create(definition, req.ownerId ?? null, payload);
    // A path is readable on this machine only: the job runs in this process (not any process of the database).
    return queue.dispatch(job, bytes, undefined, { here: true });
  }
  const job = await queue.create(definition, req.ownerId ?? null, payload);
  const audit = req.audited ? (row: JobRow) => ({ resourceId: row.id, details: { kind: row.kind, filename } }) : undefined;
  try {
    const { bytes } = await receiveJobFile(db, job.id, req.input.upload, { headBytes: 0 });
    req.input.check?.();
    return await queue.dispatch(job, bytes, undefined, { audit });
  } catch (err) {
    await queue.discard(job.id);
    throw err;
  }
}

/**
 * The feed jobs under way, oldest first (`GET /api/supervisions/jobs`), of one feed or both: queued, running, or
 * waiting for the operator's confirmation (server/jobs/confirmation.ts).
 */
export async function activeFeedJobs(db: Db, feed?: UploadFeed): Promise<JobRow[]> {
  const kinds = feed ? [FEED_KINDS[feed]] : FEED_JOB_KINDS;
  return db
    .select()
    .from(jobs)
    .where(and(inArray(jobs.state, ['queued', 'running', 'waiting']), inArray(jobs.kind, kinds)))
    .orderBy(jobs.createdAt)
    .limit(100);
}

