/**
 * One run of the RNE worker on a queue, what a pg-boss job of `rne-officers` / `rne-accounts`
 * does: record the worker's heartbeat (each round), take back the entries whose lease passed, lease the usable accounts of the queue's pool (one lane each,
 * lane.ts; at most `maxLanes`, and then, while other accounts are free and entries due, the task is woken again for
 * another process), and run the lanes until none has a due entry. Then, while entries wait for a back-off or an
 * account rests (429, rate limit, outage) and both come due within `maxSleepMs`, wait in process and go again;
 * otherwise stop (the next wake or the minute cron takes what is left). Accounts leased by another worker are left
 * to it. Stops early when `signal` aborts: entries in flight go back to waiting, leases are released.
 */
import { sql } from 'drizzle-orm';
import type { PoolName, QueueName } from '../../../../contract/rne';
import { leaseAccounts } from './accounts';
import { takeBackExpired } from './entries';
import { runLane, sleep, type DrainStats } from './lane';
import type { WorkerDeps } from './options';
import { rowsOf } from '../../../db/rows';
import { auditedWrite } from '../../../lib/audit';

/** The account pool that works each queue. */
export const POOL_OF: Record<QueueName, PoolName> = { officers: 'officers', accounts: 'filings' };

let drains = 0;

/** Works off `queue` (see the module docstring). @returns what it did */
export async function drainQueue(deps: WorkerDeps, queue: QueueName, signal: AbortSignal): Promise<DrainStats> {
  const pool = POOL_OF[queue];
  const owner = `${deps.owner}:${++drains}`;
  const stats: DrainStats = { processed: 0, failed: 0, parked: 0, released: 0, logins: 0 };
  while (!signal.aborted) {
    await recordHeartbeat(deps.db, queue);
    await takeBackExpired(deps, queue);
    const accounts = await leaseAccounts(deps, pool, owner, deps.options.maxLanes);
    if (accounts.length) deps.log.info({ queue, owner, accounts: accounts.map((a) => a.id) }, 'rne lanes started');
    // At the cap, while more accounts are free and entries due, another process (or this one later) takes them.
    if (deps.wake && accounts.length >= deps.options.maxLanes && (await moreWork(deps, queue, pool))) deps.wake(queue);
    await Promise.all(accounts.map((account) => runLane(deps, queue, pool, owner, account, signal, stats)));
    if (signal.aborted) break;
    const wait = await nextDelay(deps, queue, pool);
    if (wait === null || wait > deps.options.maxSleepMs) break;
    await sleep(Math.max(wait, 20), signal);
  }
  // Audit trail: one entry per drain that wrote something (each SIREN's own writes are in the update log), under
  // the actor of the caller's scope (the system actor of the worker's task, server/lib/audit.ts `runAsSystem`). The
  // drain commits each SIREN on its own (a stopped worker keeps what it fetched); its entry is its closing commit,
  // with its last heartbeat, and a failure to write it fails the drain's task instead of passing in silence.
  if (stats.processed || stats.failed || stats.parked) {
    const details = { queue, processed: stats.processed, failed: stats.failed, parked: stats.parked };
    await auditedWrite(deps.db, (tx) => recordHeartbeat(tx, queue), () => ({ resource: 'rne_queue', action: 'job', details }));
  }
  return stats;
}

/** Records that a worker is at work on `queue` now (`rne_queue_counts.worker_seen_at`, read by queue-state.ts). */
async function recordHeartbeat(db: WorkerDeps['db'], queue: QueueName): Promise<void> {
  await db.execute(sql`update rne_queue_counts set worker_seen_at = now() where queue = ${queue}`);
}

/**
 * Milliseconds until an entry of `queue` is due AND an account of `pool` not leased by another worker is free;
 * null when no entry waits or no such account exists.
 */
async function nextDelay(deps: WorkerDeps, queue: QueueName, pool: PoolName): Promise<number | null> {
  const [row] = await rowsOf<{ wait: string | number | null }>(
    deps.db,
    sql`select case when e.due is null or a.due is null then null
                   else extract(epoch from (greatest(e.due, a.due) - now())) * 1000 end as wait
          from (select min(not_before) as due from rne_queue where queue = ${queue} and state = 'waiting') e,
               (select min(greatest(coalesce(available_at, now()), now())) as due from rne_accounts
                 where pool = ${pool} and status = 1 and token_ok = 1 and (leased_until is null or leased_until < now())) a`,
  );
  return row?.wait === null || row?.wait === undefined ? null : Math.max(0, Number(row.wait));
}

/** Whether an account of `pool` is free and usable now and an entry of `queue` is due now. */
async function moreWork(deps: WorkerDeps, queue: QueueName, pool: PoolName): Promise<boolean> {
  const [row] = await rowsOf<{ more: boolean }>(
    deps.db,
    sql`select exists (select 1 from rne_accounts
                        where pool = ${pool} and status = 1 and token_ok = 1 and (leased_until is null or leased_until < now())
                          and (available_at is null or available_at <= now()))
           and exists (select 1 from rne_queue where queue = ${queue} and state = 'waiting' and not_before <= now()) as more`,
  );
  return row?.more === true;
}
