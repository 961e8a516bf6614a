/**
 * What the RNE worker needs, gathered once from the app context: the database, the secret box
 * (passwords and tokens are sealed), the RNE endpoint, the per-account rate limit, a logger, the timings (leases,
 * back-off; shortened by the tests) and a way to wake the task later from the queue.
 */
import os from 'node:os';
import type { AppContext } from '../../../context';
import type { Db } from '../../../db/client';
import type { SecretBox } from '../../../lib/app-key';
import { rneEndpoint, type RneEndpoint } from '../client';

/** Timings and limits of the worker, in milliseconds unless said otherwise. */
export interface WorkerOptions {
  /** Back-off after a failure: `backoffBaseMs × 2^(attempts before it)` (30 s, then 60 s). */
  backoffBaseMs: number;
  /** Lease of a claimed entry (a worker that dies leaves it running until then; then it is taken back). */
  entryLeaseMs: number;
  /** Lease of an account by a lane, renewed while the lane works. */
  accountLeaseMs: number;
  /** An account answering 429 rests this long (`available_at`). */
  rateLimitPauseMs: number;
  /** The drain waits in process for entries or accounts due within this time; beyond, the next wake or cron tick takes them. */
  maxSleepMs: number;
  /** Entries a lane claims at once (one statement; those not processed when the lane ends go back to waiting). */
  claimBatch: number;
  /**
   * Most lanes (accounts) one drain runs at once (default: every usable account). A drain that reaches it wakes the
   * task again, so that another process takes the other accounts (`npm run worker -- --lanes n`).
   */
  maxLanes: number;
}

/** The defaults of WorkerOptions. */
export const DEFAULT_WORKER_OPTIONS: WorkerOptions = {
  backoffBaseMs: 30_000,
  entryLeaseMs: 5 * 60_000,
  accountLeaseMs: 60_000,
  rateLimitPauseMs: 60_000,
  maxSleepMs: 60_000,
  claimBatch: 4,
  maxLanes: 1000,
};

/** Minimal logger (pino-compatible). Never given a password or a token. */
export interface WorkerLogger {
  info(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** Everything a drain uses. */
export interface WorkerDeps {
  db: Db;
  box: SecretBox;
  endpoint: RneEndpoint;
  /** Most items of one list of a record (RNE_MAX_ITEMS): a larger record is parked with a French reason. */
  maxItems: number;
  /** Requests per minute per account (0: no limit). */
  requestsPerMinute: number;
  options: WorkerOptions;
  log: WorkerLogger;
  /** Prefix of the lease owners of this process (`host:pid`); each drain adds its number. */
  owner: string;
  /** Asks another run of the queue's task (any process) — when a drain took `maxLanes` accounts and more may be free. */
  wake?: (queue: 'officers' | 'accounts') => void;
}

/** Builds the worker's dependencies from the app context (`options` override the defaults). */
export function workerDeps(ctx: AppContext, options: Partial<WorkerOptions> = {}, log?: WorkerLogger): WorkerDeps {
  return {
    db: ctx.db,
    box: ctx.box,
    endpoint: rneEndpoint(ctx.config),
    maxItems: ctx.config.rneMaxItems,
    requestsPerMinute: ctx.config.rneRequestsPerMinute,
    options: { ...DEFAULT_WORKER_OPTIONS, ...options },
    log: log ?? { info: () => {}, error: () => {} },
    owner: `${os.hostname()}:${process.pid}`.slice(0, 100),
  };
}
