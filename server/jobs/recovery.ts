/**
 * Recovery of the jobs whose process is gone (at the queue's start, then every RECOVERY_EVERY_MS):
 * - a running job holds a PostgreSQL advisory lock on a connection of its own (`lock_key`, ./execute.ts): when its
 *   process dies the lock goes with the connection, and the job is marked failed `interrupted` with a French
 *   message, its rows cleaned by its kind's `cleanup`. On PGlite (one process) every running job this process does
 *   not run was interrupted. A job an administrator asked to stop ends `cancelled` instead.
 * - a job queued for more than QUEUED_MAX_MS is failed `never_started`.
 */
import { and, eq, inArray, lt } from 'drizzle-orm';
import { ADVISORY_LOCK_CLASSES } from '../db/locks';
import { jobs } from '../db/schema';
import { cancelRequest } from './cancel';
import { INTERRUPTED_MESSAGE, NEVER_STARTED_MESSAGE } from './failure';
import { removeJobFile } from './files';
import { jobLockObject, type QueueRuntime } from './runtime';
import type { JobRow } from './store';

/** How long a job may wait in the queue before it is taken as lost (ms). */
export const QUEUED_MAX_MS = 3600_000;

/** How often a started queue looks for interrupted jobs (ms). */
export const RECOVERY_EVERY_MS = 60_000;

/**
 * Marks failed the jobs left running by a process that is gone, and cleans what they wrote (see the module's doc).
 * @returns the ids of the jobs marked failed
 */
export async function recoverInterrupted(rt: QueueRuntime): Promise<string[]> {
  const { database } = rt;
  const db = database.db;
  const stale = await db.select().from(jobs).where(eq(jobs.state, 'running'));
  await rt.seams.recoveryRead?.(stale.map((row) => row.id));
  const failed: string[] = [];
  for (const row of stale) {
    if (rt.running.has(row.id)) continue;
    if (database.kind === 'pg') {
      const client = await database.pool!.connect();
      try {
        const obj = jobLockObject(row.lockKey);
        const { rows } = await client.query<{ got: boolean }>('select pg_try_advisory_lock($1, $2) as got', [ADVISORY_LOCK_CLASSES.job, obj]);
        if (!rows[0].got) continue;
        try {
          await failInterrupted(rt, row);
        } finally {
          await client.query('select pg_advisory_unlock($1, $2)', [ADVISORY_LOCK_CLASSES.job, obj]);
        }
      } finally {
        client.release();
      }
    } else {
      await failInterrupted(rt, row);
    }
    failed.push(row.id);
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

async function failInterrupted(rt: QueueRuntime, row: JobRow): Promise<void> {
  const db = rt.database.db;
  const registered = rt.kinds.get(row.kind);
  if (registered) {
    const parsed = registered.definition.payload.safeParse(row.payload);
    await registered.handler.cleanup(db, { id: row.id, payload: parsed.success ? parsed.data : undefined });
  }
  await removeJobFile(db, row);
  // A job cancelled before its process died ends as cancelled.
  const cancelled = cancelRequest(row);
  await db
    .update(jobs)
    .set(cancelled ? { state: 'failed', finishedAt: new Date() } : { state: 'failed', error: INTERRUPTED_MESSAGE, failureKind: 'interrupted', finishedAt: new Date() })
    .where(and(eq(jobs.id, row.id), inArray(jobs.state, ['running'])));
  rt.log.info({ job: row.id, kind: row.kind }, 'interrupted job marked failed');
}
