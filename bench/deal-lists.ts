/** Deal list, publication and BODACC row cases of `npm run bench` (issue 10 section 5): to be built. */
import type { FeedBenchContext } from './feeds';

/** Runs the list and publication cases. */
export async function benchDealLists(_b: FeedBenchContext, _only?: string): Promise<void> {}
