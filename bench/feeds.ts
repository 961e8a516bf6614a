/**
 * Feed cases of `npm run bench -- --only feed`: the INSEE Sirene companies file at
 * 1,000,000 rows beside `psql \copy` (bench/feed-sirene.ts) and 10,000 BODACC notices (bench/feed-bodacc.ts).
 */
import type { AppContext } from '../server/context';
import type { NewsBenchContext } from './news';
import { benchBodacc } from './feed-bodacc';
import { benchSirene } from './feed-sirene';

/** What the bench runner gives the feed cases: the news cases' tools, with the app context instead of its db. */
export interface FeedBenchContext extends Omit<NewsBenchContext, 'db'> {
  ctx: AppContext;
}

/** Runs the feed cases (`--only feed`, `--only feed.sirene` or `--only feed.bodacc`). */
export async function benchFeeds(b: FeedBenchContext, only?: string): Promise<void> {
  if (!only || 'feed.sirene'.startsWith(only) || only.startsWith('feed.sirene')) await benchSirene(b);
  if (!only || 'feed.bodacc'.startsWith(only) || only.startsWith('feed.bodacc')) await benchBodacc(b);
}
