/**
 * Query keys of the supervision pages, all under `['supervisions']`
 * (components/feeds/api.ts), so that one invalidation after an import reloads the tables and the health.
 */
import { SUPERVISIONS_KEY } from '../../components/feeds/api';
import type { FeedFileList, UploadFeed } from './api';

export { SUPERVISIONS_KEY };

/** Key of one file list. */
export function feedFilesKey(list: FeedFileList) {
  return [...SUPERVISIONS_KEY, 'files', list] as const;
}

/** Key of the jobs under way of one feed. */
export function feedJobsKey(feed: UploadFeed) {
  return [...SUPERVISIONS_KEY, 'jobs', feed] as const;
}
