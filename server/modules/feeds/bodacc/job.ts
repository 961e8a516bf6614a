/**
 * The BODACC import job (issue 9 sections 2 and 3), kind `feed-bodacc` (server/modules/feeds/kinds.ts).
 * It reads the job's file (`openFeedFile`) as a stream of notices (read.ts: DILA XML bulletin or
 * Opendatasoft JSON export, detected from the content), COPYs them into a staging table of its own, then
 * merges them (merge.ts) and records the file (`feed_files`, feed `bodacc`, status 1, lines = notices read,
 * summary `{notices, new, duplicates, sales, sales_withdrawn, log_entries}`) in ONE transaction: on PostgreSQL everything runs
 * on the job's connection between `begin` and `commit`; on PGlite the rows are staged in a temporary table,
 * then merged inside one `pglite.transaction` (no other statement interleaves).
 *
 * On failure nothing is kept: the transaction is rolled back, a `feed_files` row with status 0 and the French
 * error is written, and the error is thrown again (the job ends failed with that message). `cleanup` (a job
 * interrupted by a dead process) records the status 0 row with the interrupted message when none exists.
 * Result (jobs.result): `{feed, format, lines, created, updated, unchanged, log_entries, notices, new,
 * duplicates, sales, sales_withdrawn}` (`created` = new notices, `unchanged` = notices already stored;
 * `sales_withdrawn` = transaction rows of notices corrected or cancelled by the file).
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { openCopy, type CopyWriter } from '../../../db/copy';
import { jobs } from '../../../db/schema';
import { AppError } from '../../../http/errors';
import { INTERRUPTED_MESSAGE, JOB_FAILED_MESSAGE, SHUTDOWN_MESSAGE, type JobContext, type JobKind } from '../../../jobs/queue';
import { hasFeedFile, recordFeedFile } from '../feed-files';
import type { FeedJobPayload } from '../kinds';
import { openFeedFile } from '../source';
import { FEED_NAME } from './codes';
import { STAGE_COLUMNS, createStage, mergeStage, stageRow, stageTable, type Exec, type MergeSummary } from './merge';
import { readNotices } from './read';

/** Progress is reported every this many notices. */
const PROGRESS_EVERY = 500;
/** Longest stretch without a turn of the event loop (PGlite answers on this thread): ms. */
const YIELD_EVERY_MS = 20;

/** The file record a successful merge writes. */
type FileRecord = { filename: string; origin: string; jobId: string };

function execOn(run: (text: string, values?: unknown[]) => Promise<{ rows: unknown[]; rowCount?: number | null; affectedRows?: number }>): Exec {
  return async (text, values) => {
    const r = await run(text, values);
    return { rows: r.rows as Record<string, unknown>[], count: Number(r.rowCount ?? r.affectedRows ?? 0) };
  };
}

/** Notices and bytes read so far (kept for the record of a failure). */
interface Reading {
  notices: number;
  bytes: number;
}

/** Streams the file's notices into the staging table, counting them in `reading`. */
async function stageFile(ctx: JobContext, copy: CopyWriter, reading: Reading): Promise<void> {
  let turn = Date.now();
  const source = openFeedFile(ctx.database.db, ctx.job);
  try {
    for await (const read of readNotices(source)) {
      if (ctx.signal.aborted) throw new AppError(503, SHUTDOWN_MESSAGE);
      await copy.write(stageRow(read.notice, read.position));
      reading.notices = read.position;
      reading.bytes = read.bytesRead;
      if (read.position % PROGRESS_EVERY === 0) await ctx.progress(read.position, read.bytesRead);
      if (Date.now() - turn >= YIELD_EVERY_MS) {
        await nextTurn();
        turn = Date.now();
      }
    }
  } finally {
    source.destroy();
  }
  await copy.end();
  await ctx.progress(reading.notices, reading.bytes);
}

/** Runs the whole import on PostgreSQL, on the job's connection, in one transaction. */
async function runPg(ctx: JobContext, file: FileRecord, reading: Reading) {
  const client = ctx.client!;
  const table = stageTable(ctx.job.id);
  const exec = execOn((text, values) => client.query(text, values));
  await client.query('begin');
  try {
    await client.query('set local statement_timeout = 0');
    await client.query(createStage(table, true));
    const copy = openCopy(ctx.database, client, table, STAGE_COLUMNS, []);
    try {
      await stageFile(ctx, copy, reading);
    } catch (err) {
      copy.abort(err as Error);
      throw err;
    }
    if (ctx.signal.aborted) throw new AppError(503, SHUTDOWN_MESSAGE);
    const merged = await mergeStage(exec, table, reading.notices, file);
    await client.query('commit');
    return merged;
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  }
}

/** Runs the import on PGlite: staged in a temporary table, merged in one transaction. */
async function runPglite(ctx: JobContext, file: FileRecord, reading: Reading) {
  const pglite = ctx.database.pglite!;
  const table = stageTable(ctx.job.id);
  await pglite.exec(`drop table if exists ${table}; ${createStage(table, false)}`);
  try {
    const copy = openCopy(ctx.database, undefined, table, STAGE_COLUMNS, []);
    await stageFile(ctx, copy, reading);
    if (ctx.signal.aborted) throw new AppError(503, SHUTDOWN_MESSAGE);
    return await pglite.transaction(async (tx) => mergeStage(execOn((text, values) => tx.query(text, values)), table, reading.notices, file));
  } finally {
    await pglite.exec(`drop table if exists ${table}`).catch(() => {});
  }
}

/** Message of a job whose file (CLI, inbox, fetch) is gone. */
export function missingFileMessage(filename: string): string {
  return `Le fichier « ${filename} » est introuvable ou illisible. Rien n’a été importé.`;
}

/** The French message a failure is recorded with (the one the job ends with). */
function failureMessage(err: unknown, aborted: boolean, filename: string): string {
  if (aborted) return SHUTDOWN_MESSAGE;
  if (err instanceof AppError) return err.message;
  const code = (err as { code?: string }).code;
  if (code === 'ENOENT' || code === 'EACCES' || code === 'EISDIR') return missingFileMessage(filename);
  return JOB_FAILED_MESSAGE;
}

async function run(ctx: JobContext) {
  const payload = ctx.job.payload as unknown as FeedJobPayload;
  const file: FileRecord = { filename: payload.filename, origin: payload.origin, jobId: ctx.job.id };
  const reading: Reading = { notices: 0, bytes: 0 };
  try {
    const out = ctx.database.kind === 'pg' ? await runPg(ctx, file, reading) : await runPglite(ctx, file, reading);
    const s: MergeSummary = out.summary;
    return {
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
        feed_file_id: out.feedFileId,
        rne_queued: out.rneQueued,
      },
      rowsRead: reading.notices,
      bytesRead: reading.bytes,
    };
  } catch (err) {
    const message = failureMessage(err, ctx.signal.aborted, file.filename);
    await recordFeedFile(ctx.database.db, { feed: FEED_NAME, filename: file.filename, status: 0, lines: reading.notices, error: message, origin: payload.origin, jobId: ctx.job.id });
    if (ctx.signal.aborted) throw new AppError(503, message);
    if (message !== JOB_FAILED_MESSAGE && !(err instanceof AppError)) throw new AppError(422, message);
    throw err;
  }
}

/** Records the failure of an interrupted job (by a dead process) unless its run recorded one. */
async function cleanup(db: Db, jobId: string): Promise<void> {
  if (await hasFeedFile(db, jobId)) return;
  const [job] = await db.select({ payload: jobs.payload }).from(jobs).where(eq(jobs.id, jobId));
  const payload = (job?.payload ?? {}) as Partial<FeedJobPayload>;
  await recordFeedFile(db, { feed: FEED_NAME, filename: payload.filename ?? '(fichier inconnu)', status: 0, lines: 0, error: INTERRUPTED_MESSAGE, origin: payload.origin ?? 'upload', jobId });
}

/** The job kind registered by the feeds module (`ctx.jobs.register(FEED_BODACC, bodaccJob)`). */
export const bodaccJob: JobKind = { run, cleanup };
