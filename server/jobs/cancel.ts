/**
 * Cancelling a job by an administrator (`POST /api/jobs/{id}/cancel`, server/modules/jobs/module.ts), whichever
 * vigie process runs it:
 * - a queued job ends at once: failed `cancelled` with « Import annulé par <admin>. Rien n’a été importé. », its
 *   input removed (a process that fetches it later finds it no longer queued and skips it);
 * - a running job is asked to stop: its row keeps `running` but gets `failure_kind = 'cancelled'` and the message
 *   (the request). The process running it aborts its handler's `ctx.signal` with `JobCancelled` — at once when the
 *   request is made in that process (`cancelJob`), else within CANCEL_POLL_MS (`pollCancelled` reads the rows of the
 *   jobs it runs on PostgreSQL) — and, on PostgreSQL, cancels the statement under way on the job's connection. The
 *   handler rolls back (./staged-import.ts `throwIfStopped` throws the signal's reason), and the queue ends the job
 *   failed `cancelled` with the message (./execute.ts).
 * A job that commits meanwhile wins: its end is written in its own transaction (./store.ts `finishJobIn`), which
 * refuses to end as done a job asked to stop (the import rolls back), and a request made after that commit finds
 * the job no longer running (404).
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { jobs } from '../db/schema';
import { auditedWrite, type EntryOf } from '../lib/audit';
import { AppError } from '../lib/errors';
import { CANCELLED_KIND, JobCancelled } from './failure';
import { removeJobFile } from './files';
import { jobConnectionName, type QueueRuntime } from './runtime';
import type { JobRow } from './store';

/** How often a process reads the rows of the jobs it runs for a cancellation asked elsewhere (ms, PostgreSQL). */
export const CANCEL_POLL_MS = 1000;

/** « Import annulé par Jeanne Martin. Rien n’a été importé. » */
export function cancelledMessage(by: string): string {
  return `Import annulé par ${by}. Rien n’a été importé.`;
}

/** Refusal of a cancellation of a job that is neither queued nor running (ended, waiting for confirmation, unknown). */
export const NOT_RUNNING_MESSAGE = 'Cet import n’est plus en cours\u00a0: il ne peut plus être annulé.';

/** The request stored on a running job's row, if any: its message. */
export function cancelRequest(row: Pick<JobRow, 'state' | 'failureKind' | 'error'>): string | undefined {
  return row.state === 'running' && row.failureKind === CANCELLED_KIND && row.error ? row.error : undefined;
}

/**
 * Cancels job `id` by administrator `by` (their name): a queued job ends failed at once, a running one is asked to
 * stop (see the module's doc; the caller aborts it when it runs in this process).
 * @returns the row after the change (`failed` for a queued job, still `running` with the request for a running one)
 * @throws AppError 404 NOT_RUNNING_MESSAGE when the job is neither queued nor running
 */
export async function requestCancel(db: Db, id: string, by: string): Promise<JobRow> {
  const message = cancelledMessage(by);
  const [queued] = await db
    .update(jobs)
    .set({ state: 'failed', error: message, failureKind: CANCELLED_KIND, finishedAt: new Date() })
    .where(and(eq(jobs.id, id), eq(jobs.state, 'queued')))
    .returning();
  if (queued) {
    await removeJobFile(db, queued);
    return queued;
  }
  const [running] = await db
    .update(jobs)
    .set({ error: message, failureKind: CANCELLED_KIND })
    .where(and(eq(jobs.id, id), eq(jobs.state, 'running'), isNull(jobs.failureKind)))
    .returning();
  if (running) return running;
  // Asked twice: the first request stands.
  const [asked] = await db.select().from(jobs).where(and(eq(jobs.id, id), eq(jobs.state, 'running'), eq(jobs.failureKind, CANCELLED_KIND)));
  if (asked) return asked;
  throw new AppError(404, NOT_RUNNING_MESSAGE);
}

/**
 * Cancels job `id` for administrator `by` (their name): a queued job ends at once, a running one is asked to stop
 * and, when this process runs it, aborted now.
 * @returns the job's row after the request
 * @throws AppError 404 NOT_RUNNING_MESSAGE when the job is neither queued nor running
 */
export async function cancelJob(rt: QueueRuntime, id: string, by: string, audit?: EntryOf<JobRow>): Promise<JobRow> {
  const row = await auditedWrite(rt.database.db, (tx) => requestCancel(tx, id, by), audit ?? (() => null));
  await signalCancel(rt, row);
  return row;
}

/**
 * Acts on a cancellation request once it is committed (`requestCancel`, written in the caller's own transaction
 * with its audit entry): a running job this process runs is aborted now; a queued job, ended before it started, is
 * no longer held by this process (./holding.ts).
 */
export async function signalCancel(rt: QueueRuntime, row: JobRow): Promise<void> {
  const request = cancelRequest(row);
  if (request) abortCancelled(rt, row.id, request);
  else await rt.held.release(row.id);
}

/** Reads the rows of the jobs this process runs and aborts those an administrator cancelled from another process. */
export async function pollCancelled(rt: QueueRuntime): Promise<void> {
  const ids = [...rt.running.entries()].filter(([, r]) => r.client && !r.abort.signal.aborted).map(([id]) => id);
  if (!ids.length) return;
  const rows = await rt.database.db.select().from(jobs).where(and(inArray(jobs.id, ids), eq(jobs.failureKind, CANCELLED_KIND)));
  for (const row of rows) {
    const request = cancelRequest(row);
    if (request) abortCancelled(rt, row.id, request);
  }
}

/** Aborts job `id` if this process runs it, with the cancellation's message; on PostgreSQL its statement under way is cancelled. */
function abortCancelled(rt: QueueRuntime, id: string, message: string): void {
  const entry = rt.running.get(id);
  if (!entry || entry.abort.signal.aborted) return;
  entry.abort.abort(new JobCancelled(message));
  const pool = rt.database.pool;
  if (entry.client && pool) {
    // The COPY or the merge under way stops now (57014) instead of at its end; the handler then rolls back. Only
    // the connection still named after the job is hit (not one the pool has handed to someone else since).
    void pool
      .query(`select pg_cancel_backend(pid) from pg_stat_activity where application_name = $1`, [jobConnectionName(id)])
      .catch((err) => rt.log.error({ err, job: id }, 'job cancel failed'));
  }
}
