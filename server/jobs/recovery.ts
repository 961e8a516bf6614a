/**
 * Recovery of the jobs whose process is gone (at the queue's start, then every RECOVERY_EVERY_MS):
 * - a running job holds a PostgreSQL advisory lock on a connection of its own (`lock_key`, ./execute.ts): when its
 *   process dies the lock goes with the connection, and the job is marked failed `interrupted` with a French
 *   message, its rows cleaned by its kind's `cleanup`. On PGlite (one process) every running job this process does
 *   not run was interrupted. A job an administrator asked to stop ends `cancelled` instead. The end is written first,
 *   by a statement that changes only a job still running, and the cleanup runs only when that statement ended the
 *   job, in its transaction: a job that commits between the read of the running jobs and its judgement keeps its
 *   work.
 * - a job queued for more than QUEUED_MAX_MS is failed `never_started`.
 */
import { and, eq, lt } from 'drizzle-orm';
import { ADVISORY_LOCK_CLASSES } from '../db/locks';
import { jobs } from '../db/schema';
import { parsePayload } from './define';
import { NEVER_STARTED_MESSAGE } from './failure';
import { removeJobFile } from './files';
import { jobLockObject, type QueueRuntime } from './runtime';
import { endFailed, type JobRow } from './store';

/** How long a job may wait in the queue before it is taken as lost (ms). */
export const QUEUED_MAX_MS = 3600_000;

/** How often a started queue looks for interrupted jobs (ms). */
export const RECOVERY_EVERY_MS = 60_000;

/**
 * Marks failed the jobs left running by a process that is gone, and cleans what they wrote (see the module's doc).
 * @returns the ids of the jobs marked failed
 */
export async function recoverInterrupted(rt: QueueRuntime): Promise<string[]> {
  const db = rt.database.db;
  const stale = await db.select({ id: jobs.id, kind: jobs.kind, lockKey: jobs.lockKey }).from(jobs).where(eq(jobs.state, 'running'));
  await rt.seams.recoveryRead?.(stale.map((row) => row.id));
  const failed: string[] = [];
  for (const row of stale) {
    if (rt.running.has(row.id)) continue;
    // PostgreSQL: its lock free, its process is gone (or it has ended since it was read: the guarded end decides).
    if (await whenUnlocked(rt, ADVISORY_LOCK_CLASSES.job, row.lockKey, () => failInterrupted(rt, row))) failed.push(row.id);
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

/**
 * Ends running job `row` failed `interrupted` (or `cancelled`, when an administrator had asked it to stop), and only
 * if that end is the one written — the job may have committed since it was read — cleans what it wrote and removes
 * its input, in the same transaction. A cleanup that fails leaves the job running: the next pass tries again.
 * @returns whether this call ended it
 */
async function failInterrupted(rt: QueueRuntime, row: Pick<JobRow, 'id' | 'kind'>): Promise<boolean> {
  const registered = rt.kinds.get(row.kind);
  try {
    const ended = await endFailed(rt.database.db, row.id, 'interrupted', ['running'], async (tx, job) => {
      if (registered) await registered.handler.cleanup(tx, { id: job.id, payload: parsePayload(registered.definition, job.payload) });
      await removeJobFile(tx, job).catch((err) => rt.log.error({ err, job: job.id }, 'job input removal failed'));
    });
    if (ended) rt.log.info({ job: row.id, kind: row.kind }, 'interrupted job marked failed');
    return ended !== undefined;
  } catch (err) {
    rt.log.error({ err, job: row.id, kind: row.kind }, 'interrupted job cleanup failed');
    return false;
  }
}

/**
 * Runs `judge` while holding the advisory lock (`lockClass`, the job's `lock_key`) that a live process would hold,
 * on a connection of its own (PostgreSQL); answers false without running it when that lock is taken. On PGlite
 * (one process) it just runs `judge`.
 */
async function whenUnlocked(rt: QueueRuntime, lockClass: number, lockKey: number, judge: () => Promise<boolean>): Promise<boolean> {
  const pool = rt.database.pool;
  if (rt.database.kind !== 'pg' || !pool) return judge();
  const client = await pool.connect();
  const key = [lockClass, jobLockObject(lockKey)];
  try {
    const { rows } = await client.query<{ got: boolean }>('select pg_try_advisory_lock($1, $2) as got', key);
    if (!rows[0].got) return false;
    try {
      return await judge();
    } finally {
      await client.query('select pg_advisory_unlock($1, $2)', key);
    }
  } finally {
    client.release();
  }
}
