/**
 * One job's run in the process that took it (from pg-boss's worker, or dispatched `here`): read its row, take its
 * advisory lock (PostgreSQL, on a connection of its own named after the job), claim it (`queued` → `running`),
 * parse its payload with its definition's schema, run its handler, then record its outcome:
 * - done: its end (unless the handler wrote it in its own transaction: a staged import), then its input removed;
 * - held for a confirmation (`AwaitingConfirmation`, ./confirmation.ts): `waiting`, its input kept;
 * - failed: its kind of failure (./failure.ts) and French message, its leftovers cleaned (`cleanup`), its input removed.
 * A job handed over while the queue stops is failed `shutdown` without running.
 */
import type pg from 'pg';
import { eq } from 'drizzle-orm';
import { ADVISORY_LOCK_CLASSES } from '../db/locks';
import { clientSql } from '../db/sql';
import { jobs } from '../db/schema';
import { AppError } from '../lib/errors';
import { runAsSystem } from '../lib/audit';
import { BAD_PAYLOAD_MESSAGE } from './define';
import { AwaitingConfirmation, holdJob } from './confirmation';
import { JOB_FAILED_MESSAGE, JobCancelled, SHUTDOWN_MESSAGE, type FailureKind } from './failure';
import { InputChanged, removeJobFile } from './files';
import { jobConnectionName, jobLockObject, type QueueRuntime } from './runtime';
import { claimJob, finishJob, reportProgress, type JobRow } from './store';

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
  const registered = rt.kinds.get(kind);
  if (!registered) return;
  const { definition, handler } = registered;
  const { database, log } = rt;
  const db = database.db;
  const abort = new AbortController();
  let release: () => void = () => {};
  const done = new Promise<void>((resolve) => (release = resolve));
  rt.running.set(jobId, { abort, done });
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
    let payload: unknown;
    try {
      const parsed = definition.payload.safeParse(job.payload);
      if (!parsed.success) throw new AppError(422, BAD_PAYLOAD_MESSAGE);
      payload = parsed.data;
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
      await removeJobFile(db, job);
      log.info({ job: jobId, kind }, 'job done');
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
      if (failure === 'cancelled') log.info({ job: jobId, kind: failure }, 'job cancelled');
      else if (abort.signal.aborted) log.info({ job: jobId, kind: failure }, 'job interrupted');
      else if (err instanceof AppError) log.info({ job: jobId, kind: failure, reason: message }, 'job failed');
      else log.error({ err, job: jobId, kind: failure }, 'job failed');
      await handler.cleanup(db, { id: jobId, payload }).catch((e) => log.error({ err: e, job: jobId }, 'job cleanup failed'));
      // Its input goes first: whoever waits for the job finds nothing of it left once it reads `failed`.
      await removeJobFile(db, job);
      await finishJob(db, jobId, { state: 'failed', error: message, kind: failure });
    }
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
    release();
    rt.seams.jobEnded?.(jobId);
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
