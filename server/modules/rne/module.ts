/**
 * Registry entries of the register (RNE, INPI) supervision: its routes under `/api/supervisions`
 * (accounts, reports, queues, export; with the worker's tasks), and the public feed push under `/api/feeds`.
 */
import { subscribeToFeeds } from '../feeds';
import type { ServerModule } from '../module';
import { rneFeedHooks } from './feed-hooks';
import { feedPushRoutes } from './feed-push';
import { rneRoutes } from './routes';

/** The RNE supervision routes, mounted at `/api/supervisions` beside the feeds' ones. */
export const rneModule: ServerModule = {
  name: 'rne',
  prefix: '/api/supervisions',
  routes: rneRoutes,
  // The feeds' merges fill the RNE queues, and a feed job that queued SIRENs wakes the worker.
  subscribe: () => subscribeToFeeds(rneFeedHooks),
};

/** The feed push for external workers (bearer FEED_TOKEN), mounted at `/api/feeds`. */
export const feedPushModule: ServerModule = { name: 'feed-push', prefix: '/api/feeds', routes: feedPushRoutes };
