/**
 * The RNE module's subscription to the feeds (server/modules/feeds/events.ts): the feeds' merges fill the RNE
 * queues with the SQL of ./hooks.ts, and a feed job that queued SIRENs wakes the worker once it has committed.
 */
import type { QueueName } from '../../../contract/rne';
import type { FeedHooks } from '../feeds';
import { bodaccEnqueueSql, inseeEnqueueCte, officersChanged } from './hooks';
import { wakeRneWorker } from './worker';

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** What a job queued, per queue, from its result's `rne_queued` (`{accounts?: n, officers?: n}`). */
function queuedOf(result: Record<string, unknown>): QueueName[] {
  const q = result.rne_queued;
  if (!isObj(q)) return [];
  return (['accounts', 'officers'] as const).filter((name) => Number(q[name] ?? 0) > 0);
}

/** The hooks the RNE module subscribes to the feeds. */
export const rneFeedHooks: FeedHooks = {
  officersChanged,
  bodaccAfterMerge: bodaccEnqueueSql,
  sireneCompaniesCte: inseeEnqueueCte,
  async afterJob(app, result) {
    for (const queue of queuedOf(result)) await wakeRneWorker(app, queue);
  },
};
