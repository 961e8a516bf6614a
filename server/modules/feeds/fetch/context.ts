/**
 * What a scheduled fetch needs: the job queue and the database to start and follow the
 * import, the folder its downloads go to, how it retries, the limits of its calls, and the signal that stops it with
 * the server.
 */
import path from 'node:path';
import type { Db } from '../../../db/client';
import type { AppConfig } from '../../../config';
import type { JobQueue } from '../../../jobs/queue';
import { DEFAULT_FEED_HTTP, type FeedHttpLimits, type RetryOptions } from './http';

/** The fetch's surroundings. */
export interface FetchContext {
  queue: JobQueue;
  db: Db;
  /** Folder of the downloads (created when missing), e.g. `DATA_DIR/feeds`. */
  downloadDir: string;
  retry: RetryOptions;
  /** Time limits and byte caps of the calls (default DEFAULT_FEED_HTTP; the app's come from its configuration). */
  http?: FeedHttpLimits;
  signal?: AbortSignal;
  /** Largest offset + limit the BODACC records endpoint serves (default ODS_WINDOW; tests lower it). */
  odsWindow?: number;
  /** The current instant (tests fix it). */
  now?: () => Date;
}

/** The fetch context of the app's configuration: its data directory, retries (FEED_FETCH_ATTEMPTS, FEED_FETCH_BACKOFF_MS) and limits. */
export function fetchContext(queue: JobQueue, db: Db, config: Pick<AppConfig, 'dataDir' | 'feedHttp'>, signal?: AbortSignal): FetchContext {
  const { attempts, backoffMs, ...http } = config.feedHttp;
  return { queue, db, downloadDir: path.join(config.dataDir, 'feeds'), retry: { attempts, backoffMs, signal }, http, signal };
}

/** The limits of a context (DEFAULT_FEED_HTTP when it sets none). */
export function httpLimits(ctx: FetchContext): FeedHttpLimits {
  return ctx.http ?? DEFAULT_FEED_HTTP;
}

/** What one run of a fetch did. */
export interface FetchOutcome {
  /** done: fetched and imported; failed: the fetch or the import failed (recorded); unchanged: nothing new. */
  status: 'done' | 'failed' | 'unchanged';
  /** The import jobs it started. */
  jobIds: string[];
  /** French message of a failure. */
  error?: string;
  /** Notices (BODACC) or files (Sirene) fetched. */
  fetched: number;
}
