/**
 * The state of one process's job queue, shared by the files of its concerns — ./lifecycle.ts (start, stop,
 * workers), ./execute.ts (one job's run), ./recovery.ts, ./cancel.ts, ./scheduling.ts (periodic tasks, wake,
 * trigger) and ./submit.ts (create, dispatch) — which `JobQueue` (./queue.ts) puts together behind one facade.
 * Also the names every one of them uses: the logger, the running jobs, a running job's connection name.
 */
import type pg from 'pg';
import type PgBoss from 'pg-boss';
import type { Database } from '../db/client';
import { AppError } from '../lib/errors';
import type { BossDb } from './boss-db';
import type { JobDefinition, JobHandler } from './define';
import { HeldJobs } from './holding';

/** Minimal logger (pino-compatible). */
export interface JobLogger {
  info(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** A periodic task (`JobQueue.schedule`): runs in whichever process fetches its cron job; stops when `signal` aborts. */
export type ScheduledTask = (signal: AbortSignal) => Promise<void>;

/** How a periodic task's queue works (`JobQueue.schedule`). */
export interface TaskOptions {
  /** How often an idle process looks for a job of the task, in seconds (default 30). */
  pollingIntervalSeconds?: number;
  /** pg-boss policy of the queue: `short` keeps at most one job waiting (wakes collapse); default `standard`. */
  policy?: 'standard' | 'short';
}

/** A kind registered on the queue: its definition and the handler built for this queue. */
export interface RegisteredKind {
  definition: JobDefinition<unknown, never>;
  handler: JobHandler<unknown>;
}

/** A job this process runs: how to abort it, its end, and (PostgreSQL) the connection that holds its lock. */
export interface RunningJob {
  abort: AbortController;
  done: Promise<void>;
  client?: pg.PoolClient;
}

/**
 * Points where a test pauses the queue to line up a race, or learns that a step has passed (none is set in
 * production): each is called, and awaited, at its point.
 */
export interface QueueSeams {
  /** Recovery has read the running jobs (their ids) and not judged them yet. */
  recoveryRead?(ids: string[]): Promise<void>;
  /** Job `id`'s run in this process is over: its lock released, its connection returned. */
  jobEnded?(id: string): void;
}

/** Refusal of a call that needs the queue while it is not running (before its start, while it stops). */
export const STOPPING_MESSAGE = 'Le serveur s’arrête\u00a0: réessayez dans un instant.';

/** The `application_name` of the connection running job `id` (PostgreSQL), so that its statement can be cancelled. */
export function jobConnectionName(id: string): string {
  return `vigie job ${id}`;
}

/** The state of one process's queue (see the module's doc). */
export class QueueRuntime {
  /** pg-boss, once started. */
  boss?: PgBoss;
  /** pg-boss's `db` adapter, to wait for its statements at stop. */
  bossDb?: BossDb;
  /** The kinds registered, by name. */
  readonly kinds = new Map<string, RegisteredKind>();
  /** pg-boss worker ids, by kind or task name. */
  readonly workers = new Map<string, string>();
  /** The jobs this process runs, by id. */
  readonly running = new Map<string, RunningJob>();
  /** Per kind, the end of the last job dispatched `here` (they run one after the other). */
  readonly local = new Map<string, Promise<void>>();
  /** The periodic tasks declared, by name. */
  readonly schedules = new Map<string, { cron: string | null; task: ScheduledTask; options: TaskOptions }>();
  /** pg-boss queues known to exist (created at start, or on the way by `wake`). */
  readonly created = new Set<string>();
  /** The ticks of periodic tasks under way. */
  readonly tasks = new Set<{ abort: AbortController; done: Promise<void> }>();
  readonly startHooks: Array<() => Promise<void>> = [];
  readonly stopHooks: Array<() => Promise<void>> = [];
  /** The timers of the periodic passes (recovery, cancellation poll), cleared at stop. */
  readonly timers: NodeJS.Timeout[] = [];
  /** Set once `stop` has begun: nothing new is taken. */
  stopping = false;
  /** The queued jobs this queue holds (./holding.ts). */
  readonly held: HeldJobs;

  constructor(
    readonly database: Database,
    public log: JobLogger,
    readonly seams: QueueSeams = {},
  ) {
    this.held = new HeldJobs(database, () => this.log);
  }

  /**
   * pg-boss, while the queue runs.
   * @throws AppError 503 STOPPING_MESSAGE before the start or once the stop has begun
   */
  runningBoss(): PgBoss {
    if (!this.boss || this.stopping) throw new AppError(503, STOPPING_MESSAGE);
    return this.boss;
  }
}
