/**
 * What the worker is doing on a differential queue, derived from facts (the « Traitement en cours » banner of
 * /supervisions/dirigeants, SPEC section 2 "Supervision"), first match wins:
 * - `processing`: a worker holds a live lease now: an account of the queue's pool (`leased_until` to come) or a
 *   running entry of the queue (`lease_until` to come);
 * - `no_account`: no account of the pool is usable (enabled and its token ok: the only ones a worker leases);
 * - `worker_stopped`: no worker started a round on the queue within WORKER_SILENT_MS (`worker_seen_at`, recorded by
 *   each round of a drain; a live worker starts one at least every minute, on the cron);
 * - `idle`: a worker runs and could work, but nothing is due: the answer says when an entry was last processed.
 * `last_processed_at` (ISO, null when none) is given in every state. Reads only indexed rows: the pool's accounts,
 * the queue's running entries (partial index), its counts row and its daily rollups.
 */
import { sql } from 'drizzle-orm';
import type { QueueName, QueueState } from '../../../contract/rne';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { isoOf } from './lists';
import { POOL_OF } from './worker/drain';

/** Silence after which the worker counts as stopped (ms): the minute cron, a round's in-process wait (60 s), slack. */
export const WORKER_SILENT_MS = 3 * 60_000;

interface StateRow {
  leased: boolean;
  usable: boolean;
  alive: boolean;
  last_processed_at: string | null;
}

/** The state of `queue` now (see the module docstring). */
export async function queueState(db: Db, queue: QueueName): Promise<QueueState> {
  const pool = POOL_OF[queue];
  const [row] = await rowsOf<StateRow>(db, sql`
    select exists (select 1 from rne_accounts where pool = ${pool} and leased_until > now())
           or exists (select 1 from rne_queue where queue = ${queue} and state = 'running' and lease_until > now()) as leased,
           exists (select 1 from rne_accounts where pool = ${pool} and status = 1 and token_ok = 1) as usable,
           coalesce((select worker_seen_at > now() - ${WORKER_SILENT_MS}::int * interval '1 millisecond'
                       from rne_queue_counts where queue = ${queue}), false) as alive,
           (select ${isoOf(sql`max(d.last_at)`)} from rne_queue_days d where d.queue = ${queue}) as last_processed_at`);
  const kind = row.leased ? 'processing' : !row.usable ? 'no_account' : !row.alive ? 'worker_stopped' : 'idle';
  return { kind, last_processed_at: row.last_processed_at ?? null };
}
