/**
 * The one background-job mechanism (CONVENTIONS.md section 6): pg-boss 10 over the
 * app's database (server/jobs/boss-db.ts), with the progress and outcome of each job in the `jobs` table
 * (server/jobs/store.ts) that the API reads.
 *
 * - A module registers a kind (`register`): its handler, and a `cleanup` that removes what a failed run
 *   may have written (a handler writes its rows in transactions, or hides them until it is done; cleanup
 *   makes sure nothing half-written remains).
 * - `create` records the job (queued), the caller attaches its input (server/jobs/files.ts), then `dispatch`
 *   sends it to pg-boss: any vigie process on the database may run it.
 * - A running job holds a PostgreSQL advisory lock on a connection of its own (`lock_key`): when its process
 *   dies the lock goes with the connection, and `recoverInterrupted` (at start, then every minute) marks
 *   such a job failed with a French message and cleans its rows. On PGlite (one process) every job still
 *   running at start was interrupted.
 * - A module may also declare a periodic task (`schedule`: the scheduled feed fetch): a pg-boss
 *   cron schedule of its own queue, whose worker calls the task. pg-boss's scheduling (its `schedule` option)
 *   is turned on only when one task has a cron expression; a task declared without one has any earlier
 *   schedule of it removed at start, so that turning a fetch off in the configuration really stops it.
 * - `wake` sends one job to such a task's queue from any process, even one where the task is not declared; the queue is created on the way when needed. A task declared
 *   with the `short` policy keeps at most one job waiting, so that repeated wakes collapse into one.
 * - `onStart` / `onStop` hooks run once the queue has started (workers may be sent jobs) and before it
 *   stops (e.g. the inbox watcher of the feeds).
 * - `cancel` stops a queued or running job for an administrator (./cancel.ts): this process aborts the jobs it runs
 *   when asked here, and on PostgreSQL polls the rows of its running jobs every CANCEL_POLL_MS for a request made
 *   by another process; the statement under way on the job's connection is cancelled, and the job ends failed
 *   `cancelled` with « Import annulé par <admin> ».
 * - `stop` (SIGTERM, via the app's preClose) aborts the running jobs, waits for their rollback, then stops pg-boss
 *   and waits for its last statements; a job pg-boss hands over meanwhile is failed with SHUTDOWN_MESSAGE.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type pg from 'pg';
import type { Database, Db } from '../db/client';
import { clientSql } from '../db/sql';
import { ADVISORY_LOCK_CLASSES, ADVISORY_LOCKS } from '../db/locks';
import { jobs } from '../db/schema';
import { AppError } from '../lib/errors';
import { runAsSystem } from '../lib/audit';
import { BOSS_SCHEMA, bossDb, type BossDb } from './boss-db';
import { cancelRequest, requestCancel } from './cancel';
import { BAD_PAYLOAD_MESSAGE, type JobDefinition, type JobHandler } from './define';
import { AwaitingConfirmation, holdJob } from './confirmation';
import { INTERRUPTED_MESSAGE, JOB_FAILED_MESSAGE, JobCancelled, NEVER_STARTED_MESSAGE, SHUTDOWN_MESSAGE, type FailureKind } from './failure';
import { InputChanged, removeJobFile, type JobInput } from './files';
import { claimJob, finishJob, insertJob, reportProgress, waitForJob, type JobRow } from './store';

/** How long a job may wait in the queue before it is taken as lost (ms). */
export const QUEUED_MAX_MS = 3600_000;

/** How often a process reads the rows of the jobs it runs for a cancellation asked elsewhere (ms, PostgreSQL). */
export const CANCEL_POLL_MS = 1000;

/** First key of a running job's advisory lock (the second is its `lock_key`). */
const LOCK_CLASS = ADVISORY_LOCK_CLASSES.job;
/** Advisory lock of the queue creation. */
const QUEUES_LOCK = ADVISORY_LOCKS.queues;

/** What a job's payload is stored as (`jobs.payload`, JSON). */
export type JobPayload = Record<string, unknown>;

/** A kind registered on the queue: its definition and the handler built for this queue. */
interface RegisteredKind {
  definition: JobDefinition<unknown, never>;
  handler: JobHandler<unknown>;
}

/**
 * A job just created (queued, not yet dispatched), typed by its definition: what `dispatch` sends. `complete` tells
 * the type checker whether it was created with its whole payload (`dispatch` may then leave it as it is) or with
 * a draft of it (`dispatch` must give the whole payload); it is not set at run time.
 */
export type CreatedJob<P extends JobPayload, Complete extends boolean = true> = JobRow & { readonly definition: JobDefinition<P, never>; readonly complete?: Complete };

/** A periodic task (`schedule`): runs in whichever process fetches its cron job; stops when `signal` aborts. */
export type ScheduledTask = (signal: AbortSignal) => Promise<void>;

/** Time zone of the cron expressions. */
export const SCHEDULE_TZ = 'Europe/Paris';

/** How a periodic task's queue works (`schedule`). */
export interface TaskOptions {
  /** How often an idle process looks for a job of the task, in seconds (default 30). */
  pollingIntervalSeconds?: number;
  /** pg-boss policy of the queue: `short` keeps at most one job waiting (wakes collapse); default `standard`. */
  policy?: 'standard' | 'short';
}

/** Minimal logger (pino-compatible). */
export interface JobLogger {
  info(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** The job queue of one app process. */
export class JobQueue {
  private boss?: PgBoss;
  private bossDb?: BossDb;
  private readonly kinds = new Map<string, RegisteredKind>();
  private readonly workers = new Map<string, string>();
  private readonly running = new Map<string, { abort: AbortController; done: Promise<void>; client?: pg.PoolClient }>();
  /** Per kind, the end of the last job dispatched `here` (they run one after the other). */
  private readonly local = new Map<string, Promise<void>>();
  private readonly schedules = new Map<string, { cron: string | null; task: ScheduledTask; options: TaskOptions }>();
  /** pg-boss queues known to exist (created at start, or on the way by `wake`), with their policy. */
  private readonly created = new Set<string>();
  private readonly tasks = new Set<{ abort: AbortController; done: Promise<void> }>();
  private readonly startHooks: Array<() => Promise<void>> = [];
  private readonly stopHooks: Array<() => Promise<void>> = [];
  private recoveryTimer?: NodeJS.Timeout;
  private cancelTimer?: NodeJS.Timeout;
  private stopping = false;

  constructor(
    private readonly database: Database,
    private log: JobLogger = { info: () => {}, error: () => {} },
  ) {}

  /** The current logger (the app's once set). */
  get logger(): JobLogger {
    return this.log;
  }

  /** Replaces the logger (the app's, once it exists). */
  setLogger(log: JobLogger): void {
    this.log = log;
  }

  /**
   * Declares a kind of job (before `start`): its handler is built from `deps` (./define.ts), what the definition's
   * builder takes; a definition that takes nothing is registered alone.
   */
  register<P>(definition: JobDefinition<P, unknown>): void;
  register<P, D>(definition: JobDefinition<P, D>, deps: D): void;
  register(definition: JobDefinition<unknown, unknown>, deps?: unknown): void {
    this.kinds.set(definition.kind, { definition, handler: definition.build(deps) });
  }

  /**
   * Declares a periodic task (before `start`) under the pg-boss queue `name` (letters, digits, `-`): with a
   * five-field `cron` (SCHEDULE_TZ time) pg-boss sends it a job at each tick and one process runs `task`;
   * with `cron` null the task is off and any earlier schedule of `name` is removed at start. `wake` and `trigger`
   * send it a job at once.
   */
  schedule(name: string, cron: string | null, task: ScheduledTask, options: TaskOptions = {}): void {
    this.schedules.set(name, { cron, task, options });
  }

  /** Adds a hook run at the end of `start` (jobs may be created from then on). */
  onStart(hook: () => Promise<void>): void {
    this.startHooks.push(hook);
  }

  /** Adds a hook run at the beginning of `stop` (no job can be created any more), before the running jobs are aborted. */
  onStop(hook: () => Promise<void>): void {
    this.stopHooks.push(hook);
  }

  /** Starts pg-boss, recovers interrupted jobs and starts one worker per kind. Idempotent. */
  async start(): Promise<void> {
    if (this.boss) return;
    this.bossDb = bossDb(this.database);
    const scheduling = [...this.schedules.values()].some((s) => s.cron);
    const boss = new PgBoss({ db: this.bossDb, schema: BOSS_SCHEMA, schedule: scheduling, supervise: true, migrate: true });
    boss.on('error', (err) => this.log.error({ err }, 'pg-boss error'));
    await boss.start();
    this.boss = boss;
    await this.recoverInterrupted();
    await this.createQueues(boss);
    for (const kind of this.kinds.keys()) {
      const id = await boss.work<{ jobId: string }>(kind, { pollingIntervalSeconds: 2, batchSize: 1 }, async ([job]) => {
        await runAsSystem({ jobId: job.data.jobId, source: kind }, () => this.execute(kind, job.data.jobId));
      });
      this.workers.set(kind, id);
    }
    for (const [name, { cron, task, options }] of this.schedules) {
      const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 30;
      this.workers.set(name, await boss.work(name, { pollingIntervalSeconds, batchSize: 1 }, async () => this.runTask(name, task)));
      if (cron) await boss.schedule(name, cron, {}, { tz: SCHEDULE_TZ });
      else await boss.unschedule(name);
    }
    this.recoveryTimer = setInterval(() => void this.recoverInterrupted().catch((err) => this.log.error({ err }, 'job recovery failed')), 60_000);
    this.recoveryTimer.unref();
    if (this.database.kind === 'pg') {
      // A cancellation asked in another process reaches the job here (one process on PGlite: asked here).
      this.cancelTimer = setInterval(() => void this.pollCancelled().catch((err) => this.log.error({ err }, 'job cancel poll failed')), CANCEL_POLL_MS);
      this.cancelTimer.unref();
    }
    for (const hook of this.startHooks) await hook();
  }

  /**
   * Sends one tick of periodic task `name` now, as its cron would (one process runs it; this one is woken).
   * @throws AppError 503 while the queue is not running
   */
  async trigger(name: string): Promise<void> {
    if (!this.boss || this.stopping || !this.schedules.has(name)) throw new AppError(503, 'Le serveur s’arrête\u00a0: réessayez dans un instant.');
    await this.boss.send(name, {}, { retryLimit: 0 });
    const worker = this.workers.get(name);
    if (worker) this.boss.notifyWorker(worker);
  }

  /**
   * Sends one job to the queue of task `name` (declared by `schedule` in this process or in another one), so that a
   * process running that task takes it now; this process's worker of it, if any, is woken. The queue is created
   * when this process has not seen it (`policy`: as the task declares it; a process without the task passes it).
   * Nothing is sent while the queue is not running (before start, while stopping).
   * @returns whether a job was sent (false also when a `short` queue already had one waiting)
   */
  async wake(name: string, policy: TaskOptions['policy'] = this.schedules.get(name)?.options.policy): Promise<boolean> {
    const boss = this.boss;
    if (!boss || this.stopping) return false;
    if (!this.created.has(name)) await this.createQueues(boss, [name], policy);
    const id = await boss.send(name, {}, { retryLimit: 0 });
    const worker = this.workers.get(name);
    if (worker) boss.notifyWorker(worker);
    return id !== null;
  }

  /** Runs one tick of a periodic task; a failure is logged (the task records what the operator must see). */
  private async runTask(name: string, task: ScheduledTask): Promise<void> {
    if (this.stopping) return;
    const abort = new AbortController();
    const entry = { abort, done: Promise.resolve() };
    // Under the system actor, even when a request woke it: what it audits is the task's, not the request's.
    entry.done = runAsSystem({ source: name }, () => task(abort.signal))
      .catch((err) => this.log.error({ err, task: name }, 'scheduled task failed'))
      .finally(() => this.tasks.delete(entry));
    this.tasks.add(entry);
    await entry.done;
  }

  /**
   * Creates the pg-boss queue of each kind (idempotent). Two processes creating the same queue at once
   * deadlock inside pg-boss's `create_queue` (seen when two processes start on an empty PostgreSQL): on
   * PostgreSQL the creations are serialised by an advisory lock held on a connection of their own.
   */
  private async createQueues(boss: PgBoss, only?: string[], policy?: TaskOptions['policy']): Promise<void> {
    const names = only ?? [...this.kinds.keys(), ...this.schedules.keys()];
    const create = async () => {
      for (const name of names) {
        const queuePolicy = policy ?? this.schedules.get(name)?.options.policy ?? 'standard';
        await boss.createQueue(name, { name, policy: queuePolicy, retryLimit: 0, expireInSeconds: 6 * 3600 });
        this.created.add(name);
      }
    };
    if (this.database.kind !== 'pg') return create();
    const client = await this.database.pool!.connect();
    try {
      await client.query('set statement_timeout = 0');
      await client.query('select pg_advisory_lock($1)', [QUEUES_LOCK]);
      try {
        await create();
      } finally {
        await client.query('select pg_advisory_unlock($1)', [QUEUES_LOCK]);
        await client.query('reset statement_timeout');
      }
    } finally {
      client.release();
    }
  }

  /**
   * Records a job of `definition` (queued, not yet sent), e.g. to attach its input file (server/jobs/files.ts)
   * before `dispatch`; `discard` removes it if that fails. Its payload is whole, or a draft (what is known before
   * the input has arrived: its file name) that `dispatch` completes.
   * @param alone - a rule that must hold when the job is created (e.g. « one import of this kind at a time per
   *   administrator »): it runs in the job's transaction under the owner's upload lock, so that of several uploads
   *   sent at once only those that find the rule true get a job, each seeing the jobs created before it. It throws
   *   the refusal (an AppError) to create nothing.
   * @throws AppError 503 while the server stops; whatever `alone` throws
   */
  async create<P extends JobPayload>(definition: JobDefinition<P, never>, ownerId: number | null, payload: NoInfer<P>, alone?: (db: Db) => Promise<void>): Promise<CreatedJob<P, true>>;
  async create<P extends JobPayload>(definition: JobDefinition<P, never>, ownerId: number | null, draft: NoInfer<Partial<P>>, alone?: (db: Db) => Promise<void>): Promise<CreatedJob<P, false>>;
  async create(definition: JobDefinition<JobPayload, never>, ownerId: number | null, stored: JobPayload, alone?: (db: Db) => Promise<void>): Promise<CreatedJob<JobPayload, boolean>> {
    if (!this.boss || this.stopping) throw new AppError(503, 'Le serveur s’arrête\u00a0: réessayez dans un instant.');
    const row = alone
      ? await this.database.db.transaction(async (t) => {
          const tx: Db = t;
          await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCK_CLASSES.ownerUpload}, ${ownerId ?? 0})`);
          await alone(tx);
          return insertJob(tx, definition.kind, ownerId, stored, null);
        })
      : await insertJob(this.database.db, definition.kind, ownerId, stored, null);
    return { ...row, definition };
  }

  /**
   * Removes a job that was created but never dispatched, with its input: its stored chunks go with its row, and
   * `input` names a spool file to delete when the upload was received into one.
   */
  async discard(jobId: string, input?: JobInput): Promise<void> {
    await this.database.db.delete(jobs).where(and(eq(jobs.id, jobId), eq(jobs.state, 'queued')));
    if (input) await removeJobFile(this.database.db, { id: jobId, payload: { input } });
  }

  /**
   * Sends a created job to pg-boss (run by whichever process fetches it first; this one is woken at once), with its
   * whole payload when it was created with a draft.
   * With `here`, the job runs in this process instead, after the earlier `here` jobs of its kind (one at a
   * time): for an input that only this machine can read (a file path: the feeds' CLI, inbox and fetch). It
   * keeps its row, progress, lock and recovery like any job.
   * @param bytesTotal - size of its input, for the progress percentage
   * @throws AppError 503 while the server stops
   */
  async dispatch<P extends JobPayload>(job: CreatedJob<P, true>, bytesTotal: number | null, payload?: NoInfer<P>, opts?: { here?: boolean }): Promise<JobRow>;
  async dispatch<P extends JobPayload>(job: CreatedJob<P, boolean>, bytesTotal: number | null, payload: NoInfer<P>, opts?: { here?: boolean }): Promise<JobRow>;
  async dispatch(job: CreatedJob<JobPayload, boolean>, bytesTotal: number | null, payload?: JobPayload, opts: { here?: boolean } = {}): Promise<JobRow> {
    if (!this.boss || this.stopping) throw new AppError(503, 'Le serveur s’arrête\u00a0: réessayez dans un instant.');
    const [row] = await this.database.db
      .update(jobs)
      .set({ bytesTotal, ...(payload ? { payload } : {}) })
      .where(eq(jobs.id, job.id))
      .returning();
    if (opts.here) {
      const kind = row.kind;
      const next = (this.local.get(kind) ?? Promise.resolve()).then(() => runAsSystem({ jobId: row.id, source: kind }, () => this.execute(kind, row.id)));
      this.local.set(kind, next);
      return row;
    }
    return this.send(row, {});
  }

  /**
   * Sends to pg-boss again a job that was sent once and is queued again (a confirmed import, ./confirmation.ts),
   * with its stored payload.
   * @throws AppError 503 while the server stops
   */
  async resend(row: JobRow): Promise<JobRow> {
    if (!this.boss || this.stopping) throw new AppError(503, 'Le serveur s’arrête\u00a0: réessayez dans un instant.');
    // pg-boss keeps the ids it was sent: a job sent again goes under an id of pg-boss's choosing.
    return this.send(row, { again: true });
  }

  /** Sends queued `row` to pg-boss; a job that cannot be sent ends failed `unexpected`. */
  private async send(row: JobRow, opts: { again?: boolean }): Promise<JobRow> {
    const boss = this.boss!;
    try {
      await boss.send(row.kind, { jobId: row.id }, { ...(opts.again ? {} : { id: row.id }), retryLimit: 0 });
    } catch (err) {
      await finishJob(this.database.db, row.id, { state: 'failed', error: JOB_FAILED_MESSAGE, kind: 'unexpected' });
      throw err;
    }
    const worker = this.workers.get(row.kind);
    if (worker) boss.notifyWorker(worker);
    return row;
  }

  /**
   * Cancels job `id` for administrator `by` (their name): a queued job ends at once, a running one is asked to stop
   * (./cancel.ts) and, when this process runs it, aborted now.
   * @returns the job's row after the request
   * @throws AppError 404 when the job is neither queued nor running
   */
  async cancel(id: string, by: string): Promise<JobRow> {
    const row = await requestCancel(this.database.db, id, by);
    const request = cancelRequest(row);
    if (request) this.abortCancelled(id, request);
    return row;
  }

  /** Aborts job `id` if this process runs it, with the cancellation's message; on PostgreSQL its statement under way is cancelled. */
  private abortCancelled(id: string, message: string): void {
    const entry = this.running.get(id);
    if (!entry || entry.abort.signal.aborted) return;
    entry.abort.abort(new JobCancelled(message));
    if (entry.client && this.database.pool) {
      // The COPY or the merge under way stops now (57014) instead of at its end; the handler then rolls back. Only
      // the connection still named after the job is hit (not one the pool has handed to someone else since).
      void this.database.pool
        .query(`select pg_cancel_backend(pid) from pg_stat_activity where application_name = $1`, [jobConnectionName(id)])
        .catch((err) => this.log.error({ err, job: id }, 'job cancel failed'));
    }
  }

  /** Reads the rows of the jobs this process runs and aborts those an administrator cancelled from another process. */
  private async pollCancelled(): Promise<void> {
    const ids = [...this.running.entries()].filter(([, r]) => r.client && !r.abort.signal.aborted).map(([id]) => id);
    if (!ids.length) return;
    const rows = await this.database.db.select().from(jobs).where(and(inArray(jobs.id, ids), eq(jobs.failureKind, 'cancelled')));
    for (const row of rows) {
      const request = cancelRequest(row);
      if (request) this.abortCancelled(row.id, request);
    }
  }

  /**
   * Waits until job `id` ends (done or failed) or stops to wait for a confirmation (`waiting`,
   * ./confirmation.ts), whichever process runs it, and answers its row. Polls the `jobs`
   * row every `pollMs` (default 200), calling `onProgress` with each row seen while it runs.
   * @returns the ended row; the last row seen when `signal` aborts first
   * @throws Error when the job's row is gone (deleted meanwhile)
   */
  async waitFor(id: string, opts: { pollMs?: number; onProgress?: (row: JobRow) => void; signal?: AbortSignal } = {}): Promise<JobRow> {
    return waitForJob(this.database.db, id, opts);
  }

  /** Runs one job: lock, claim, handler, outcome. Never throws (pg-boss only learns that it ended). */
  private async execute(kind: string, jobId: string): Promise<void> {
    const registered = this.kinds.get(kind);
    if (!registered) return;
    const { definition, handler } = registered;
    const db = this.database.db;
    const abort = new AbortController();
    let release: () => void = () => {};
    const done = new Promise<void>((resolve) => (release = resolve));
    this.running.set(jobId, { abort, done });
    let client: pg.PoolClient | undefined;
    let locked = false;
    try {
      const [row] = await db.select().from(jobs).where(eq(jobs.id, jobId));
      if (!row || row.state !== 'queued') return;
      if (this.stopping) {
        // Handed over by pg-boss as the server stops (it counts it done): not started, so failed with the stop's
        // message rather than left queued for nothing; the operator can send it again at once.
        await finishJob(db, jobId, { state: 'failed', error: SHUTDOWN_MESSAGE, kind: 'shutdown' });
        await removeJobFile(db, row);
        return;
      }
      if (this.database.kind === 'pg') {
        client = await this.database.pool!.connect();
        await client.query('set statement_timeout = 0');
        // Names the connection after the job: a cancellation cancels its statement only while it is the job's.
        await client.query(`select set_config('application_name', $1, false)`, [jobConnectionName(jobId)]);
        // Taken before the claim: a job seen running has its lock held, or its process is gone.
        await client.query('select pg_advisory_lock($1, $2)', [LOCK_CLASS, lockObj(row.lockKey)]);
        locked = true;
      }
      const job = await claimJob(db, jobId);
      if (!job) return;
      this.running.get(jobId)!.client = client;
      this.log.info({ job: jobId, kind }, 'job started');
      let payload: unknown;
      try {
        const parsed = definition.payload.safeParse(job.payload);
        if (!parsed.success) throw new AppError(422, BAD_PAYLOAD_MESSAGE);
        payload = parsed.data;
        const out = await handler.run({
          job: { ...job, payload },
          payload,
          database: this.database,
          sql: client ? clientSql(client) : this.database.sql,
          signal: abort.signal,
          progress: (rows, bytes) => reportProgress(db, jobId, rows, bytes),
        });
        // A staged import wrote its end (and dropped its stored chunks) in its own transaction.
        if (!out.ended) await finishJob(db, jobId, { state: 'done', ...out });
        await removeJobFile(db, job);
        this.log.info({ job: jobId, kind }, 'job done');
      } catch (err) {
        if (err instanceof AwaitingConfirmation && !abort.signal.aborted) {
          // Rolled back before it committed: the job waits for the operator, its input kept (./confirmation.ts).
          await holdJob(db, jobId, err, err.summary.rows_read);
          this.log.info({ job: jobId }, 'job awaiting confirmation');
          return;
        }
        // Cancelled: aborted here with the request, or refused its commit by it (./store.ts `finishJobIn`).
        const cancelled = abort.signal.reason instanceof JobCancelled ? abort.signal.reason : err instanceof JobCancelled ? err : undefined;
        const kind: FailureKind = cancelled
          ? 'cancelled'
          : abort.signal.aborted
            ? 'shutdown'
            : err instanceof InputChanged
              ? 'interrupted'
              : err instanceof AppError
                ? 'refused'
                : 'unexpected';
        const message = cancelled ? cancelled.message : kind === 'shutdown' ? SHUTDOWN_MESSAGE : err instanceof AppError ? err.message : JOB_FAILED_MESSAGE;
        // A refused input (AppError: its French reason, shown to the operator too), a stop or a cancellation is a
        // normal end, logged as info; anything else is a fault, logged with its error.
        if (cancelled) this.log.info({ job: jobId, kind }, 'job cancelled');
        else if (abort.signal.aborted) this.log.info({ job: jobId, kind }, 'job interrupted');
        else if (err instanceof AppError) this.log.info({ job: jobId, kind, reason: message }, 'job failed');
        else this.log.error({ err, job: jobId, kind }, 'job failed');
        await handler.cleanup(db, { id: jobId, payload }).catch((e) => this.log.error({ err: e, job: jobId }, 'job cleanup failed'));
        // Its input goes first: whoever waits for the job finds nothing of it left once it reads `failed`.
        await removeJobFile(db, job);
        await finishJob(db, jobId, { state: 'failed', error: message, kind });
      }
    } catch (err) {
      this.log.error({ err, job: jobId, kind }, 'job could not run');
    } finally {
      if (client) {
        if (locked) await client.query('select pg_advisory_unlock_all()').catch(() => {});
        await client.query('reset statement_timeout').catch(() => {});
        await client.query('reset application_name').catch(() => {});
        client.release();
      }
      this.running.delete(jobId);
      release();
    }
  }

  /**
   * Marks failed the jobs left running by a process that is gone, and cleans what they wrote.
   * PostgreSQL: a running job whose advisory lock is free; PGlite: every running
   * job not run by this process. Also a job queued for more than QUEUED_MAX_MS (lost before it started).
   * @returns the ids of the jobs marked failed
   */
  async recoverInterrupted(): Promise<string[]> {
    const db = this.database.db;
    const stale = await db.select().from(jobs).where(eq(jobs.state, 'running'));
    const failed: string[] = [];
    for (const row of stale) {
      if (this.running.has(row.id)) continue;
      if (this.database.kind === 'pg') {
        const client = await this.database.pool!.connect();
        try {
          const obj = lockObj(row.lockKey);
          const { rows } = await client.query<{ got: boolean }>('select pg_try_advisory_lock($1, $2) as got', [LOCK_CLASS, obj]);
          if (!rows[0].got) continue;
          try {
            await this.failInterrupted(row);
          } finally {
            await client.query('select pg_advisory_unlock($1, $2)', [LOCK_CLASS, obj]);
          }
        } finally {
          client.release();
        }
      } else {
        await this.failInterrupted(row);
      }
      failed.push(row.id);
    }
    // A job still queued after an hour was fetched by a process that died before it started, or never sent.
    const abandoned = await db
      .update(jobs)
      .set({ state: 'failed', error: NEVER_STARTED_MESSAGE, failureKind: 'never_started', finishedAt: new Date() })
      .where(and(eq(jobs.state, 'queued'), lt(jobs.createdAt, new Date(Date.now() - QUEUED_MAX_MS))))
      .returning({ id: jobs.id, payload: jobs.payload });
    for (const job of abandoned) await removeJobFile(db, job);
    return [...failed, ...abandoned.map((j) => j.id)];
  }

  private async failInterrupted(row: JobRow): Promise<void> {
    const db = this.database.db;
    const registered = this.kinds.get(row.kind);
    if (registered) {
      const parsed = registered.definition.payload.safeParse(row.payload);
      await registered.handler.cleanup(db, { id: row.id, payload: parsed.success ? parsed.data : undefined });
    }
    await removeJobFile(db, row);
    // A job cancelled before its process died ends as cancelled.
    const cancelled = cancelRequest(row);
    await db
      .update(jobs)
      .set(cancelled ? { state: 'failed', finishedAt: new Date() } : { state: 'failed', error: INTERRUPTED_MESSAGE, failureKind: 'interrupted', finishedAt: new Date() })
      .where(and(eq(jobs.id, row.id), inArray(jobs.state, ['running'])));
    this.log.info({ job: row.id, kind: row.kind }, 'interrupted job marked failed');
  }

  /** Stops: running jobs are aborted and roll back, then pg-boss stops. Idempotent. */
  async stop(): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    for (const hook of this.stopHooks) await hook().catch((err) => this.log.error({ err }, 'stop hook failed'));
    clearInterval(this.recoveryTimer);
    clearInterval(this.cancelTimer);
    for (const t of this.tasks) t.abort.abort();
    await Promise.all([...this.tasks].map((t) => t.done));
    const running = [...this.running.values()];
    for (const r of running) r.abort.abort();
    await Promise.all(running.map((r) => r.done));
    // Jobs dispatched `here` and not started yet: each ends failed with the stop's message.
    await Promise.all(this.local.values());
    await this.boss?.stop({ graceful: true, wait: true, timeout: 1000, close: false });
    // pg-boss may still hand over a job it was fetching (`execute` fails it), and it marks a job completed
    // without waiting for the statement: wait until neither is in flight, so that no statement reaches the
    // database after the app has closed it.
    for (let turn = 0; turn < 100; turn++) {
      await nextTurn();
      const pending = [...this.running.values()].map((r) => r.done);
      if (!pending.length && (this.bossDb?.idle() ?? true)) break;
      await Promise.all([...pending, this.bossDb?.settled()]);
    }
  }
}

/** The `application_name` of the connection running job `id` (PostgreSQL), so that its statement can be cancelled. */
function jobConnectionName(id: string): string {
  return `vigie job ${id}`;
}

/** The second key of a job's advisory lock. */
function lockObj(lockKey: number): number {
  return Number(lockKey) % 2147483647;
}
