/**
 * The pg-boss queues and the periodic tasks of the job queue:
 * - every kind and every task has a pg-boss queue of its name (`createQueues`, at start; two processes creating the
 *   same queue at once are serialised on PostgreSQL);
 * - a module may declare a periodic task (`JobQueue.schedule`: the scheduled feed fetch, the RNE worker): a pg-boss
 *   cron schedule of its own queue, whose worker calls the task (`runTask`). pg-boss's scheduling (its `schedule`
 *   option) is turned on only when one task has a cron expression; a task declared without one has any earlier
 *   schedule of it removed at start, so that turning a fetch off in the configuration really stops it;
 * - `wake` sends one job to such a task's queue from any process, even one where the task is not declared (the
 *   queue is created on the way when needed); a task declared with the `short` policy keeps at most one job
 *   waiting, so that repeated wakes collapse into one. `trigger` sends one tick of a task declared here.
 */
import type PgBoss from 'pg-boss';
import { ADVISORY_LOCKS } from '../db/locks';
import { AppError } from '../lib/errors';
import { runAsSystem } from '../lib/audit';
import { STOPPING_MESSAGE, type QueueRuntime, type ScheduledTask, type TaskOptions } from './runtime';

/** Time zone of the cron expressions. */
export const SCHEDULE_TZ = 'Europe/Paris';

/** How long pg-boss lets a job stay active before it expires it (seconds): longer than any import. */
export const EXPIRE_IN_SECONDS = 6 * 3600;

/**
 * Creates the pg-boss queue of each name (every kind and task by default; idempotent). Two processes creating the
 * same queue at once deadlock inside pg-boss's `create_queue` (seen when two processes start on an empty
 * PostgreSQL): on PostgreSQL the creations are serialised by an advisory lock held on a connection of their own.
 * @param policy - the policy of queues that are not this process's tasks (`wake` from a process without the task)
 */
export async function createQueues(rt: QueueRuntime, boss: PgBoss, only?: string[], policy?: TaskOptions['policy']): Promise<void> {
  const names = only ?? [...rt.kinds.keys(), ...rt.schedules.keys()];
  const create = async () => {
    for (const name of names) {
      const queuePolicy = policy ?? rt.schedules.get(name)?.options.policy ?? 'standard';
      await boss.createQueue(name, { name, policy: queuePolicy, retryLimit: 0, expireInSeconds: EXPIRE_IN_SECONDS });
      rt.created.add(name);
    }
  };
  if (rt.database.kind !== 'pg') return create();
  const client = await rt.database.pool!.connect();
  try {
    await client.query('set statement_timeout = 0');
    await client.query('select pg_advisory_lock($1)', [ADVISORY_LOCKS.queues]);
    try {
      await create();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [ADVISORY_LOCKS.queues]);
      await client.query('reset statement_timeout');
    }
  } finally {
    client.release();
  }
}

/** Starts the worker of each periodic task and sets (or removes) its cron schedule. */
export async function startTasks(rt: QueueRuntime, boss: PgBoss): Promise<void> {
  for (const [name, { cron, task, options }] of rt.schedules) {
    const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 30;
    rt.workers.set(name, await boss.work(name, { pollingIntervalSeconds, batchSize: 1 }, async () => runTask(rt, name, task)));
    if (cron) await boss.schedule(name, cron, {}, { tz: SCHEDULE_TZ });
    else await boss.unschedule(name);
  }
}

/**
 * Sends one tick of periodic task `name` now, as its cron would (one process runs it; this one is woken).
 * @throws AppError 503 while the queue is not running, or when the task is not declared here
 */
export async function triggerTask(rt: QueueRuntime, name: string): Promise<void> {
  const boss = rt.runningBoss();
  if (!rt.schedules.has(name)) throw new AppError(503, STOPPING_MESSAGE);
  await boss.send(name, {}, { retryLimit: 0 });
  const worker = rt.workers.get(name);
  if (worker) boss.notifyWorker(worker);
}

/**
 * Sends one job to the queue of task `name` (see `JobQueue.wake`); nothing while the queue is not running.
 * @returns whether a job was sent (false also when a `short` queue already had one waiting)
 */
export async function wakeTask(rt: QueueRuntime, name: string, policy: TaskOptions['policy']): Promise<boolean> {
  const boss = rt.boss;
  if (!boss || rt.stopping) return false;
  if (!rt.created.has(name)) await createQueues(rt, boss, [name], policy);
  const id = await boss.send(name, {}, { retryLimit: 0 });
  const worker = rt.workers.get(name);
  if (worker) boss.notifyWorker(worker);
  return id !== null;
}

/** Runs one tick of a periodic task; a failure is logged (the task records what the operator must see). */
async function runTask(rt: QueueRuntime, name: string, task: ScheduledTask): Promise<void> {
  if (rt.stopping) return;
  const abort = new AbortController();
  const entry = { abort, done: Promise.resolve() };
  // Under the system actor, even when a request woke it: what it audits is the task's, not the request's.
  entry.done = runAsSystem({ source: name }, () => task(abort.signal))
    .catch((err) => rt.log.error({ err, task: name }, 'scheduled task failed'))
    .finally(() => rt.tasks.delete(entry));
  rt.tasks.add(entry);
  await entry.done;
}
