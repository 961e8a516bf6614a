/**
 * The worker's side of the queue entries (issue 11 section 3), one statement each:
 * - `claimEntry`: the next waiting entry of a queue whose `not_before` passed, in id order, taken with
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
import { rowsOf } from './sql';

/** A claimed entry. */
export interface ClaimedEntry {
  id: number;
  siren: string;
  /** Failed attempts before this one. */
  attempts: number;
  /** The account that claimed it (or took it over after a 429). */
  accountId: number;
}

/** Claims the next due waiting entry of `queue` for `accountId`; null when none is due. */
export async function claimEntry(deps: WorkerDeps, queue: QueueName, accountId: number): Promise<ClaimedEntry | null> {
  const [row] = await rowsOf<{ id: string | number; siren: string; attempts: number }>(
    deps.db,
    sql`update rne_queue q
           set state = 'running', lease_until = now() + ${deps.options.entryLeaseMs}::int * interval '1 millisecond', account_id = ${accountId}
         where q.id = (select id from rne_queue
                        where queue = ${queue} and state = 'waiting' and not_before <= now()
                        order by id limit 1 for update skip locked)
           and q.state = 'waiting'
     returning q.id, q.siren, q.attempts`,
  );
  return row ? { id: Number(row.id), siren: row.siren, attempts: Number(row.attempts), accountId } : null;
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
