/**
 * The bulk actions of the queue tables (shared list's `BulkOptions`): « Remettre en file » and « Retirer » on the
 * parked entries, « Retirer » on the waiting ones; each asks with the count, toasts the server's count, and reloads
 * the queue's figures and tables. The source chips list the entries of one source (search `motif:<reason>`), so
 * that « Tout sélectionner » then « Retirer » clears that source.
 */
import { DeleteOutlined, RedoOutlined } from '@ant-design/icons';
import type { BulkOptions } from '../../../components/list/BulkBar';
import type { QuickSearchOption } from '../../../components/list/QuickSearchTags';
import { bulkParked, bulkRemoveWaiting, type QueueName } from './api';
import { queueKey } from './queries';
import { BULK_REMOVE, BULK_REQUEUE, bulkRemoveQuestion, bulkRequeueQuestion, QUEUE_SOURCES, SOURCE_TERM_PREFIX } from './texts';

/** Bulk actions of the parked entries of `queue`. */
export function parkedBulk(queue: QueueName): BulkOptions {
  return {
    actions: [
      { key: 'requeue', label: BULK_REQUEUE, icon: <RedoOutlined aria-hidden />, question: bulkRequeueQuestion, run: (s) => bulkParked(queue, 'requeue', s) },
      { key: 'remove', label: BULK_REMOVE, icon: <DeleteOutlined aria-hidden />, danger: true, question: bulkRemoveQuestion, run: (s) => bulkParked(queue, 'remove', s) },
    ],
    invalidate: [[...queueKey(queue)]],
  };
}

/** Bulk action of the waiting entries of `queue`. */
export function waitingBulk(queue: QueueName): BulkOptions {
  return {
    actions: [{ key: 'remove', label: BULK_REMOVE, icon: <DeleteOutlined aria-hidden />, danger: true, question: bulkRemoveQuestion, run: (s) => bulkRemoveWaiting(queue, s) }],
    invalidate: [[...queueKey(queue)]],
  };
}

/** The source chips of a queue table: « Toutes », then one per source of `queue`. */
export function sourceChips(queue: QueueName): QuickSearchOption[] {
  return [{ value: '', label: 'Toutes', isDefault: true }, ...QUEUE_SOURCES[queue].map((reason) => ({ value: `${SOURCE_TERM_PREFIX}${reason}`, label: reason }))];
}
