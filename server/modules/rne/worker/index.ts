/**
 * The RNE worker's entry points:
 * - `registerRneWorker(ctx)`: when `ctx.config.rneWorker` is on (RNE_WORKER=on, or `npm run worker`), declares the
 *   pg-boss tasks `rne-officers` and `rne-accounts` on the job queue (before it starts): each job drains its queue
 *   (drain.ts). Their queues keep at most one job waiting (wakes collapse), idle processes look for one every 2 s,
 *   a cron sends one every minute (back-offs, rests and leases of dead workers come due), and both are woken when
 *   the queue starts. A process with the worker off declares nothing, so it never runs them.
 * - `wakeRneWorker(ctx, queue)`: sends a job to the queue's task from any process, worker on or off (the worker may
 *   run in `npm run worker` only); never throws.
 * Several processes share the queues: each job runs in one process, and the lanes of all of them never share an
 * account or an entry (leases, `FOR UPDATE SKIP LOCKED`).
 */
import { QUEUES, type QueueName } from '../../../../contract/rne';
import type { AppContext } from '../../../context';
import { drainQueue } from './drain';
import { workerDeps, type WorkerLogger, type WorkerOptions } from './options';

/** The pg-boss task of each queue. */
export const RNE_TASKS: Record<QueueName, string> = { officers: 'rne-officers', accounts: 'rne-accounts' };

/** Every minute (Europe/Paris cron). */
const TICK = '* * * * *';

/** The job queue's logger, looked up at each call (the app replaces it once it exists). */
function logOf(ctx: Pick<AppContext, 'jobs'>): WorkerLogger {
  return { info: (obj, msg) => ctx.jobs.logger.info(obj, msg), error: (obj, msg) => ctx.jobs.logger.error(obj, msg) };
}

/**
 * Declares the RNE worker's tasks on `ctx.jobs` when the worker is on in this process (call once, before the
 * queue starts). `options` shorten the timings (tests, bench).
 */
export function registerRneWorker(ctx: AppContext, options: Partial<WorkerOptions> = {}): void {
  if (!ctx.config.rneWorker) return;
  const deps = workerDeps(ctx, options, logOf(ctx));
  deps.wake = (queue) => void wakeRneWorker(ctx, queue);
  for (const queue of QUEUES) {
    ctx.jobs.schedule(
      RNE_TASKS[queue],
      TICK,
      async (signal) => {
        const stats = await drainQueue(deps, queue, signal);
        if (stats.processed || stats.failed || stats.released) deps.log.info({ queue, ...stats }, 'rne queue drained');
      },
      { pollingIntervalSeconds: 2, policy: 'short' },
    );
  }
  ctx.jobs.onStart(async () => {
    for (const queue of QUEUES) await wakeRneWorker(ctx, queue);
  });
}

/** Wakes a worker for `queue` (after entries were queued or requeued). Never throws (a failure is logged). */
export async function wakeRneWorker(ctx: Pick<AppContext, 'jobs'>, queue: QueueName): Promise<void> {
  try {
    await ctx.jobs.wake(RNE_TASKS[queue], 'short');
  } catch (err) {
    logOf(ctx).error({ err, queue }, 'rne worker wake failed');
  }
}
