/**
 * The worker's side of the queue entries, one statement each:
 * - `claimEntries`: the next waiting entries of a queue whose `not_before` passed, in id order, taken with
 *   `FOR UPDATE SKIP LOCKED` (two workers never take the same one): state running, `lease_until`, `account_id`;
 * - `failEntry`: a failed attempt: attempts + 1 and back to waiting after an exponential back-off
 *   (`not_before` = now + base × 2^(attempts before)), or parked with its error at MAX_ATTEMPTS, or at once (`park`);
 * - `releaseEntry`: back to waiting without counting an attempt (no account could take it, or the worker stops);
 * - `takeBackExpired`: running entries whose lease passed (their worker died) go back to waiting.
 * Every change of state is guarded by `state = 'running'` (and the claiming account), so that an entry taken back
 * and claimed elsewhere is never written twice.
 */
import { sql } from 'drizzle-orm';
import { MAX_ATTEMPTS, type QueueName } from '../../../../contract/rne';
import type { WorkerDeps } from './options';
import { rowsOf } from '../../../db/rows';

/** A claimed entry. */
export interface ClaimedEntry {
  id: number;
  siren: string;
  /** Failed attempts before this one. */
  attempts: number;
  /** The account that claimed it (or took it over after a 429). */
  accountId: number;
}

/**
 * Claims up to `max` due waiting entries of `queue` for `accountId`, in id order (one statement: the queue's
 * count trigger runs once for them); none when nothing is due.
 */
export async function claimEntries(deps: WorkerDeps, queue: QueueName, accountId: number, max: number): Promise<ClaimedEntry[]> {
  const rows = await rowsOf<{ id: string | number; siren: string; attempts: number }>(
    deps.db,
    // The picked rows are materialised once (a CTE): as `id in (subquery)` the planner may rescan the locking
    // subquery for each outer row, and concurrent claims then see each other's rows come and go.
    sql`with picked as materialized (
          select id from rne_queue
           where queue = ${queue} and state = 'waiting' and not_before <= now()
           order by id limit ${max} for update skip locked)
        update rne_queue q
           set state = 'running', lease_until = now() + ${deps.options.entryLeaseMs}::int * interval '1 millisecond', account_id = ${accountId}
          from picked
         where q.id = picked.id
     returning q.id, q.siren, q.attempts`,
  );
  return rows.map((r) => ({ id: Number(r.id), siren: r.siren, attempts: Number(r.attempts), accountId })).sort((x, y) => x.id - y.id);
}

/** Moves a running entry to another account (a 429 sent it to the next one). */
export async function moveEntry(deps: WorkerDeps, entry: ClaimedEntry, accountId: number): Promise<boolean> {
  const rows = await rowsOf(deps.db, sql`update rne_queue set account_id = ${accountId} where id = ${entry.id} and state = 'running' and account_id = ${entry.accountId} returning id`);
  if (rows.length) entry.accountId = accountId;
  return rows.length > 0;
}

/**
 * Records a failed attempt with its French `error`.
 * @param park - park at once (404) instead of backing off
 * @returns the new state (`waiting` or `parked`), or null when the entry was no longer this worker's
 */
export async function failEntry(deps: WorkerDeps, entry: ClaimedEntry, error: string, park = false): Promise<'waiting' | 'parked' | null> {
  const [row] = await rowsOf<{ state: 'waiting' | 'parked' }>(
    deps.db,
    sql`update rne_queue
           set attempts = attempts + 1,
               state = case when ${park} or attempts + 1 >= ${MAX_ATTEMPTS} then 'parked' else 'waiting' end,
               not_before = now() + (${deps.options.backoffBaseMs}::int * power(2, attempts)) * interval '1 millisecond',
               lease_until = null,
               error = ${error.slice(0, 1000)}
         where id = ${entry.id} and state = 'running' and account_id = ${entry.accountId}
     returning state`,
  );
  return row?.state ?? null;
}

/** Puts a running entry back to waiting without counting an attempt. */
export async function releaseEntry(deps: WorkerDeps, entry: ClaimedEntry): Promise<void> {
  await deps.db.execute(sql`update rne_queue set state = 'waiting', lease_until = null where id = ${entry.id} and state = 'running' and account_id = ${entry.accountId}`);
}

/** Takes back the running entries of `queue` whose lease passed. @returns how many */
export async function takeBackExpired(deps: WorkerDeps, queue: QueueName): Promise<number> {
  const rows = await rowsOf(deps.db, sql`update rne_queue set state = 'waiting', lease_until = null where queue = ${queue} and state = 'running' and lease_until < now() returning id`);
  return rows.length;
}
