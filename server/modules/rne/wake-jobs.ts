/**
 * The feed jobs that fill the RNE queues (./hooks.ts) wake the worker once they have ended, and so once their
 * merge transaction has committed: `wakingRneWorker` wraps a job kind and reads what it queued from its result
 * (`rne_queued: {accounts?: n, officers?: n}`).
 */
import type { QueueName } from '../../../contract/rne';
import type { AppContext } from '../../context';
import type { JobKind } from '../../jobs/queue';
import { wakeRneWorker } from './worker';

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** What a job queued, per queue, from its result's `rne_queued` (`{accounts?: n, officers?: n}`). */
function queuedOf(result: Record<string, unknown>): QueueName[] {
  const q = result.rne_queued;
  if (!isObj(q)) return [];
  return (['accounts', 'officers'] as const).filter((name) => Number(q[name] ?? 0) > 0);
}

/** `kind`, whose run wakes the RNE worker for every queue its result says it filled (after its commit). */
export function wakingRneWorker(ctx: AppContext, kind: JobKind): JobKind {
  return {
    ...kind,
    async run(jobCtx) {
      const out = await kind.run(jobCtx);
      for (const queue of queuedOf(out.result)) await wakeRneWorker(ctx, queue);
      return out;
    },
  };
}
