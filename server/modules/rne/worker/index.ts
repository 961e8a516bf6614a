/**
 * The RNE worker's entry points (issue 11 section 3). STUB: the worker helper replaces the bodies.
 * - `registerRneWorker(ctx)`: declares the worker's pg-boss tasks on the job queue (before it starts), when
 *   `ctx.config.rneWorker` is on;
 * - `wakeRneWorker(ctx, queue)`: asks a worker (in any process) to take the queue now; never throws.
 */
import type { QueueName } from '../../../../contract/rne';
import type { AppContext } from '../../../context';

/** Declares the RNE worker's tasks on `ctx.jobs` when the worker is on in this process. */
export function registerRneWorker(ctx: AppContext): void {
  void ctx;
}

/** Wakes a worker for `queue` (after entries were queued or requeued). Never throws. */
export async function wakeRneWorker(ctx: AppContext, queue: QueueName): Promise<void> {
  void ctx;
  void queue;
}
