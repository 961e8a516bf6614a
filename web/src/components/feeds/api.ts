/**
 * The feed-health call shared by /supervisions and /home (contract/feeds.ts):
 * `GET /api/supervisions/health` -> one `FeedHealth` per feed (BODACC, INSEE Sirene).
 */
import type { FeedHealth } from '../../../../contract/feeds';
import { api, ok } from '../../api/client';

export type { FeedHealth };

/** Root key of every supervision query: invalidating it reloads the file tables, the jobs and the health. */
export const SUPERVISIONS_KEY = ['supervisions'] as const;
/** Key of the feed health (under `SUPERVISIONS_KEY`, so that an ended import refreshes the strip). */
export const FEED_HEALTH_KEY = [...SUPERVISIONS_KEY, 'health'] as const;

/** GET /api/supervisions/health: the health of each feed, BODACC first. */
export function fetchFeedHealth(signal?: AbortSignal): Promise<FeedHealth[]> {
  return ok(api.GET('/api/supervisions/health', { signal }));
}
