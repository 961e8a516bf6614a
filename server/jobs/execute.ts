/**
 * One job's run in the process that took it (from pg-boss's worker, or dispatched `here`): read its row, take its
 * advisory lock (PostgreSQL, on a connection of its own named after the job), claim it (`queued` → `running`),
 * parse its payload with its definition's schema, run its handler, then record its outcome:
 * - done: its end (unless the handler wrote it in its own transaction: a staged import); the steps after that
 *   commit (its input's removal) are best effort: a failure there is logged and never undoes the end;
 * - held for a confirmation (`AwaitingConfirmation`, ./confirmation.ts): `waiting`, its input kept;
 * - failed: its kind of failure (./failure.ts) and French message, written by a statement that changes only a job
 *   still running; only when that statement ended it are its leftovers cleaned (`cleanup`) and its input removed,
 *   in the same transaction. A handler that throws after its import committed leaves the job done, untouched.
 * A job handed over while the queue stops is failed `shutdown` without running.
 */
import type pg from 'pg';
import { eq } from 'drizzle-orm';
import { ADVISORY_LOCK_CLASSES } from '../db/locks';
import type { Db } from '../db/client';
import { clientSql } from '../db/sql';
import { jobs } from '../db/schema';
import { AppError } from '../lib/errors';
import { runAsSystem } from '../lib/audit';
import { BAD_PAYLOAD_MESSAGE, parsePayload, type JobHandler } from './define';
import { AwaitingConfirmation, holdJob } from './confirmation';
import { JOB_FAILED_MESSAGE, JobCancelled, SHUTDOWN_MESSAGE, type FailureKind } from './failure';
import { InputChanged, removeJobFile } from './files';
import { jobLockObject, processJobs } from './holding';
import { jobConnectionName, type QueueRuntime } from './runtime';
import { claimJob, endFailed, finishJob, reportProgress, type JobRow } from './store';

/** Runs job `jobId` of `kind` under the system actor (see the module's doc). Never throws (pg-boss only learns that it ended). */
export function executeJob(rt: QueueRuntime, kind: string, jobId: string): Promise<void> {
  return runAsSystem({ jobId, source: kind }, () => execute(rt, kind, jobId));
}

/** Runs queued `row` in this process once the earlier jobs of its kind dispatched `here` have ended. */
export function runHere(rt: QueueRuntime, row: JobRow): void {
  const next = (rt.local.get(row.kind) ?? Promise.resolve()).then(() => executeJob(rt, row.kind, row.id));
  rt.local.set(row.kind, next);
}

async function execute(rt: QueueRuntime, kind: string, jobId: string): Promise<void> {
  const { database, log } = rt;
  const registered = rt.kinds.get(kind);
  if (!registered) {
    log.error({ job: jobId, kind }, 'job of a kind not registered in this process');
    await rt.held.release(jobId);
    return;
  }
  const { definition, handler } = registered;
  const db = database.db;
  const abort = new AbortController();
  let release: () => void = () => {};
  const done = new Promise<void>((resolve) => (release = resolve));
  rt.running.set(jobId, { abort, done });
  // Seen by this process's recovery as its own (PGlite: every queue of the process on this database).
  const processRuns = processJobs(database).running;
  processRuns.add(jobId);
  let client: pg.PoolClient | undefined;
  let locked = false;
  try {
    const [row] = await db.select().from(jobs).where(eq(jobs.id, jobId));
    if (!row || row.state !== 'queued') return;
    if (rt.stopping) {
      // Handed over by pg-boss as the server stops (it counts it done): not started, so failed with the stop's
      // message rather than left queued for nothing; the operator can send it again at once.
      await finishJob(db, jobId, { state: 'failed', error: SHUTDOWN_MESSAGE, kind: 'shutdown' });
      await removeJobFile(db, row);
      return;
    }
    if (database.kind === 'pg') {
      client = await database.pool!.connect();
      await client.query('set statement_timeout = 0');
      // Names the connection after the job: a cancellation cancels its statement only while it is the job's.
      await client.query(`select set_config('application_name', $1, false)`, [jobConnectionName(jobId)]);
      // Taken before the claim: a job seen running has its lock held, or its process is gone.
      await client.query('select pg_advisory_lock($1, $2)', [ADVISORY_LOCK_CLASSES.job, jobLockObject(row.lockKey)]);
      locked = true;
    }
    const job = await claimJob(db, jobId);
    if (!job) return;
    rt.running.get(jobId)!.client = client;
    log.info({ job: jobId, kind }, 'job started');
    const payload = parsePayload(definition, job.payload);
    try {
      if (payload === undefined) throw new AppError(422, BAD_PAYLOAD_MESSAGE);
      const out = await handler.run({
        job: { ...job, payload },
        payload,
        database,
        sql: client ? clientSql(client) : database.sql,
        signal: abort.signal,
        progress: (rows, bytes) => reportProgress(db, jobId, rows, bytes),
      });
      // A staged import wrote its end (and dropped its stored chunks) in its own transaction.
      if (!out.ended) await finishJob(db, jobId, { state: 'done', ...out });
    } catch (err) {
      if (err instanceof AwaitingConfirmation && !abort.signal.aborted) {
        // Rolled back before it committed: the job waits for the operator, its input kept (./confirmation.ts).
        await holdJob(db, jobId, err, err.summary.rows_read);
        log.info({ job: jobId }, 'job awaiting confirmation');
        return;
      }
      const { kind: failure, message } = failureOf(err, abort.signal);
      // A refused input (AppError: its French reason, shown to the operator too), a stop or a cancellation is a
      // normal end, logged as info; anything else is a fault, logged with its error.
      if (!(await fail(rt, handler, job, { error: message, kind: failure }, payload))) log.error({ err, job: jobId, kind }, 'job failed after its end was written');
      else if (failure === 'cancelled') log.info({ job: jobId, kind: failure }, 'job cancelled');
      else if (abort.signal.aborted) log.info({ job: jobId, kind: failure }, 'job interrupted');
      else if (err instanceof AppError) log.info({ job: jobId, kind: failure, reason: message }, 'job failed');
      else log.error({ err, job: jobId, kind: failure }, 'job failed');
      return;
    }
    // Committed: what follows is best effort, logged, and never undoes the job's end.
    log.info({ job: jobId, kind }, 'job done');
    await removeJobFile(db, job).catch((err) => log.error({ err, job: jobId }, 'job input removal failed'));
  } catch (err) {
    log.error({ err, job: jobId, kind }, 'job could not run');
  } finally {
    if (client) {
      if (locked) await client.query('select pg_advisory_unlock_all()').catch(() => {});
      await client.query('reset statement_timeout').catch(() => {});
      await client.query('reset application_name').catch(() => {});
      client.release();
    }
    rt.running.delete(jobId);
    processRuns.delete(jobId);
    // A job dispatched here was held by this process until its run is over (./holding.ts).
    await rt.held.release(jobId);
    release();
    rt.seams.jobEnded?.(jobId);
  }
}

/**
 * Ends running `job` failed with `end`, unless it has ended already (a handler that threw after its import committed:
 * the job stays done), and then only cleans what it wrote and removes its input, in the end's transaction
 * (./store.ts `endFailed`). A cleanup that fails is logged, and the job still ends failed, its input removed.
 * @returns whether this call ended the job
 */
async function fail(rt: QueueRuntime, handler: JobHandler<unknown>, job: JobRow, end: { error: string; kind: FailureKind }, payload: unknown): Promise<boolean> {
  const { database, log } = rt;
  const removeInput = (db: Db, row: JobRow) => removeJobFile(db, row).catch((err) => log.error({ err, job: row.id }, 'job input removal failed'));
  try {
    const ended = await endFailed(database.db, job.id, end, {
      from: ['running'],
      then: async (tx, row) => {
        await handler.cleanup(tx, { id: row.id, payload });
        await removeInput(tx, row);
      },
    });
    return ended !== undefined;
  } catch (err) {
    log.error({ err, job: job.id }, 'job cleanup failed');
    const ended = await endFailed(database.db, job.id, end, { from: ['running'] });
    if (ended) await removeInput(database.db, ended);
    return ended !== undefined;
  }
}

/** The failure kind and French message of a run that threw `err` (its signal aborted or not). */
function failureOf(err: unknown, signal: AbortSignal): { kind: FailureKind; message: string } {
  // Cancelled: aborted here with the request, or refused its commit by it (./store.ts `finishJobIn`).
  const cancelled = signal.reason instanceof JobCancelled ? signal.reason : err instanceof JobCancelled ? err : undefined;
  if (cancelled) return { kind: 'cancelled', message: cancelled.message };
  if (signal.aborted) return { kind: 'shutdown', message: SHUTDOWN_MESSAGE };
  if (err instanceof InputChanged) return { kind: 'interrupted', message: err.message };
  if (err instanceof AppError) return { kind: 'refused', message: err.message };
  return { kind: 'unexpected', message: JOB_FAILED_MESSAGE };
}
