/**
 * Query keys of the queue pages, all under `['supervisions', 'rne-queues', queue]`, so that one
 * invalidation of a queue reloads its summary and its tables (the 10-second refresh, a requeue, a manual add).
 */
import { SUPERVISIONS_KEY } from '../queries';
import type { QueueName } from './api';

/** Root of one queue's keys. */
export function queueKey(queue: QueueName) {
  return [...SUPERVISIONS_KEY, 'rne-queues', queue] as const;
}

/** The summary of a page: `reportsall`, `dirigeantsall` or `liveinpiall`. */
export function summaryKey(queue: QueueName, page: 'reports' | 'dirigeants' | 'liveinpi') {
  return [...queueKey(queue), 'summary', page] as const;
}

/** A table of a queue: the entries processed, those of J and J-1 (live), those parked, or those waiting. */
export function tableKey(queue: QueueName, table: 'done' | 'live' | 'parked' | 'waiting') {
  return [...queueKey(queue), table] as const;
}
