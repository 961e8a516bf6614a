/**
 * What other modules add to the feeds, without the feeds importing them: a module subscribes at start
 * (`ServerModule.subscribe`, server/modules/job-registry.ts `registerJobs`) and the feeds call what was subscribed.
 * The RNE module fills its queues this way (server/modules/rne/feed-hooks.ts):
 * - `officersChanged`: whether a BODACC notice changes a company's officers (kept with the notice in the stage);
 * - `bodaccAfterMerge`: a statement run after a BODACC merge, in its transaction, on the stage of the notices
 *   stored; it answers `{queue, n}` rows (the SIRENs queued per RNE queue);
 * - `sireneCompaniesCte`: a CTE named `queued` added to the companies merge, reading its `diff` rows;
 * - `afterJob`: called once a feed job has committed, with its result (the RNE worker is woken there).
 * Without a subscriber, the merges write nothing more and the defaults answer "nothing".
 */
import type { AppContext } from '../../context';

/** The hooks a module may subscribe to the feeds. */
export interface FeedHooks {
  officersChanged(notice: { bulletin: string; family: string; raw: unknown }): boolean;
  bodaccAfterMerge(stage: string): string | null;
  sireneCompaniesCte(): string;
  afterJob(app: Pick<AppContext, 'jobs'>, result: Record<string, unknown>): Promise<void>;
}

const NONE: FeedHooks = {
  officersChanged: () => false,
  bodaccAfterMerge: () => null,
  sireneCompaniesCte: () => 'queued as (select 1 where false)',
  afterJob: async () => {},
};

let hooks: FeedHooks = NONE;

/** Subscribes `subscriber`'s hooks to the feeds (one subscriber: the last one wins). */
export function subscribeToFeeds(subscriber: FeedHooks): void {
  hooks = subscriber;
}

/** The hooks subscribed to the feeds (defaults that add nothing when none is). */
export function feedHooks(): FeedHooks {
  return hooks;
}
