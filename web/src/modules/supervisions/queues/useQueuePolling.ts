/**
 * `useQueuePolling`: reads a queue's figures and tables again every 10 seconds while its page is open and
 * visible (the other queue pages too, so
 * that the operator watches the queue being worked off). One invalidation of the queue's keys: its
 * summary and the tables on screen reload, the pages keeping their rows meanwhile.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { QueueName } from './api';
import { queueKey } from './queries';
import { QUEUE_POLL_MS } from './texts';

/** Reloads the queries of `queue` every `QUEUE_POLL_MS` while the tab is visible. */
export function useQueuePolling(queue: QueueName): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') void queryClient.invalidateQueries({ queryKey: queueKey(queue) });
    }, QUEUE_POLL_MS);
    return () => window.clearInterval(timer);
  }, [queryClient, queue]);
}
