/**
 * The one background-job mechanism (CONVENTIONS.md section 6): pg-boss 10 over the app's database
 * (./boss-db.ts), with the progress and outcome of each job in the `jobs` table (./store.ts) that the API reads.
 * `JobQueue` is the facade of one process's queue; each concern has its file:
 * - kinds are declared once (./define.ts `defineJob`) and registered here (`register`), typed by their payload;
 * - ./submit.ts: `create` records a job (queued), the caller attaches its input (./files.ts), then `dispatch`
 *   sends it to pg-boss (any vigie process on the database may run it) or runs it `here`; `confirm` sends again an
 *   import held for a confirmation; until pg-boss has it, or its run here is over, the process holds it
 *   (./holding.ts);
 * - ./execute.ts: one job's run (lock, claim, handler, outcome) in the process that took it; the steps after its
 *   commit are best effort;
 * - ./recovery.ts: `recoverInterrupted` (at start, then every minute) fails the running jobs whose process is gone
 *   and the queued jobs nothing will start, by what pg-boss and the processes' locks say, never by age;
 * - ./cancel.ts: `cancel` stops a queued or running job for an administrator, whichever process runs it;
 * - ./scheduling.ts: periodic tasks (`schedule`), `wake` and `trigger`;
 * - ./lifecycle.ts: `start` (workers, periodic passes, `onStart` hooks) and `stop` (SIGTERM: `onStop` hooks, running
 *   jobs aborted and rolled back, pg-boss stopped).
 */
import type { Database } from '../db/client';
import type { EntryOf } from '../lib/audit';
import { cancelJob, signalCancel } from './cancel';
import type { JobDefinition } from './define';
import type { JobInput } from './files';
import { startQueue, stopQueue } from './lifecycle';
import { recoverInterrupted } from './recovery';
import { QueueRuntime, type JobLogger, type QueueSeams, type ScheduledTask, type TaskOptions } from './runtime';
import { triggerTask, wakeTask } from './scheduling';
import { confirmQueued, createJob, discardJob, dispatchJob, type CreatedJob, type CreateRule, type JobPayload } from './submit';
import { waitForJob, type JobRow } from './store';

/** Options of `JobQueue.dispatch`. */
export interface DispatchOptions {
  /** Run in this process, after its earlier `here` jobs of the kind. */
  here?: boolean;
  /** The starting request's audit entry, recorded in the dispatch's transaction. */
  audit?: EntryOf<JobRow>;
}

/** The job queue of one app process (see the module's doc). */
export class JobQueue {
  private readonly rt: QueueRuntime;

  /** @param seams - pauses a test injects (./runtime.ts `QueueSeams`); none in production */
  constructor(database: Database, log: JobLogger = { info: () => {}, error: () => {} }, seams: QueueSeams = {}) {
    this.rt = new QueueRuntime(database, log, seams);
  }

  /** The current logger (the app's once set). */
  get logger(): JobLogger {
    return this.rt.log;
  }

  /** Replaces the logger (the app's, once it exists). */
  setLogger(log: JobLogger): void {
    this.rt.log = log;
  }

  /**
   * Declares a kind of job (before `start`): its handler is built from `deps` (./define.ts), what the definition's
   * builder takes; a definition that takes nothing is registered alone.
   */
  register<P>(definition: JobDefinition<P, unknown>): void;
  register<P, D>(definition: JobDefinition<P, D>, deps: D): void;
  register(definition: JobDefinition<unknown, unknown>, deps?: unknown): void {
    this.rt.kinds.set(definition.kind, { definition, handler: definition.build(deps) });
  }

  /**
   * Declares a periodic task (before `start`) under the pg-boss queue `name` (letters, digits, `-`): with a
   * five-field `cron` (SCHEDULE_TZ time, ./scheduling.ts) pg-boss sends it a job at each tick and one process runs
   * `task`; with `cron` null the task is off and any earlier schedule of `name` is removed at start. `wake` and
   * `trigger` send it a job at once.
   */
  schedule(name: string, cron: string | null, task: ScheduledTask, options: TaskOptions = {}): void {
    this.rt.schedules.set(name, { cron, task, options });
  }

  /** Adds a hook run at the end of `start` (jobs may be created from then on). */
  onStart(hook: () => Promise<void>): void {
    this.rt.startHooks.push(hook);
  }

  /** Adds a hook run at the beginning of `stop` (no job can be created any more), before the running jobs are aborted. */
  onStop(hook: () => Promise<void>): void {
    this.rt.stopHooks.push(hook);
  }

  /** Starts pg-boss, recovers interrupted jobs and starts one worker per kind and task (./lifecycle.ts). Idempotent. */
  async start(): Promise<void> {
    await startQueue(this.rt);
  }

  /** Stops: running jobs are aborted and roll back, then pg-boss stops (./lifecycle.ts). Idempotent. */
  async stop(): Promise<void> {
    await stopQueue(this.rt);
  }

  /**
   * Sends one tick of periodic task `name` now, as its cron would (one process runs it; this one is woken).
   * @throws AppError 503 while the queue is not running
   */
  async trigger(name: string): Promise<void> {
    await triggerTask(this.rt, name);
  }

  /**
   * Sends one job to the queue of task `name` (declared by `schedule` in this process or in another one), so that a
   * process running that task takes it now; this process's worker of it, if any, is woken. The queue is created
   * when this process has not seen it (`policy`: as the task declares it; a process without the task passes it).
   * Nothing is sent while the queue is not running (before start, while stopping).
   * @returns whether a job was sent (false also when a `short` queue already had one waiting)
   */
  async wake(name: string, policy: TaskOptions['policy'] = this.rt.schedules.get(name)?.options.policy): Promise<boolean> {
    return wakeTask(this.rt, name, policy);
  }

  /**
   * Records a job of `definition` (queued, not yet sent), e.g. to attach its input file (./files.ts) before
   * `dispatch`; `discard` removes it if that fails. Its payload is whole, or a draft (what is known before the input
   * has arrived: its file name) that `dispatch` completes.
   * @param alone - a rule that must hold when the job is created (e.g. « one import of this kind at a time per
   *   administrator »): it runs in the job's transaction under the owner's upload lock, so that of several uploads
   *   sent at once only those that find the rule true get a job, each seeing the jobs created before it. It throws
   *   the refusal (an AppError) to create nothing.
   * @throws AppError 503 while the server stops; whatever `alone` throws
   */
  async create<P extends JobPayload>(definition: JobDefinition<P, never>, ownerId: number | null, payload: NoInfer<P>, alone?: CreateRule): Promise<CreatedJob<P, true>>;
  async create<P extends JobPayload>(definition: JobDefinition<P, never>, ownerId: number | null, draft: NoInfer<Partial<P>>, alone?: CreateRule): Promise<CreatedJob<P, false>>;
  async create(definition: JobDefinition<JobPayload, never>, ownerId: number | null, payload: JobPayload, alone?: CreateRule): Promise<CreatedJob<JobPayload, boolean>> {
    return createJob(this.rt, definition, ownerId, payload, alone);
  }

  /**
   * Removes a job that was created but never dispatched, with its input: its stored chunks go with its row, and
   * `input` names a spool file to delete when the upload was received into one.
   */
  async discard(jobId: string, input?: JobInput): Promise<void> {
    await discardJob(this.rt, jobId, input);
  }

  /**
   * Sends a created job to pg-boss (run by whichever process fetches it first; this one is woken at once), with its
   * whole payload when it was created with a draft.
   * With `here`, the job runs in this process instead, after the earlier `here` jobs of its kind (one at a
   * time): for an input that only this machine can read (a file path: the feeds' CLI, inbox and fetch). It
   * keeps its row, progress, lock and recovery like any job.
   * @param bytesTotal - size of its input, for the progress percentage
   * @param opts.audit - the entry of the request that starts the job (server/lib/audit.ts), recorded in the
   *   transaction that makes the job ready to run
   * @throws AppError 503 while the server stops
   */
  async dispatch<P extends JobPayload>(job: CreatedJob<P, true>, bytesTotal: number | null, payload?: NoInfer<P>, opts?: DispatchOptions): Promise<JobRow>;
  async dispatch<P extends JobPayload>(job: CreatedJob<P, boolean>, bytesTotal: number | null, payload: NoInfer<P>, opts?: DispatchOptions): Promise<JobRow>;
  async dispatch(job: CreatedJob<JobPayload, boolean>, bytesTotal: number | null, payload?: JobPayload, opts: DispatchOptions = {}): Promise<JobRow> {
    return dispatchJob(this.rt, job, bytesTotal, payload, opts);
  }

  /**
   * Confirms waiting job `id` (of one of `kinds`), an import held for a confirmation (./confirmation.ts): queued
   * again with its stored payload and `confirmed`, and sent to pg-boss (whichever process takes it runs it).
   * @param audit - the confirming request's entry (server/lib/audit.ts), recorded in the confirmation's transaction
   * @returns the queued row
   * @throws AppError 503 while the server stops; AppError 404 when the job is not waiting
   */
  async confirm(id: string, kinds: string[], audit?: EntryOf<JobRow>): Promise<JobRow> {
    return confirmQueued(this.rt, id, kinds, audit);
  }

  /**
   * Cancels job `id` for administrator `by` (their name): a queued job ends at once, a running one is asked to stop
   * (./cancel.ts) and, when this process runs it, aborted once the request is committed.
   * @param audit - the entry of the request that cancels it (server/lib/audit.ts), recorded in the same transaction
   * @returns the job's row after the request
   * @throws AppError 404 when the job is neither queued nor running
   */
  async cancel(id: string, by: string, audit?: EntryOf<JobRow>): Promise<JobRow> {
    return cancelJob(this.rt, id, by, audit);
  }

  /**
   * Acts on a cancellation the caller wrote in its own transaction (./cancel.ts `requestCancel`, beside its audit
   * entry), once committed: aborts the job when this process runs it, lets it go when it ended queued.
   */
  async signalCancel(row: JobRow): Promise<void> {
    await signalCancel(this.rt, row);
  }

  /**
   * Waits until job `id` ends (done or failed) or stops to wait for a confirmation (`waiting`,
   * ./confirmation.ts), whichever process runs it, and answers its row. Polls the `jobs`
   * row every `pollMs` (default 200), calling `onProgress` with each row seen while it runs.
   * @returns the ended row; the last row seen when `signal` aborts first
   * @throws Error when the job's row is gone (deleted meanwhile)
   */
  async waitFor(id: string, opts: { pollMs?: number; onProgress?: (row: JobRow) => void; signal?: AbortSignal } = {}): Promise<JobRow> {
    return waitForJob(this.rt.database.db, id, opts);
  }

  /**
   * Fails the jobs whose process is gone (./recovery.ts); the queue runs it at start and every minute.
   * @returns the ids of the jobs marked failed
   */
  async recoverInterrupted(): Promise<string[]> {
    return recoverInterrupted(this.rt);
  }

  /** The ids of the jobs this process runs now. */
  runningHere(): string[] {
    return [...this.rt.running.keys()];
  }
}

export type { CreatedJob, JobPayload } from './submit';
export type { JobLogger, QueueSeams, ScheduledTask, TaskOptions } from './runtime';
