/**
 * The one staged import (CONVENTIONS.md section 6 "bulk load"): every file import of vigie (news CSV, deals CSV,
 * INSEE Sirene stock, BODACC bulletin) is a declaration run by `runStagedImport`:
 *
 *   stage  → the file's rows go into a staging table by COPY;
 *   check  → the staged rows are checked in SQL (a refused file throws an AppError with its French reason);
 *   merge  → the checked rows are written where they belong;
 *   summarize → the job's result and its summary (contract/import-summary.ts), written with the job's end in the
 *               merge's transaction, the summary also in the import's file record (`keep`).
 *
 * Asked before it commits: with `confirmAbove` set (an upload from the screens), an import whose summary writes
 * more than that many update-log entries or queues more than that many SIRENs for the RNE is rolled back after
 * its merge and throws `AwaitingConfirmation` with the counts; the queue then keeps the job `waiting`, with its
 * input, until the operator confirms (the job runs again with `confirmed`) or abandons it (./confirmation.ts).
 *
 * All or nothing, on either database:
 * - PostgreSQL: the four steps run in one transaction on the job's own connection (statement timeout off, the
 *   declaration's settings `set local`); stage tables are temporary and `on commit drop` (`temp` says so).
 * - PGlite: one transaction blocks every other statement of the process, so the stage and the checks run before
 *   it, in batches that let the event loop turn; the merge and the job's end run inside `pglite.transaction`;
 *   `clear` removes the stage afterwards, whatever happened.
 * The merge runs in a savepoint: when it fails, `explain` may read the stage (as it was before the merge) to turn
 * the database's error into the French message of the faulty line.
 *
 * The job's end (`done` with its result) is written inside the merge's transaction (./store.ts `finishJobIn`):
 * the rows and the end are committed together, so recovery never takes a committed import for a lost one.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { ImportSummary } from '../../contract/import-summary';
import type { Sql } from '../db/sql';
import { AppError } from '../lib/errors';
import type { JobContext } from './define';
import { JobCancelled, SHUTDOWN_MESSAGE } from './failure';
import { AwaitingConfirmation, exceedsThreshold } from './confirmation';
import { assertInputUnchanged } from './files';
import { finishJobIn } from './store';

/** How stage tables are created: `'on commit drop'` inside the import's transaction (PostgreSQL), `''` otherwise. */
export type StageTemp = 'on commit drop' | '';

/** What a job answers (stored in `jobs.result`, with the rows and bytes read). */
export interface ImportOutcome {
  result: Record<string, unknown>;
  rowsRead?: number;
  bytesRead?: number;
  /** The job's end is already written (inside the import's transaction): the queue has nothing more to record. */
  ended: true;
}

/** What `summarize` answers: the job's result, and the summary kept in `result.summary` and in the file record. */
export type ImportSummarized = Omit<ImportOutcome, 'ended'> & { summary?: ImportSummary };

/** The declaration of one import. */
export interface StagedImport<Staged, Merged> {
  /** `set local` settings of the import's transaction on PostgreSQL (e.g. `work_mem`). */
  settings?: Record<string, string>;
  /** Removes whatever the stage may have left (PGlite: before staging and at the end; never needed on PostgreSQL). */
  clear?(sql: Sql): Promise<void>;
  /** Creates the stage and fills it; answers what the next steps need. @throws AppError for a refused file */
  stage(sql: Sql, temp: StageTemp): Promise<Staged>;
  /** Checks the staged rows (before the merge's transaction on PGlite). @throws AppError for a refused file */
  check?(sql: Sql, staged: Staged, temp: StageTemp): Promise<Staged>;
  /** Writes the checked rows (inside the transaction, in a savepoint). */
  merge(sql: Sql, staged: Staged, temp: StageTemp): Promise<Merged>;
  /** After a failed merge, with the stage readable again: the French error that explains it, or undefined. */
  explain?(sql: Sql, err: unknown, staged: Staged): Promise<Error | undefined>;
  /** The job's result and its summary, from what the merge answered. */
  summarize(merged: Merged, staged: Staged): ImportSummarized;
  /** Writes the summary into the import's file record (inside the transaction, after the merge). */
  keep?(sql: Sql, summary: ImportSummary, merged: Merged): Promise<void>;
  /**
   * Most update-log entries or SIRENs queued for the RNE the import may write without being confirmed; undefined
   * (the CLI, the inbox, the fetch, a confirmed upload): no limit.
   */
  confirmAbove?: number;
}

/**
 * The error a stopped job ends with: the signal's reason when an administrator cancelled it (`JobCancelled`,
 * ./failure.ts, « Import annulé par … »), else the server's stop (503 SHUTDOWN_MESSAGE).
 */
export function stopError(signal: AbortSignal): AppError {
  return signal.reason instanceof JobCancelled ? signal.reason : new AppError(503, SHUTDOWN_MESSAGE);
}

/** Throws the stop's error (`stopError`) when the job is stopped: the server stops, or it was cancelled (the transaction then rolls back). */
export function throwIfStopped(signal: AbortSignal): void {
  if (signal.aborted) throw stopError(signal);
}

/**
 * `source`, item by item, until `signal` aborts: then the wait for the next item ends at once with the stop's error
 * (`stopError`), even when the source is waiting for bytes that do not come (a stalled download, a pipe), and
 * the source is closed (its `return`).
 */
export async function* untilStopped<T>(source: AsyncIterable<T>, signal: AbortSignal): AsyncGenerator<T> {
  const it = source[Symbol.asyncIterator]();
  let onAbort = () => {};
  const stopped = new Promise<never>((_, reject) => {
    onAbort = () => reject(stopError(signal));
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  stopped.catch(() => {});
  try {
    for (;;) {
      const next = await Promise.race([it.next(), stopped]);
      if (next.done) return;
      yield next.value;
    }
  } finally {
    signal.removeEventListener('abort', onAbort);
    void Promise.resolve(it.return?.()).catch(() => {});
  }
}

/**
 * Runs an import declared by `spec` for the job of `ctx` (see the module's doc).
 * @returns the job's outcome (already written as its end, inside the transaction)
 * @throws the AppError of a refused file (nothing kept), AppError 503 when the server stops, or the unexpected error
 */
export async function runStagedImport<Staged, Merged>(ctx: JobContext<unknown>, spec: StagedImport<Staged, Merged>): Promise<ImportOutcome> {
  const finish = async (tx: Sql, merged: Merged, staged: Staged) => {
    throwIfStopped(ctx.signal);
    const { summary, ...out } = spec.summarize(merged, staged);
    if (summary) {
      // Thrown inside the transaction: it rolls back, and nothing of the import is kept.
      if (spec.confirmAbove !== undefined && exceedsThreshold(summary, spec.confirmAbove)) throw new AwaitingConfirmation(summary, spec.confirmAbove);
      out.result = { ...out.result, summary };
      await spec.keep?.(tx, summary, merged);
    }
    // A file taken from a folder must still be the one read: else nothing of this reading is committed.
    assertInputUnchanged(ctx.job);
    await finishJobIn(tx, ctx.job.id, out);
    return { ...out, ended: true as const };
  };
  const merge = async (tx: Sql, staged: Staged, temp: StageTemp) => {
    try {
      return await tx.savepoint(() => spec.merge(tx, staged, temp));
    } catch (err) {
      throw (await spec.explain?.(tx, err, staged)) ?? err;
    }
  };

  if (ctx.sql.kind === 'pg') {
    const temp: StageTemp = 'on commit drop';
    return ctx.sql.transaction(async (tx) => {
      await tx.exec('set local statement_timeout = 0');
      for (const [name, value] of Object.entries(spec.settings ?? {})) await tx.exec(`set local ${name} = '${value.replace(/'/g, "''")}'`);
      let staged = await spec.stage(tx, temp);
      throwIfStopped(ctx.signal);
      if (spec.check) staged = await spec.check(tx, staged, temp);
      throwIfStopped(ctx.signal);
      return finish(tx, await merge(tx, staged, temp), staged);
    });
  }

  const sql = ctx.sql;
  await spec.clear?.(sql);
  try {
    let staged = await spec.stage(sql, '');
    throwIfStopped(ctx.signal);
    if (spec.check) staged = await spec.check(sql, staged, '');
    throwIfStopped(ctx.signal);
    await nextTurn();
    try {
      return await sql.transaction(async (tx) => finish(tx, await spec.merge(tx, staged, ''), staged));
    } catch (err) {
      // The transaction rolled back: the stage is as it was before the merge.
      if (err instanceof AppError || err instanceof AwaitingConfirmation) throw err;
      throw (await spec.explain?.(sql, err, staged)) ?? err;
    }
  } finally {
    await spec.clear?.(sql).catch(() => {});
  }
}

/**
 * Progress reports of a running import, at most one in flight and one per `everyMs` (default 250 ms), so that
 * reading a file never waits for them.
 */
export class ProgressMeter {
  private inFlight?: Promise<void>;
  private next = 0;

  constructor(
    private readonly ctx: Pick<JobContext<unknown>, 'progress'>,
    private readonly everyMs = 250,
  ) {}

  /** Reports `rows` and `bytes` read unless a report is in flight or the last one is recent (`force`: unless in flight). */
  report(rows: number, bytes: number, force = false): void {
    if (this.inFlight || (!force && Date.now() < this.next)) return;
    this.next = Date.now() + this.everyMs;
    this.inFlight = this.ctx
      .progress(rows, bytes)
      .catch(() => {})
      .finally(() => (this.inFlight = undefined));
  }

  /** Waits for the report in flight, if any. */
  async settle(): Promise<void> {
    await this.inFlight;
  }
}

/**
 * Lets the event loop turn at most every `everyMs` (default 20 ms) of work: PGlite answers its queries on the
 * main thread, so without these turns an import would hold every HTTP call (the progress polls too) until it ends.
 */
export function eventLoopTurns(everyMs = 20): () => Promise<void> {
  let last = Date.now();
  return async () => {
    if (Date.now() - last < everyMs) return;
    await nextTurn();
    last = Date.now();
  };
}
