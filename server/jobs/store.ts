/**
 * The `jobs` table (server/db/schema/jobs.ts): create, claim, progress, finish, read. Every write is one
 * statement through the app's pool, outside the job's own transaction, so the progress is visible while
 * the job runs (issue 8 section 2).
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { JobResponse } from '../../contract/jobs';
import type { Db } from '../db/client';
import { jobs } from '../db/schema';

/** A row of `jobs`. */
export type JobRow = typeof jobs.$inferSelect;

/** Row -> API object (contract/jobs.ts). */
export function toJobResponse(row: JobRow): JobResponse {
  const total = row.bytesTotal;
  return {
    id: row.id,
    kind: row.kind,
    state: row.state as JobResponse['state'],
    rows_read: Number(row.rowsRead),
    bytes_read: Number(row.bytesRead),
    bytes_total: total === null ? null : Number(total),
    percent: total ? Math.min(100, Math.round((Number(row.bytesRead) / Number(total)) * 1000) / 10) : null,
    error: row.error,
    filename: typeof row.payload.filename === 'string' ? row.payload.filename : null,
    result: row.result ?? null,
    created_at: row.createdAt.toISOString(),
    started_at: row.startedAt?.toISOString() ?? null,
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

/** Records a queued job. */
export async function insertJob(db: Db, kind: string, ownerId: number | null, payload: Record<string, unknown>, bytesTotal: number | null): Promise<JobRow> {
  const [row] = await db.insert(jobs).values({ kind, ownerId, payload, bytesTotal }).returning();
  return row;
}

/** Moves a queued job to running; undefined when it is no longer queued (failed or taken meanwhile). */
export async function claimJob(db: Db, id: string): Promise<JobRow | undefined> {
  const [row] = await db
    .update(jobs)
    .set({ state: 'running', startedAt: new Date() })
    .where(and(eq(jobs.id, id), eq(jobs.state, 'queued')))
    .returning();
  return row;
}

/** Progress of a running job: rows and bytes read so far. */
export async function reportProgress(db: Db, id: string, rowsRead: number, bytesRead: number): Promise<void> {
  await db.update(jobs).set({ rowsRead, bytesRead }).where(and(eq(jobs.id, id), eq(jobs.state, 'running')));
}

/** Ends a running (or queued) job as done with its result, or failed with a French message. */
export async function finishJob(
  db: Db,
  id: string,
  outcome: { state: 'done'; result: Record<string, unknown>; rowsRead?: number; bytesRead?: number } | { state: 'failed'; error: string },
): Promise<void> {
  const values =
    outcome.state === 'done'
      ? { state: 'done', result: outcome.result, ...(outcome.rowsRead !== undefined ? { rowsRead: outcome.rowsRead } : {}), ...(outcome.bytesRead !== undefined ? { bytesRead: outcome.bytesRead } : {}) }
      : { state: 'failed', error: outcome.error };
  await db
    .update(jobs)
    .set({ ...values, finishedAt: new Date() })
    .where(and(eq(jobs.id, id), sql`${jobs.state} in ('queued', 'running')`));
}

/** One job, or undefined. */
export async function findJob(db: Db, id: string): Promise<JobRow | undefined> {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  return row;
}

/** The latest job of `kind` started by `ownerId`, or undefined. */
export async function latestJob(db: Db, kind: string, ownerId: number): Promise<JobRow | undefined> {
  const [row] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.ownerId, ownerId), eq(jobs.kind, kind)))
    .orderBy(desc(jobs.createdAt))
    .limit(1);
  return row;
}
