/**
 * What a scheduled fetch needs: the job queue and the database to start and follow the
 * import, the folder its downloads go to, how it retries, and the signal that stops it with the server.
 */
import path from 'node:path';
import type { Db } from '../../../db/client';
import type { JobQueue } from '../../../jobs/queue';
import { DEFAULT_RETRY, type RetryOptions } from './http';

/** The fetch's surroundings. */
export interface FetchContext {
  queue: JobQueue;
  db: Db;
  /** Folder of the downloads (created when missing), e.g. `DATA_DIR/feeds`. */
  downloadDir: string;
  retry: RetryOptions;
  signal?: AbortSignal;
  /** Largest offset + limit the BODACC records endpoint serves (default ODS_WINDOW; tests lower it). */
  odsWindow?: number;
  /** The current instant (tests fix it). */
  now?: () => Date;
}

/** The fetch context of a data directory, with the default retries. */
export function fetchContext(queue: JobQueue, db: Db, dataDir: string, signal?: AbortSignal): FetchContext {
  return { queue, db, downloadDir: path.join(dataDir, 'feeds'), retry: { ...DEFAULT_RETRY, signal }, signal };
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
