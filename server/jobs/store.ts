/**
 * The `jobs` table (server/db/schema/jobs.ts): create, claim, progress, finish, read. Every write is one
 * statement through the app's pool, outside the job's own transaction, so the progress is visible while
 * the job runs; only the end of a job that commits its work (`finishJobIn`) is written inside that transaction.
 */
import { and, desc, eq, inArray, not, sql, type SQL } from 'drizzle-orm';
import type { JobResponse } from '../../contract/jobs';
import type { Db } from '../db/client';
import { jobs } from '../db/schema';
import type { Sql } from '../db/sql';
import { CANCELLED_KIND, INTERRUPTED_MESSAGE, JobCancelled, type FailureKind } from './failure';

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

/** How a job ends: done with its result, or failed with a French message and its kind (./failure.ts). */
export type JobOutcome =
  | { state: 'done'; result: Record<string, unknown>; rowsRead?: number; bytesRead?: number }
  | { state: 'failed'; error: string; kind: FailureKind };

/**
 * The audit entry of a job that ended done (server/lib/audit.ts; docs/audit.md): one row per job, not per
 * data row, under the system actor with the job id; the administrator who started it (if any) and the job's result.
 * Reads `ended`, a CTE of the jobs rows just ended done (`update jobs … returning *`): a job ended once is audited once.
 */
const JOB_AUDIT_INSERT = `insert into audit_log (actor, job_id, admin_id, admin_email, resource, resource_id, action, details)
  select 'system', j.id::text, j.owner_id, a.email, left(j.kind, 32), j.id::text, 'job',
         jsonb_strip_nulls(jsonb_build_object('source', j.kind, 'rows_read', j.rows_read, 'result', j.result))
    from ended j left join admins a on a.id = j.owner_id`;

/** Ends a running (or queued) job; a job already ended keeps its end (the first end wins). A job done is audited. */
export async function finishJob(db: Db, id: string, outcome: JobOutcome): Promise<void> {
  const values =
    outcome.state === 'done'
      ? { state: 'done', error: null, failureKind: null, result: outcome.result, ...(outcome.rowsRead !== undefined ? { rowsRead: outcome.rowsRead } : {}), ...(outcome.bytesRead !== undefined ? { bytesRead: outcome.bytesRead } : {}) }
      : { state: 'failed', error: outcome.error, failureKind: outcome.kind };
  const ended = await db
    .update(jobs)
    .set({ ...values, finishedAt: new Date() })
    .where(and(eq(jobs.id, id), sql`${jobs.state} in ('queued', 'running')`))
    .returning({ id: jobs.id });
  if (outcome.state === 'done' && ended.length) {
    await db.execute(sql`with ended as (select * from jobs where id = ${id}) ${sql.raw(JOB_AUDIT_INSERT)}`);
  }
}

/**
 * How a job ends failed: with its French message and kind, or `interrupted` (its process is gone), which keeps the
 * message of an administrator's request to stop it, if any, as a `cancelled` end.
 */
export type FailedEnd = { error: string; kind: FailureKind } | 'interrupted';

/**
 * Ends job `id` failed unless it has ended meanwhile: one guarded statement decides (`update … where state in
 * (…from) … returning`), and `then` — the kind's cleanup, the removal of its input — runs only when that statement
 * ended the job, in the same transaction: a job that committed its work in between keeps it, and whoever reads the
 * job `failed` finds its leftovers gone.
 * @param opts.from - the states it may end from
 * @param opts.unless - a condition on the `jobs` row under which it is left as it is (checked by the same statement)
 * @returns the row as ended, or undefined when the job was no longer in one of `from` (its end stands), or `unless` held
 * @throws what `then` throws (the end is rolled back with it: the job keeps its state)
 */
export async function endFailed(
  db: Db,
  id: string,
  end: FailedEnd,
  opts: { from: ReadonlyArray<'queued' | 'running'>; unless?: SQL; then?: (tx: Db, row: JobRow) => Promise<void> },
): Promise<JobRow | undefined> {
  const set =
    end === 'interrupted'
      ? {
          error: sql`case when ${jobs.failureKind} = ${CANCELLED_KIND} then ${jobs.error} else ${INTERRUPTED_MESSAGE} end`,
          failureKind: sql`case when ${jobs.failureKind} = ${CANCELLED_KIND} then ${jobs.failureKind} else 'interrupted' end`,
        }
      : { error: end.error, failureKind: end.kind };
  return db.transaction(async (t) => {
    const tx: Db = t;
    const [row] = await tx
      .update(jobs)
      .set({ state: 'failed', finishedAt: new Date(), ...set })
      .where(and(eq(jobs.id, id), inArray(jobs.state, [...opts.from]), opts.unless ? not(opts.unless) : undefined))
      .returning();
    if (row && opts.then) await opts.then(tx, row);
    return row;
  });
}

/**
 * Ends job `id` as done on `tx`, inside the transaction that commits its work, and deletes its stored input file
 * (./files.ts), so that the work and its end are kept together or not at all (a crash right after the commit leaves a job done, never one whose recovery would
 * say that nothing was kept).
 * @throws JobCancelled (./failure.ts, asked through ./cancel.ts) when an administrator asked the job to stop: the transaction then rolls back
 */
export async function finishJobIn(tx: Sql, id: string, outcome: { result: Record<string, unknown>; rowsRead?: number; bytesRead?: number }): Promise<void> {
  // The end and its audit entry in one statement: the entry is written only when this call ended the job.
  await tx.exec(
    `with ended as (
       update jobs set state = 'done', result = $2::jsonb, rows_read = coalesce($3, rows_read), bytes_read = coalesce($4, bytes_read), finished_at = now()
        where id = $1 and state in ('queued', 'running') and failure_kind is distinct from '${CANCELLED_KIND}' returning *)
     ${JOB_AUDIT_INSERT}`,
    [id, JSON.stringify(outcome.result), outcome.rowsRead ?? null, outcome.bytesRead ?? null],
  );
  // Asked to stop before this end (or while it waited for the request's row lock): the import is not kept.
  const { rows: asked } = await tx.exec(`select error from jobs where id = $1 and state = 'running' and failure_kind = '${CANCELLED_KIND}'`, [id]);
  if (asked.length) throw new JobCancelled(String(asked[0].error));
  // Its input has been read whole: the stored file goes with the same commit.
  await tx.exec('delete from job_file_chunks where job_id = $1', [id]);
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

/**
 * Waits until job `id` ends, reading its row every `pollMs` ms (default 200); see `JobQueue.waitFor`.
 * @throws Error when the job's row is gone
 */
export async function waitForJob(db: Db, id: string, opts: { pollMs?: number; onProgress?: (row: JobRow) => void; signal?: AbortSignal } = {}): Promise<JobRow> {
  for (;;) {
    const row = await findJob(db, id);
    if (!row) throw new Error(`job ${id} vanished`);
    if (row.state === 'done' || row.state === 'failed' || row.state === 'waiting') return row;
    opts.onProgress?.(row);
    if (opts.signal?.aborted) return row;
    await new Promise((resolve) => setTimeout(resolve, opts.pollMs ?? 200));
  }
}
