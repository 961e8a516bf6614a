/**
 * `useImportStatus`: where the administrator's import stands (SPEC section 4 "CSV news import flow"): their latest import job (GET /api/news/importjob), its progress read every second
 * while it runs (GET /api/jobs/{id}), and their temporaries read every 10 seconds until rows appear
 * (POST /api/news/filtertemporaries).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isApiError } from '../../../api/errors';
import type { Job, NewsTemporariesPage } from '../../../api/types';
import { IMPORT_POLL_MS, JOB_POLL_MS } from '../texts';
import { fetchImportJob, fetchJob, filterTemporaries } from './api';
import { IMPORT_JOB_KEY, IMPORT_KEY, IMPORT_SUMMARY_KEY, isJobActive, jobKey, SUMMARY_FILTER } from './queries';

/** What the import screen shows. */
export interface ImportStatus {
  /** The latest import job, with its live progress while it runs; null when there was none. */
  job: Job | null;
  /** The job runs, or has ended but its rows are not read yet: the busy indicator shows. */
  busy: boolean;
  /** Counts of the temporaries (every row, rows in error), once read. */
  summary: Pick<NewsTemporariesPage, 'rows_total' | 'rows_in_error'> | undefined;
  /** First load of the job or the temporaries. */
  loading: boolean;
  /** The first load failed: `retry` loads again. */
  error: unknown;
  retry: () => void;
}

/**
 * The import's state. While the job is queued or running its progress is read every `JOB_POLL_MS`;
 * while the screen is busy the temporaries are read every `IMPORT_POLL_MS` (10 s, SPEC section 9), and
 * at once when the job ends, so the busy indicator clears as soon as the rows are there.
 */
export function useImportStatus(): ImportStatus {
  const queryClient = useQueryClient();
  const jobQuery = useQuery({ queryKey: IMPORT_JOB_KEY, queryFn: ({ signal }) => fetchImportJob(signal) });
  const stored = jobQuery.data?.job ?? null;
  const running = isJobActive(stored);
  const live = useQuery({
    queryKey: jobKey(stored?.id ?? ''),
    queryFn: ({ signal }) => fetchJob(stored!.id, signal),
    enabled: running,
    refetchInterval: (query) => (query.state.data && !isJobActive(query.state.data) ? false : JOB_POLL_MS),
    retry: (failures, error) => !isApiError(error, 404) && failures < 3,
  });
  const job = running && live.data ? live.data : stored;
  // The job is gone (an upload cancelled while it was sent, whose job the server dropped): the latest is read again.
  const gone = running && isApiError(live.error, 404);
  useEffect(() => {
    if (gone) void queryClient.invalidateQueries({ queryKey: IMPORT_JOB_KEY });
  }, [gone, queryClient]);

  // The job ended: it becomes the stored one, and the temporaries are read again without waiting.
  const ended = running && live.data && !isJobActive(live.data) ? live.data : null;
  useEffect(() => {
    if (!ended) return;
    queryClient.setQueryData(IMPORT_JOB_KEY, { job: ended });
    void queryClient.invalidateQueries({ queryKey: IMPORT_KEY });
  }, [ended, queryClient]);

  const summaryQuery = useQuery({
    queryKey: IMPORT_SUMMARY_KEY,
    queryFn: ({ signal }) => filterTemporaries(SUMMARY_FILTER, 1, signal),
    refetchInterval: (query) => (summaryIsBehind(job, query.state.data) ? IMPORT_POLL_MS : false),
  });
  const summary = summaryQuery.data;
  const busy = isJobActive(job) || summaryIsBehind(job, summary);
  return {
    job,
    busy,
    summary,
    loading: jobQuery.isPending || summaryQuery.isPending,
    error: jobQuery.error ?? summaryQuery.error,
    retry: () => void queryClient.invalidateQueries({ queryKey: IMPORT_KEY }),
  };
}

/**
 * True while the temporaries read so far may miss the job's rows: the job has not ended, or it has but
 * the temporaries were read before (their own copy of the job is another one, or not done yet).
 */
function summaryIsBehind(job: Job | null, summary: NewsTemporariesPage | undefined): boolean {
  if (!job || job.state === 'failed') return false;
  if (isJobActive(job)) return true;
  return !summary || summary.job?.id !== job.id || summary.job.state !== 'done';
}
