/**
 * The BODACC import job, kind `feed-bodacc` (server/modules/feeds/kinds.ts).
 * It reads the job's file (`openJobFile`, server/jobs/files.ts) as a stream of notices (read.ts: DILA XML bulletin or
 * Opendatasoft JSON export, detected from the content), COPYs them into a staging table of its own, then
 * merges them (merge.ts) and records the file (`feed_files`, feed `bodacc`, status 1, lines = notices read,
 * summary `{notices, new, duplicates, sales, sales_withdrawn, log_entries}`) in ONE transaction, on the staged
 * import of server/jobs/staged-import.ts.
 *
 * On failure nothing is kept: the transaction is rolled back, a `feed_files` row with status 0 and the French
 * error is written, and the error is thrown again (the job ends failed with that message). `cleanup` (a job
 * interrupted by a dead process) records the status 0 row with the interrupted message when none exists.
 * Result (jobs.result): `{feed, format, lines, created, updated, unchanged, log_entries, notices, new,
 * duplicates, sales, sales_withdrawn}` (`created` = new notices, `unchanged` = notices already stored;
 * `sales_withdrawn` = transaction rows of notices corrected or cancelled by the file; `summary`:
 * contract/import-summary.ts, also kept in `feed_files.summary`). An upload over its confirmation threshold is
 * held before it commits (server/jobs/confirmation.ts).
 */
import type { Db } from '../../../db/client';
import { AppError } from '../../../lib/errors';
import type { JobContext, JobHandler, StoppedJob } from '../../../jobs/define';
import { INTERRUPTED_MESSAGE, JOB_FAILED_MESSAGE } from '../../../jobs/failure';
import { eventLoopTurns, ProgressMeter, runStagedImport, stopError, throwIfStopped, untilStopped } from '../../../jobs/staged-import';
import { hasFeedFile, keepFeedSummary, recordFeedFile } from '../feed-files';
import { confirmThreshold, type FeedJobPayload } from '../kinds';
import { AwaitingConfirmation } from '../../../jobs/confirmation';
import { openJobFile } from '../../../jobs/files';
import { FEED_NAME } from './codes';
import { STAGE_COLUMNS, createStage, mergeStage, stageRow, stageTable } from './merge';
import { readNotices } from './read';

/** The file record a successful merge writes. */
type FileRecord = { filename: string; origin: string; jobId: string };

/** Notices and bytes read so far (kept for the record of a failure). */
interface Reading {
  notices: number;
  bytes: number;
}

/**
 * The import on the staged import (server/jobs/staged-import.ts): the notices are COPYed into a staging table of
 * the job's own, then merged and the file recorded in one transaction.
 */
function importFile(ctx: JobContext<FeedJobPayload>, file: FileRecord, reading: Reading) {
  const table = stageTable(ctx.job.id);
  const meter = new ProgressMeter(ctx);
  const turn = eventLoopTurns();
  return runStagedImport(ctx, {
    clear: async (sql) => void (await sql.exec(`drop table if exists ${table}`)),
    async stage(sql, temp) {
      await sql.exec(createStage(table, temp !== ''));
      const copy = sql.copyRows(table, STAGE_COLUMNS, []);
      const source = openJobFile(ctx.database.db, ctx.job);
      try {
        for await (const read of untilStopped(readNotices(source), ctx.signal)) {
          throwIfStopped(ctx.signal);
          await copy.write(stageRow(read.notice, read.position));
          reading.notices = read.position;
          reading.bytes = read.bytesRead;
          meter.report(read.position, read.bytesRead);
          await turn();
        }
        await copy.end();
      } catch (err) {
        copy.abort(err as Error);
        throw err;
      } finally {
        source.destroy();
      }
      await meter.settle();
      await ctx.progress(reading.notices, reading.bytes);
    },
    merge: (sql) => mergeStage(sql, table, reading.notices, file),
    confirmAbove: confirmThreshold(ctx.payload),
    keep: (sql, summary, merged) => keepFeedSummary(sql, merged.feedFileId, summary),
    summarize({ summary: s, feedFileId, rneQueued }) {
      return {
        summary: {
          rows_read: s.notices,
          created: s.new,
          updated: 0,
          unchanged: s.duplicates,
          log_entries: s.log_entries,
          rne_queued: rneQueued.accounts + rneQueued.officers,
        },
        result: {
          feed: FEED_NAME,
          lines: s.notices,
          created: s.new,
          updated: 0,
          unchanged: s.duplicates,
          log_entries: s.log_entries,
          notices: s.notices,
          new: s.new,
          duplicates: s.duplicates,
          sales: s.sales,
          sales_withdrawn: s.sales_withdrawn,
          feed_file_id: feedFileId,
          rne_queued: rneQueued,
        },
        rowsRead: reading.notices,
        bytesRead: reading.bytes,
      };
    },
  });
}

/** Message of a job whose file (CLI, inbox, fetch) is gone. */
export function missingFileMessage(filename: string): string {
  return `Le fichier « ${filename} » est introuvable ou illisible. Rien n’a été importé.`;
}

/** The French message a failure is recorded with (the one the job ends with). */
function failureMessage(err: unknown, signal: AbortSignal, filename: string): string {
  if (signal.aborted) return stopError(signal).message;
  if (err instanceof AppError) return err.message;
  const code = (err as { code?: string }).code;
  if (code === 'ENOENT' || code === 'EACCES' || code === 'EISDIR') return missingFileMessage(filename);
  return JOB_FAILED_MESSAGE;
}

async function run(ctx: JobContext<FeedJobPayload>) {
  const { payload } = ctx;
  const file: FileRecord = { filename: payload.filename, origin: payload.origin, jobId: ctx.job.id };
  const reading: Reading = { notices: 0, bytes: 0 };
  try {
    return await importFile(ctx, file, reading);
  } catch (err) {
    // Held for the operator's confirmation: nothing was kept, and nothing is recorded yet.
    if (err instanceof AwaitingConfirmation && !ctx.signal.aborted) throw err;
    const message = failureMessage(err, ctx.signal, file.filename);
    await recordFeedFile(ctx.database.db, { feed: FEED_NAME, filename: file.filename, status: 0, lines: reading.notices, error: message, origin: payload.origin, jobId: ctx.job.id });
    if (ctx.signal.aborted) throw new AppError(503, message);
    if (message !== JOB_FAILED_MESSAGE && !(err instanceof AppError)) throw new AppError(422, message);
    throw err;
  }
}

/** Records the failure of an interrupted job (by a dead process) unless its run recorded one. */
async function cleanup(db: Db, job: StoppedJob<FeedJobPayload>): Promise<void> {
  if (await hasFeedFile(db, job.id)) return;
  const { payload } = job;
  await recordFeedFile(db, { feed: FEED_NAME, filename: payload?.filename ?? '(fichier inconnu)', status: 0, lines: 0, error: INTERRUPTED_MESSAGE, origin: payload?.origin ?? 'upload', jobId: job.id });
}

/** The handler of the BODACC job (its definition, `bodaccJobDefinition`, is in ../jobs.ts). */
export const bodaccJob: JobHandler<FeedJobPayload> = { run, cleanup };
