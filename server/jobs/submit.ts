/**
 * Putting a job in the queue: `createJob` records it (queued) with its payload or a draft of it, the caller attaches
 * its input (./files.ts), then `dispatchJob` sends it to pg-boss, so that any vigie process on the database may run
 * it, or runs it in this process (`here`, for an input only this machine can read). `discardJob` removes a job
 * whose input could not be attached; `confirmQueued` queues again an import held for a confirmation
 * (./confirmation.ts) and sends it to pg-boss again.
 *
 * Until it is in pg-boss (or, dispatched `here`, until its run is over), a job is held by this process
 * (./holding.ts): held from inside the transaction that creates it, so that recovery never sees it queued and
 * unheld; let go only once pg-boss has it. Every pg-boss job of a row carries the row's id, which is how recovery
 * finds it (./recovery.ts).
 *
 * Typed by the job's definition (./define.ts): the payload given here is the `P` its handler receives.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { ADVISORY_LOCK_CLASSES } from '../db/locks';
import { jobs } from '../db/schema';
import { auditedWrite, type EntryOf } from '../lib/audit';
import type { JobDefinition } from './define';
import { confirmJob } from './confirmation';
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
  let held: string | undefined;
  try {
    const row = await rt.database.db.transaction(async (t) => {
      const tx: Db = t;
      if (alone) {
        await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCK_CLASSES.ownerUpload}, ${ownerId ?? 0})`);
        await alone(tx);
      }
      const inserted = await insertJob(tx, definition.kind, ownerId, payload, null);
      held = inserted.id;
      await rt.held.hold(inserted);
      return inserted;
    });
    return { ...row, definition };
  } catch (err) {
    if (held) await rt.held.release(held);
    throw err;
  }
}

/**
 * Removes a job that was created but never dispatched, with its input: its stored chunks go with its row, and
 * `input` names a spool file to delete when the upload was received into one.
 */
export async function discardJob(rt: QueueRuntime, jobId: string, input?: JobInput): Promise<void> {
  const db = rt.database.db;
  await db.delete(jobs).where(and(eq(jobs.id, jobId), eq(jobs.state, 'queued')));
  await rt.held.release(jobId);
  if (input) await removeJobFile(db, { id: jobId, payload: { input } });
}

/**
 * Records the size of created job `job`'s input (and its whole payload, when given), then sends it to pg-boss, or
 * runs it in this process after the earlier `here` jobs of its kind.
 * @returns its row
 * @throws AppError 503 while the queue is not running; pg-boss's error (the job then ends failed `unexpected`)
 */
export async function dispatchJob(
  rt: QueueRuntime,
  job: JobRow,
  bytesTotal: number | null,
  payload: JobPayload | undefined,
  opts: { here?: boolean; audit?: EntryOf<JobRow> },
): Promise<JobRow> {
  rt.runningBoss();
  const ready = async (q: Db) => {
    const [updated] = await q
      .update(jobs)
      .set({ bytesTotal, ...(payload ? { payload } : {}) })
      .where(eq(jobs.id, job.id))
      .returning();
    return updated;
  };
  // The request that starts the job records its entry in the transaction that makes the job ready to run: a job
  // discarded before it was sent (an upload refused) leaves no entry, as it leaves no row.
  const row = opts.audit ? await auditedWrite(rt.database.db, ready, opts.audit) : await ready(rt.database.db);
  if (opts.here) {
    // Held until its run is over (./execute.ts lets it go).
    runHere(rt, row);
    return row;
  }
  return send(rt, row);
}

/**
 * Queues again waiting job `id` (of one of `kinds`), confirmed (./confirmation.ts `confirmJob`), held from inside
 * that change, and sends it to pg-boss again under its own id (its earlier pg-boss job is deleted first: pg-boss
 * keeps the ids it was sent). `audit`: the confirming request's entry, recorded in the confirmation's transaction.
 * @returns the queued row
 * @throws AppError 503 while the queue is not running; AppError 404 when the job is not waiting
 */
export async function confirmQueued(rt: QueueRuntime, id: string, kinds: string[], audit?: EntryOf<JobRow>): Promise<JobRow> {
  const boss = rt.runningBoss();
  let row: JobRow | undefined;
  try {
    // The confirming request's entry (server/lib/audit.ts) commits with the confirmation.
    row = await auditedWrite(
      rt.database.db,
      async (t) => {
        const confirmed = await confirmJob(t, id, kinds);
        await rt.held.hold(confirmed);
        return confirmed;
      },
      audit ?? (() => null),
    );
    await boss.deleteJob(row.kind, row.id);
  } catch (err) {
    await rt.held.release(id);
    throw err;
  }
  return send(rt, row);
}

/**
 * Sends held, queued `row` to pg-boss under its own id, lets it go, and wakes this process's worker of its kind; a
 * job that cannot be sent ends failed `unexpected`.
 */
async function send(rt: QueueRuntime, row: JobRow): Promise<JobRow> {
  const boss = rt.runningBoss();
  try {
    const sent = await boss.send(row.kind, { jobId: row.id }, { id: row.id, retryLimit: 0 });
    if (sent === null) throw new Error(`pg-boss already holds a job ${row.id}`);
  } catch (err) {
    await finishJob(rt.database.db, row.id, { state: 'failed', error: JOB_FAILED_MESSAGE, kind: 'unexpected' });
    throw err;
  } finally {
    await rt.held.release(row.id);
  }
  const worker = rt.workers.get(row.kind);
  if (worker) boss.notifyWorker(worker);
  return row;
}
