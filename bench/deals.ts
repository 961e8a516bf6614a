/**
 * Deal cases of `npm run bench`: the deals list, publication and BODACC transaction rows
 * at 1,000,000 rows (bench/deal-lists.ts), and the CSV import of 1,000,000 deal entities beside `psql \copy`
 * (bench/deal-import.ts).
 */
import type { FeedBenchContext } from './feeds';
import { benchDealImport } from './deal-import';
import { benchDealLists } from './deal-lists';

/** Runs the deal cases (`--only deals`, `--only bodacc`, `--only deals.import`). */
export async function benchDeals(b: FeedBenchContext, only?: string): Promise<void> {
  const wants = (prefix: string) => !only || prefix.startsWith(only) || only.startsWith(prefix);
  if (wants('deals.filter') || wants('deals.insert') || wants('deals.purge') || wants('bodacc')) await benchDealLists(b, only);
  if (wants('deals.import')) await benchDealImport(b);
}
