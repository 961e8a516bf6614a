/**
 * `useFeedJobs`: the jobs under way of one feed (GET /api/supervisions/jobs?feed=…),
 * read every second while one is queued or running and every 10 seconds otherwise (one waiting for the
 * operator's confirmation included; a file may arrive by
 * the CLI, the inbox or the scheduled fetch). When a job seen under way leaves that list, its outcome is
 * read (GET /api/jobs/{id}), the tables and the health are reloaded, and a toast says how it ended (lines read,
 * and what the import did: new, changed and unchanged rows or notices, update-log entries added).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import type { Job } from '../../api/types';
import { useNotify } from '../../components/feedback/useNotify';
import { fetchFeedJobs, fetchJob, type UploadFeed } from './api';
import { feedJobsKey, SUPERVISIONS_KEY } from './queries';
import { IDLE_POLL_MS, importDoneText, importFailedText, importOutcomeText, JOB_POLL_MS } from './texts';

/** What the page gets: the jobs under way, and `follow` to watch a job just uploaded. */
export interface FeedJobs {
  jobs: Job[];
  /** Watches `job` (the upload's 202, a held upload confirmed) and reads the jobs under way again at once. */
  follow: (job: Job) => void;
  /** Stops watching `job` (a held upload abandoned: its end is no failure to announce) and reads the jobs again. */
  forget: (job: Job) => void;
}

/** Lines a finished job read: its result's `lines`, else its rows read. */
function linesOf(job: Job): number {
  const lines = job.result?.lines;
  return typeof lines === 'number' ? lines : job.rows_read;
}

/** The jobs under way of `feed`, and the end of each announced by a toast after the data is reloaded. */
export function useFeedJobs(feed: UploadFeed): FeedJobs {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const watched = useRef(new Map<string, Job>());
  // Abandoned uploads: a read sent before the abandonment may still list them; they are not watched again.
  const forgotten = useRef(new Set<string>());
  const query = useQuery({
    queryKey: feedJobsKey(feed),
    queryFn: ({ signal }) => fetchFeedJobs(feed, signal),
    refetchInterval: (q) => ((q.state.data ?? []).some((job) => job.state !== 'waiting') || [...watched.current.values()].some((job) => job.state !== 'waiting') ? JOB_POLL_MS : IDLE_POLL_MS),
  });
  const jobs = query.data;
  const readAt = query.dataUpdatedAt;

  // Run after every read (`readAt`), not only when the list changes: a job uploaded and ended between two
  // reads never shows in the list, and its end must still be seen.
  useEffect(() => {
    if (!jobs) return;
    const current = new Set(jobs.map((job) => job.id));
    for (const job of jobs) if (!forgotten.current.has(job.id)) watched.current.set(job.id, job);
    const ended = [...watched.current.values()].filter((job) => !current.has(job.id));
    for (const job of ended) {
      watched.current.delete(job.id);
      void fetchJob(job.id)
        .catch(() => null)
        .then(async (final) => {
          // Not ended after all (the list was read just before it was queued): watched again.
          if (final && (final.state === 'queued' || final.state === 'running' || final.state === 'waiting')) {
            watched.current.set(final.id, final);
            return;
          }
          await queryClient.invalidateQueries({ queryKey: SUPERVISIONS_KEY });
          if (final?.state === 'done') notify.success(importDoneText(final.filename, linesOf(final)), importOutcomeText(feed, final.result));
          else if (final?.state === 'failed') notify.error(importFailedText(final.filename), final.error ?? undefined);
        });
    }
  }, [jobs, readAt, notify, queryClient, feed]);

  const follow = useCallback(
    (job: Job) => {
      watched.current.set(job.id, job);
      void queryClient.invalidateQueries({ queryKey: feedJobsKey(feed) });
    },
    [feed, queryClient],
  );
  const forget = useCallback(
    (job: Job) => {
      forgotten.current.add(job.id);
      watched.current.delete(job.id);
      void queryClient.invalidateQueries({ queryKey: feedJobsKey(feed) });
    },
    [feed, queryClient],
  );
  return { jobs: (jobs ?? []).filter((job) => !forgotten.current.has(job.id)), follow, forget };
}
