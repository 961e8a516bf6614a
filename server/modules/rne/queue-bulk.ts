/**
 * Bulk actions of the queue tables (contract/bulk.ts), over the ticked rows or every row of the table's search
 * (its ListSpec, ./lists.ts), in one transaction:
 * - parked entries: `requeue` puts them back to waiting as the one-entry requeue does (./queues.ts
 *   `requeueEntry`: attempts 0, error cleared, taken at once); an entry whose SIREN is already waiting or running
 *   in that queue, or parked twice in the selection, is removed instead (one pending entry per SIREN and queue);
 *   `remove` deletes them;
 * - waiting entries (not yet taken by a worker): `remove` deletes them.
 * `rne_queue_counts` follows through its statement triggers, in the same transaction.
 */
import { sql } from 'drizzle-orm';
import type { BulkBody } from '../../../contract/bulk';
import type { QueueName } from '../../../contract/rne';
import type { Db } from '../../db/client';
import { bulkStatement, runBulk, type BulkSpec } from '../../http/bulk';
import { parkedSpec, waitingSpec } from './lists';

/** A bulk action of the parked entries' table. */
export type ParkedBulkAction = 'requeue' | 'remove';

/** The rows of a queue table a bulk action reaches: its records, kept as the audit entry's targets as `rne_queue`. */
const bulkSpec = (spec: ReturnType<typeof parkedSpec>): BulkSpec => ({ id: sql`q.id`, where: spec.where, search: spec.search, target: 'rne_queue' });

/**
 * Requeues or removes the parked entries of `queue` a bulk body names.
 * @returns how many entries left the parked table (requeued, or removed as already pending)
 * @throws AppError 422 errors.ids when the body names no row
 */
export function bulkParked(db: Db, queue: QueueName, action: ParkedBulkAction, body: BulkBody): Promise<number> {
  const spec = bulkSpec(parkedSpec(queue));
  if (action === 'remove') return bulkStatement(db, spec, body, 'delete', (where) => sql`delete from rne_queue q where ${where} returning q.id`);
  return runBulk(db, spec, body, 'requeue', async (where, track) => {
    // Pending already, or not the first parked entry of its SIREN in the selection: removed.
    await track(
      sql`delete from rne_queue d using (
          select q.id, exists (select 1 from rne_queue p where p.queue = ${queue} and p.siren = q.siren and p.state in ('waiting', 'running')) as pending,
                 row_number() over (partition by q.siren order by q.id) as rank
            from rne_queue q where ${where}) s
        where d.id = s.id and (s.pending or s.rank > 1)
        returning d.id`,
    );
    await track(
      sql`update rne_queue q set state = 'waiting', attempts = 0, error = null, not_before = now(), lease_until = null, processed_at = null where ${where} returning q.id`,
    );
  });
}

/**
 * Removes the waiting entries of `queue` a bulk body names (an entry a worker took meanwhile stays).
 * @returns how many entries were removed
 * @throws AppError 422 errors.ids when the body names no row
 */
export function bulkRemoveWaiting(db: Db, queue: QueueName, body: BulkBody): Promise<number> {
  return bulkStatement(db, bulkSpec(waitingSpec(queue)), body, 'delete', (where) => sql`delete from rne_queue q where ${where} returning q.id`);
}

/** Toast of a bulk action on a queue: how many entries it requeued or removed. */
export function queueBulkMessage(action: ParkedBulkAction, count: number): string {
  if (count === 0) return 'Aucune entrée modifiée.';
  const s = count > 1 ? 's' : '';
  return `${count.toLocaleString('fr-FR')} entrée${s} ${action === 'requeue' ? 'remise' : 'retirée'}${s}${action === 'requeue' ? ' en file' : ' de la file'}.`;
}
