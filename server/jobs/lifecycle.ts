/**
 * Start and stop of one process's job queue:
 * - `startQueue` starts pg-boss over the app's database (./boss-db.ts), recovers the jobs of dead processes
 *   (./recovery.ts), creates the queues, starts one worker per kind (one job at a time, ./execute.ts) and per
 *   periodic task (./scheduling.ts), the periodic passes (recovery; on PostgreSQL the cancellation poll,
 *   ./cancel.ts), then runs the `onStart` hooks;
 * - `stopQueue` (SIGTERM, via the app's preClose) runs the `onStop` hooks, aborts the running jobs and tasks, waits
 *   for their rollback and for the `here` jobs not started yet (each fails `shutdown`), then stops pg-boss and waits
 *   for its last statements (a job pg-boss hands over meanwhile is failed with SHUTDOWN_MESSAGE), and lets go of the
 *   jobs it held queued (./holding.ts).
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import PgBoss from 'pg-boss';
import { BOSS_SCHEMA, bossDb } from './boss-db';
import { CANCEL_POLL_MS, pollCancelled } from './cancel';
import { executeJob } from './execute';
import { recoverInterrupted, RECOVERY_EVERY_MS } from './recovery';
import type { QueueRuntime } from './runtime';
import { createQueues, startTasks } from './scheduling';

/** Starts the queue (see the module's doc). Idempotent. */
export async function startQueue(rt: QueueRuntime): Promise<void> {
  if (rt.boss) return;
  rt.bossDb = bossDb(rt.database);
  const scheduling = [...rt.schedules.values()].some((s) => s.cron);
  const boss = new PgBoss({ db: rt.bossDb, schema: BOSS_SCHEMA, schedule: scheduling, supervise: true, migrate: true });
  boss.on('error', (err) => rt.log.error({ err }, 'pg-boss error'));
  await boss.start();
  rt.boss = boss;
  await recoverInterrupted(rt);
  await createQueues(rt, boss);
  for (const kind of rt.kinds.keys()) {
    const id = await boss.work<{ jobId: string }>(kind, { pollingIntervalSeconds: 2, batchSize: 1 }, async ([job]) => executeJob(rt, kind, job.data.jobId));
    rt.workers.set(kind, id);
  }
  await startTasks(rt, boss);
  every(rt, RECOVERY_EVERY_MS, () => recoverInterrupted(rt), 'job recovery failed');
  // A cancellation asked in another process reaches the job here (one process on PGlite: asked here).
  if (rt.database.kind === 'pg') every(rt, CANCEL_POLL_MS, () => pollCancelled(rt), 'job cancel poll failed');
  for (const hook of rt.startHooks) await hook();
}

/** Stops the queue (see the module's doc). Idempotent. */
export async function stopQueue(rt: QueueRuntime): Promise<void> {
  if (rt.stopping) return;
  rt.stopping = true;
  for (const hook of rt.stopHooks) await hook().catch((err) => rt.log.error({ err }, 'stop hook failed'));
  for (const timer of rt.timers) clearInterval(timer);
  for (const t of rt.tasks) t.abort.abort();
  await Promise.all([...rt.tasks].map((t) => t.done));
  const running = [...rt.running.values()];
  for (const r of running) r.abort.abort();
  await Promise.all(running.map((r) => r.done));
  // Jobs dispatched `here` and not started yet: each ends failed with the stop's message.
  await Promise.all(rt.local.values());
  await rt.boss?.stop({ graceful: true, wait: true, timeout: 1000, close: false });
  // pg-boss may still hand over a job it was fetching (`execute` fails it), and it marks a job completed
  // without waiting for the statement: wait until neither is in flight, so that no statement reaches the
  // database after the app has closed it.
  for (let turn = 0; turn < 100; turn++) {
    await nextTurn();
    const pending = [...rt.running.values()].map((r) => r.done);
    if (!pending.length && (rt.bossDb?.idle() ?? true)) break;
    await Promise.all([...pending, rt.bossDb?.settled()]);
  }
  // Whatever this queue still holds is let go: a job it held queued is lost from now on (./recovery.ts).
  await rt.held.close();
}

/** Runs `pass` every `ms` until the stop (not keeping the process alive); a failure is logged as `failure`. */
function every(rt: QueueRuntime, ms: number, pass: () => Promise<unknown>, failure: string): void {
  const timer = setInterval(() => void pass().catch((err) => rt.log.error({ err }, failure)), ms);
  timer.unref();
  rt.timers.push(timer);
}
