/** Deal CSV import case of `npm run bench` (issue 10 section 5): to be built. */
import type { FeedBenchContext } from './feeds';

/** Runs `deals.import.1m`. */
export async function benchDealImport(_b: FeedBenchContext): Promise<void> {}
