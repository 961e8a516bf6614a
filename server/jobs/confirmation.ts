/**
 * Imports asked before they commit (server/jobs/staged-import.ts `confirmAbove`): an upload whose import would
 * write more than the threshold of update-log entries, or queue more than it of SIRENs for the RNE, is rolled
 * back after its merge and its job left `waiting` with the counts in its result
 * (`{awaiting_confirmation: true, summary, threshold}`) and its input kept. The operator then confirms it
 * (`confirmJob`, through `JobQueue.confirm`, which sends it to pg-boss again: queued again with
 * `payload.confirmed`, run on the same input, nothing asked any more) or
 * abandons it (`abandonJob`: failed `abandoned`, its input removed, nothing recorded).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ImportSummary } from '../../contract/import-summary';
import type { Db } from '../db/client';
import { jobs } from '../db/schema';
import { AppError } from '../lib/errors';
import { removeJobFile } from './files';
import type { JobRow } from './store';

/** Message of an import the operator abandoned instead of confirming it. */
export const ABANDONED_MESSAGE = 'Import abandonné avant d’être enregistré. Rien n’a été importé.';
/** Refusal of a confirmation or abandonment of a job that is not waiting for one. */
export const NOT_WAITING_MESSAGE = 'Cet import n’attend plus de confirmation.';

/**
 * Thrown by `runStagedImport` when an import would go over its `confirmAbove`: nothing was kept; `summary` gives
 * the counts the operator is asked about.
 */
export class AwaitingConfirmation extends Error {
  constructor(
    public readonly summary: ImportSummary,
    public readonly threshold: number,
  ) {
    super('awaiting confirmation');
  }
}

/** Whether `summary` goes over `threshold` (update-log entries or SIRENs queued for the RNE). */
export function exceedsThreshold(summary: ImportSummary, threshold: number): boolean {
  return summary.log_entries > threshold || summary.rne_queued > threshold;
}

/** Leaves running job `id` waiting for confirmation, with the counts of `waiting` in its result; its input stays. */
export async function holdJob(db: Db, id: string, waiting: AwaitingConfirmation, rowsRead: number): Promise<void> {
  await db
    .update(jobs)
    .set({ state: 'waiting', result: { awaiting_confirmation: true, summary: waiting.summary, threshold: waiting.threshold }, rowsRead })
    .where(and(eq(jobs.id, id), eq(jobs.state, 'running')));
}

/**
 * Queues waiting job `id` (of one of `kinds`) again, confirmed (`payload.confirmed`): it runs on its kept input
 * and commits.
 * @returns the queued row (to send to the queue)
 * @throws AppError 404 when the job is not waiting (confirmed or abandoned meanwhile, or unknown)
 */
export async function confirmJob(db: Db, id: string, kinds: string[]): Promise<JobRow> {
  const [row] = await db
    .update(jobs)
    .set({ state: 'queued', result: null, rowsRead: 0, bytesRead: 0, startedAt: null, payload: sql`${jobs.payload} || '{"confirmed": true}'::jsonb` })
    .where(and(eq(jobs.id, id), eq(jobs.state, 'waiting'), inArray(jobs.kind, kinds)))
    .returning();
  if (!row) throw new AppError(404, NOT_WAITING_MESSAGE);
  return row;
}

/**
 * Abandons waiting job `id` (of one of `kinds`): failed (`abandoned`, ABANDONED_MESSAGE), its input removed; nothing else was written.
 * @throws AppError 404 when the job is not waiting
 */
export async function abandonJob(db: Db, id: string, kinds: string[]): Promise<JobRow> {
  const [row] = await db
    .update(jobs)
    .set({ state: 'failed', error: ABANDONED_MESSAGE, failureKind: 'abandoned', finishedAt: new Date() })
    .where(and(eq(jobs.id, id), eq(jobs.state, 'waiting'), inArray(jobs.kind, kinds)))
    .returning();
  if (!row) throw new AppError(404, NOT_WAITING_MESSAGE);
  await removeJobFile(db, row);
  return row;
}
