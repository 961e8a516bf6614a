/**
 * `useFeedImport`: the import parts of a supervision page, sharing one jobs
 * query: the « Importer un fichier » button (for the page header) and the progress of the jobs under way
 * (for the top of the page), polled while they run, with the uploads held for confirmation and « Annuler l’import »
 * on the jobs under way.
 */
import type { UploadFeed } from './api';
import { FeedImportButton } from './FeedImportButton';
import { FeedJobsProgress } from './FeedJobsProgress';
import { useFeedJobs } from './useFeedJobs';

/** `{button, progress}` of one feed's imports, two elements to place in a page. */
export function useFeedImport(feed: UploadFeed) {
  const { jobs, follow, forget } = useFeedJobs(feed);
  return {
    button: <FeedImportButton feed={feed} onQueued={follow} />,
    progress: <FeedJobsProgress jobs={jobs} onConfirmed={follow} onAbandoned={forget} onCancelled={follow} />,
  };
}
