/**
 * Recovery of the jobs whose process is gone (at the queue's start, then every RECOVERY_EVERY_MS). A job is judged
 * by what the queue knows of it, never by its age:
 * - A running job holds a PostgreSQL advisory lock on a connection of its own (`lock_key`, ./execute.ts): when its
 *   process dies the lock goes with the connection, and the job is marked failed `interrupted` with a French
 *   message, its rows cleaned by its kind's `cleanup`. On PGlite (one process) every running job this process does
 *   not run was interrupted. A job an administrator asked to stop ends `cancelled` instead.
 * - A queued job is lost (`never_started`, NEVER_STARTED_MESSAGE) when nothing will start it: pg-boss does not have
 *   it waiting (every pg-boss job of a row carries the row's id, ./submit.ts) — or a worker fetched it more than
 *   UNCLAIMED_MAX_MS ago without claiming it, its process gone —, and no live process holds it (./holding.ts: its
 *   input still arriving, or dispatched to run in that process after the earlier jobs of its kind). A job waiting
 *   behind a long import, in pg-boss or in its process, is never lost.
 * Either way the end is written first, by one statement that changes only a job still in the state it was judged
 * in (and, for a queued job, still not in pg-boss), and its cleanup and its input's removal run only when that
 * statement ended the job, in its transaction: a job that starts, commits or is sent meanwhile is left as it is.
 */
import { and, eq, not, sql } from 'drizzle-orm';
import { ADVISORY_LOCK_CLASSES } from '../db/locks';
import { jobs } from '../db/schema';
import { BOSS_SCHEMA } from './boss-db';
import { parsePayload } from './define';
import { NEVER_STARTED_MESSAGE } from './failure';
import { removeJobFile } from './files';
import { jobLockObject, processJobs } from './holding';
import type { QueueRuntime } from './runtime';
import { endFailed, type JobRow } from './store';

/**
 * How long a job fetched from pg-boss by a worker may stay unclaimed before its process is taken as gone (ms): the
 * claim follows the fetch at once in a live process.
 */
export const UNCLAIMED_MAX_MS = 3600_000;

/** How often a started queue looks for interrupted and lost jobs (ms). */
export const RECOVERY_EVERY_MS = 60_000;

/** True for a `jobs` row (of the statement it is part of) that pg-boss will still start: waiting, or just fetched. */
const IN_BOSS = sql.raw(
  `exists (select 1 from ${BOSS_SCHEMA}.job b where b.name = jobs.kind and b.id = jobs.id and (b.state in ('created', 'retry') ` +
    `or (b.state = 'active' and b.started_on > now() - interval '${UNCLAIMED_MAX_MS / 1000} seconds')))`,
);

/**
 * Marks failed the jobs left running by a process that is gone, and the queued jobs nothing will start, and cleans
 * what they left (see the module's doc).
 * @returns the ids of the jobs marked failed
 */
export async function recoverInterrupted(rt: QueueRuntime): Promise<string[]> {
  const db = rt.database.db;
  // This queue's own jobs are alive; on PGlite (one process), so are those of every queue of the process. On
  // PostgreSQL the locks tell, whichever process holds them.
  const own = rt.database.kind === 'pglite' ? processJobs(rt.database) : { running: new Set<string>(), held: new Set<string>() };
  const stale = await db.select({ id: jobs.id, kind: jobs.kind, lockKey: jobs.lockKey }).from(jobs).where(eq(jobs.state, 'running'));
  await rt.seams.recoveryRead?.(stale.map((row) => row.id));
  const failed: string[] = [];
  for (const row of stale) {
    if (rt.running.has(row.id) || own.running.has(row.id)) continue;
    // PostgreSQL: its lock free, its process is gone (or it has ended since it was read: the guarded end decides).
    if (await whenUnlocked(rt, ADVISORY_LOCK_CLASSES.job, row.lockKey, () => failInterrupted(rt, row))) failed.push(row.id);
  }
  const waiting = await db.select({ id: jobs.id, lockKey: jobs.lockKey }).from(jobs).where(and(eq(jobs.state, 'queued'), not(IN_BOSS)));
  for (const row of waiting) {
    if (rt.held.has(row.id) || own.held.has(row.id)) continue;
    // PostgreSQL: held by no live process (or sent to pg-boss, or started, since it was read: the guarded end decides).
    if (await whenUnlocked(rt, ADVISORY_LOCK_CLASSES.queuedJob, row.lockKey, () => failLost(rt, row.id))) failed.push(row.id);
  }
  return failed;
}

/**
 * Ends queued job `id` failed `never_started`, unless it has started or is in pg-boss meanwhile, and then removes its
 * input in the same transaction.
 * @returns whether this call ended it
 */
async function failLost(rt: QueueRuntime, id: string): Promise<boolean> {
  const ended = await endFailed(rt.database.db, id, { error: NEVER_STARTED_MESSAGE, kind: 'never_started' }, {
    from: ['queued'],
    unless: IN_BOSS,
    then: (tx, job) => removeJobFile(tx, job).catch((err) => rt.log.error({ err, job: job.id }, 'job input removal failed')),
  });
  if (ended) rt.log.info({ job: id, kind: ended.kind }, 'lost job marked failed');
  return ended !== undefined;
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
    const ended = await endFailed(rt.database.db, row.id, 'interrupted', {
      from: ['running'],
      then: async (tx, job) => {
        if (registered) await registered.handler.cleanup(tx, { id: job.id, payload: parsePayload(registered.definition, job.payload) });
        await removeJobFile(tx, job).catch((err) => rt.log.error({ err, job: job.id }, 'job input removal failed'));
      },
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
