/**
 * Transactions run again when PostgreSQL aborts them to settle a conflict with another (a deadlock, 40P01, or a
 * serialization failure, 40001; server/db/errors.ts `isTransactionConflict`). Two transactions that lock the
 * same rows in opposite orders (a deal's row, then the `deal_publication_counts` row its trigger updates; or that
 * counter first, then the deal rows a publication marks) deadlock, and PostgreSQL rolls one of them back: that one
 * is run again, from its start, after a short random wait, instead of answering 500.
 *
 * Only for work that is all inside the transaction (or one statement): it must be safe to run twice. Not for a job
 * whose input is consumed while it runs (an import's upload).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { isTransactionConflict } from './errors';
import type { Db } from './client';

/** Runs of one piece of work at most: the first and the reruns. */
export const CONFLICT_ATTEMPTS = 5;

/**
 * Runs `work`, and again (up to CONFLICT_ATTEMPTS runs in all) while it fails with a transaction conflict, after a
 * random wait of 5 to 50 ms times the number of the run (the two sides of a deadlock do not meet again at once).
 * @param work - one statement, or one whole transaction (`inTransaction`); safe to run again from its start
 * @throws the last conflict once the runs are spent, or at once any other error of `work`
 */
export async function retryOnConflict<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if (attempt >= CONFLICT_ATTEMPTS || !isTransactionConflict(err)) throw err;
      await sleep(attempt * (5 + Math.random() * 45));
    }
  }
}

/**
 * `db.transaction(work)`, run again whole while PostgreSQL aborts it for a conflict (`retryOnConflict`).
 * @param work - given the transaction; everything it writes is rolled back before a rerun
 */
export function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return retryOnConflict(() => db.transaction((tx) => work(tx)));
}
