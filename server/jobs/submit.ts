/**
 * Putting a job in the queue: `createJob` records it (queued) with its payload or a draft of it, the caller attaches
 * its input (./files.ts), then `dispatchJob` sends it to pg-boss, so that any vigie process on the database may run
 * it, or runs it in this process (`here`, for an input only this machine can read). `discardJob` removes a job
 * whose input could not be attached; `resendJob` sends again a job queued again after it was sent (a confirmed
 * import, ./confirmation.ts).
 *
 * Typed by the job's definition (./define.ts): the payload given here is the `P` its handler receives.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { ADVISORY_LOCK_CLASSES } from '../db/locks';
import { jobs } from '../db/schema';
import type { JobDefinition } from './define';
import { runHere } from './execute';
import { JOB_FAILED_MESSAGE } from './failure';
import { removeJobFile, type JobInput } from './files';
import type { QueueRuntime } from './runtime';
import { finishJob, insertJob, type JobRow } from './store';

/** What a job's payload is stored as (`jobs.payload`, JSON). */
export type JobPayload = Record<string, unknown>;

/**
 * A job just created (queued, not yet dispatched), typed by its definition: what `dispatch` sends. `complete` tells
 * the type checker whether it was created with its whole payload (`dispatch` may then leave it as it is) or with
 * a draft of it (`dispatch` must give the whole payload); it is not set at run time.
 */
export type CreatedJob<P extends JobPayload, Complete extends boolean = true> = JobRow & { readonly definition: JobDefinition<P, never>; readonly complete?: Complete };

/** A rule checked in the transaction that creates a job (see `JobQueue.create`); it throws the refusal. */
export type CreateRule = (db: Db) => Promise<void>;

/**
 * Records a job of `definition`, queued, with `payload` (whole, or a draft); `alone` runs in the job's transaction
 * under the owner's upload lock.
 * @throws AppError 503 while the queue is not running; whatever `alone` throws
 */
export async function createJob(rt: QueueRuntime, definition: JobDefinition<JobPayload, never>, ownerId: number | null, payload: JobPayload, alone?: CreateRule): Promise<CreatedJob<JobPayload, boolean>> {
  rt.runningBoss();
  const db = rt.database.db;
  const row = alone
    ? await db.transaction(async (t) => {
        const tx: Db = t;
        await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCK_CLASSES.ownerUpload}, ${ownerId ?? 0})`);
        await alone(tx);
        return insertJob(tx, definition.kind, ownerId, payload, null);
      })
    : await insertJob(db, definition.kind, ownerId, payload, null);
  return { ...row, definition };
}

/**
 * Removes a job that was created but never dispatched, with its input: its stored chunks go with its row, and
 * `input` names a spool file to delete when the upload was received into one.
 */
export async function discardJob(rt: QueueRuntime, jobId: string, input?: JobInput): Promise<void> {
  const db = rt.database.db;
  await db.delete(jobs).where(and(eq(jobs.id, jobId), eq(jobs.state, 'queued')));
  if (input) await removeJobFile(db, { id: jobId, payload: { input } });
}

/**
 * Records the size of created job `job`'s input (and its whole payload, when given), then sends it to pg-boss, or
 * runs it in this process after the earlier `here` jobs of its kind.
 * @returns its row
 * @throws AppError 503 while the queue is not running; pg-boss's error (the job then ends failed `unexpected`)
 */
export async function dispatchJob(rt: QueueRuntime, job: JobRow, bytesTotal: number | null, payload: JobPayload | undefined, opts: { here?: boolean }): Promise<JobRow> {
  rt.runningBoss();
  const [row] = await rt.database.db
    .update(jobs)
    .set({ bytesTotal, ...(payload ? { payload } : {}) })
    .where(eq(jobs.id, job.id))
    .returning();
  if (opts.here) {
    runHere(rt, row);
    return row;
  }
  return send(rt, row, {});
}

/**
 * Sends to pg-boss again a job that was sent once and is queued again, with its stored payload.
 * @throws AppError 503 while the queue is not running
 */
export async function resendJob(rt: QueueRuntime, row: JobRow): Promise<JobRow> {
  rt.runningBoss();
  // pg-boss keeps the ids it was sent: a job sent again goes under an id of pg-boss's choosing.
  return send(rt, row, { again: true });
}

/** Sends queued `row` to pg-boss and wakes this process's worker of its kind; a job that cannot be sent ends failed `unexpected`. */
async function send(rt: QueueRuntime, row: JobRow, opts: { again?: boolean }): Promise<JobRow> {
  const boss = rt.runningBoss();
  try {
    await boss.send(row.kind, { jobId: row.id }, { ...(opts.again ? {} : { id: row.id }), retryLimit: 0 });
  } catch (err) {
    await finishJob(rt.database.db, row.id, { state: 'failed', error: JOB_FAILED_MESSAGE, kind: 'unexpected' });
    throw err;
  }
  const worker = rt.workers.get(row.kind);
  if (worker) boss.notifyWorker(worker);
  return row;
}
