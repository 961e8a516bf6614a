/**
 * The INSEE Sirene import job, kind `feed-sirene` (server/modules/feeds/kinds.ts).
 * It reads one stock file — StockUniteLegale (companies) or StockEtablissement (establishments), current or
 * 2019 layout, plain CSV or the INSEE zip (./input.ts, ./layouts.ts) — COPYs its raw lines into a staging
 * table (./stage.ts), then checks and merges them into the register in one statement, in one transaction
 * (./mapping.ts; a row failing a check raises, and the stage is then searched for its line):
 * new rows inserted, changed rows rewritten, unchanged rows left alone, one update-log entry (code `INSEE`,
 * with the file and line as its source) per company recently created, ceased, renamed, or whose NAF code or
 * legal form changed, dated as INSEE dates it (./mapping.ts); and records the file in
 * `feed_files` (feed `sirene-companies` or `sirene-establishments`) in that same transaction.
 *
 * Nothing half-written (the staged import, server/jobs/staged-import.ts): the stage, the merge and the record
 * are one transaction on PostgreSQL; PGlite stages in batches before it (the app stays responsive). On
 * failure: rollback, a `feed_files` row with status 0 and the French error (with the line number when one line
 * is at fault), and an AppError with that message.
 *
 * A first load (the table of that kind is empty) inserts the rows without comparing them and writes no
 * update-log entry: the log records the changes of a known register, not its initial content.
 *
 * Result (jobs.result): `{feed, lines, created, updated, unchanged, log_entries, first_load, layout, zip_entry, rne_queued,
 * summary}` (`summary`: contract/import-summary.ts, also kept in the file's `feed_files.summary`). An upload
 * over its confirmation threshold is held before it commits (server/jobs/confirmation.ts).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import type { Sql } from '../../../db/sql';
import type { Feed } from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import { excerpt } from '../../../lib/excerpt';
import type { JobContext, JobHandler } from '../../../jobs/define';
import { INTERRUPTED_MESSAGE, JOB_FAILED_MESSAGE } from '../../../jobs/failure';
import { eventLoopTurns, ProgressMeter, runStagedImport, stopError, throwIfStopped, untilStopped } from '../../../jobs/staged-import';
import { hasFeedFile, keepFeedSummary, recordFeedFile } from '../feed-files';
import { confirmThreshold, type FeedJobPayload } from '../kinds';
import { AwaitingConfirmation } from '../../../jobs/confirmation';
import { openJobFile } from '../../../jobs/files';
import { DEFAULT_SIRENE_LIMITS, openSireneInput, type SireneInput, type SireneLimits } from './input';
import { detectLayout, type SireneLayout } from './layouts';
import { BAD_ROW_CODE, badRowSql, castOkSql, duplicateSql, firstLoadSql, isEmptySql, lineOfSql, mergeCompaniesSql, mergeEstablishmentsSql, secondLineSql, sourcePrefix, validateSql } from './mapping';
import { copyToStage, createStageSql } from './stage';

/**
 * Whether a first load (empty table) goes through the full merge and logs one `Création` entry per company.
 * Off: the 1M-row bench took 32 to 54 s with the entries (the update log’s four indexes and rollups) against 7 to 10 s without.
 */
const LOG_FIRST_LOAD = false;
/** `work_mem` of the merge's transaction on PostgreSQL (its hash join and aggregates over a whole stock). */
const MERGE_WORK_MEM = '256MB';


/** What the merge answers. */
interface MergeCounts {
  created: number;
  updated: number;
  log_entries: number;
  /** The table was empty: rows inserted without comparison or log entries. */
  first_load: boolean;
}

/** The feed a file is recorded under before its header is read: the payload's, or a guess from its name. */
function feedOf(payload: FeedJobPayload): Feed {
  if (payload.feed === 'sirene-companies' || payload.feed === 'sirene-establishments') return payload.feed;
  return /etablissement|siret/i.test(payload.filename) ? 'sirene-establishments' : 'sirene-companies';
}

/** The name of job `jobId`'s staging table. */
function stageName(jobId: string): string {
  return `sirene_stage_${jobId.replace(/[^0-9a-f]/gi, '')}`;
}

/** The French error of a failure met after the COPY (merge, checks), or undefined for an unexpected one. */
function mergeError(err: { code?: string }, kind: SireneLayout['kind'] | undefined): AppError | undefined {
  const id = kind === 'establishments' ? 'SIRET' : 'SIREN';
  if (err.code === '21000') return new AppError(422, `Le fichier contient plusieurs lignes pour un même ${id}. Rien n’a été importé.`);
  if (err.code === '22008' || err.code === '22007') return new AppError(422, 'Le fichier contient une date impossible (par exemple un 30 février). Rien n’a été importé.');
  if (err.code === 'ENOENT') return new AppError(422, 'Fichier introuvable\u00a0: il a été déplacé ou supprimé avant d’être lu. Rien n’a été importé.');
  return undefined;
}

/**
 * Finds the first faulty line of the stage (identifiers and dates), after a merge failed on a row, and throws
 * its French error; returns when no row is at fault.
 * @throws AppError 422 `Ligne N : … invalide …`
 */
async function explainFaultyRow(q: Sql, stage: string, layout: SireneLayout): Promise<void> {
  await q.exec(castOkSql());
  const { rows } = await q.exec(validateSql(stage, layout.kind));
  if (!rows.length) return;
  const bad = rows[0] as { at: string; reason: string; value: string | null };
  const { rows: at } = await q.exec(lineOfSql(stage), [bad.at]);
  const value = bad.value === null || bad.value === '' ? 'vide' : `«\u00a0${excerpt(bad.value, 40)}\u00a0»`;
  throw new AppError(422, `Ligne ${Number(at[0].line)}\u00a0: ${bad.reason}, valeur ${value}. Rien n’a été importé.`);
}

/**
 * Checks that no identifier (SIREN of a company, SIRET of an establishment) comes twice in the staged file: a file
 * is a state of the register, where each is one row, so neither of two rows may silently win.
 * @throws AppError 422 `Le siren … apparaît deux fois : lignes M et N.`
 */
async function checkDuplicates(q: Sql, stage: string, layout: SireneLayout): Promise<void> {
  const { rows } = await q.exec(duplicateSql(stage, layout.kind));
  if (!rows.length) return;
  const id = layout.kind === 'companies' ? 'siren' : 'siret';
  // The key is not checked yet: quoted only when it is digits (as a SIREN or SIRET is), else named by its lines.
  const key = String(rows[0].key ?? '');
  const { rows: second } = await q.exec(secondLineSql(stage, layout.kind), [key]);
  const named = /^[0-9]{9,14}$/.test(key) ? `Le ${id} ${key}` : `Un même ${id}`;
  throw new AppError(422, `${named} apparaît deux fois\u00a0: lignes ${Number(rows[0].first)} et ${Number(second[0].line)}. Rien n’a été importé.`);
}

/**
 * The creation threshold of a companies merge (`YYYY-MM-DD`): the date of the previous successful import of a
 * companies file or the start of the feed's period (one month before today, the stock being monthly), whichever
 * reaches further back. A company new to the register is logged as created only when INSEE dates its creation
 * on or after it (SPEC section 3 "Update log entry"; CONVENTIONS.md section 7: events carry their own dates).
 */
export const CREATION_THRESHOLD_SQL = `select least(coalesce(max(created_at)::date, (current_date - interval '1 month')::date),
                                  (current_date - interval '1 month')::date)::text as since
                             from feed_files where feed = 'sirene-companies' and status = 1`;

/**
 * Merges the stage and records the file, on `exec` (inside the caller's transaction). Into an empty table
 * (a first load) the rows are inserted as they are and nothing is logged: the update log records the changes
 * of a known register, not the first stock loaded (29 million "Création" entries would bury the real ones).
 * The `feed_files` row is written first, so that the entries can name it as their source, then given its summary.
 */
async function mergeAndRecord(
  q: Sql,
  stage: string,
  layout: SireneLayout,
  record: (counts: MergeCounts) => unknown[],
  filename: string,
): Promise<MergeCounts & { rneQueued: number; fileId: number }> {
  const { rows: state } = await q.exec(isEmptySql(layout.kind));
  const firstLoad = !LOG_FIRST_LOAD && Boolean(state[0].empty);
  const { rows: since } = await q.exec(CREATION_THRESHOLD_SQL);
  const pending: MergeCounts = { created: 0, updated: 0, log_entries: 0, first_load: firstLoad };
  const { rows: file } = await q.exec(
    `insert into feed_files (feed, filename, status, lines, error, origin, summary, job_id) values ($1, $2, 1, $3, null, $4, $5, $6) returning id`,
    record(pending),
  );
  const fileId = Number(file[0].id);
  let counts: MergeCounts;
  let rneQueued = 0;
  if (firstLoad) {
    const res = await q.exec(firstLoadSql(stage, layout.kind));
    counts = { created: res.count, updated: 0, log_entries: 0, first_load: true };
  } else if (layout.kind === 'companies') {
    const { rows } = await q.exec(mergeCompaniesSql(stage), [fileId, sourcePrefix(filename), String(since[0].since)]);
    counts = { created: Number(rows[0].created), updated: Number(rows[0].updated), log_entries: Number(rows[0].log_entries), first_load: false };
    rneQueued = Number(rows[0].rne_queued ?? 0);
  } else {
    const { rows } = await q.exec(mergeEstablishmentsSql(stage));
    counts = { created: Number(rows[0].created), updated: Number(rows[0].updated), log_entries: Number(rows[0].log_entries), first_load: false };
  }
  await q.exec(`update feed_files set summary = $2 where id = $1`, [fileId, record(counts)[4]]);
  // Companies created by the merge, queued for the RNE worker (not part of the file's summary).
  return { ...counts, rneQueued, fileId };
}

/**
 * The French error of a merge that failed on the data (an identifier twice, a date that does not cast),
 * found on the stage, which is still readable (rolled back to before the merge); undefined for another failure.
 */
async function explainMergeFailure(q: Sql, stage: string, layout: SireneLayout, err: unknown): Promise<AppError | undefined> {
  const code = (err as { code?: string }).code ?? '';
  try {
    if (['21000', '23505'].includes(code)) await checkDuplicates(q, stage, layout);
    else if (['22007', '22008', '22P02', BAD_ROW_CODE].includes(code)) await explainFaultyRow(q, stage, layout);
    else return undefined;
  } catch (found) {
    if (found instanceof AppError) return found;
    throw found;
  }
  return mergeError(err as { code?: string }, layout.kind);
}

/** What the stage answers: the file's layout, and the lines copied. */
interface Staged {
  layout: SireneLayout;
  lines: number;
}

/**
 * Runs the import on the staged import (server/jobs/staged-import.ts): the raw lines are COPYed into a stage of
 * the job's own, checked and merged in one statement, and the file recorded, all in one transaction. A failure
 * records the file as failed (`feed_files` status 0, with its French error) and is thrown again.
 */
async function run(ctx: JobContext<FeedJobPayload>, limits: SireneLimits) {
  const { job, signal, payload } = ctx;
  const db = ctx.database.db;
  const stage = stageName(job.id);
  const meter = new ProgressMeter(ctx);
  let feed = feedOf(payload);
  let input: SireneInput | undefined;
  let layout: SireneLayout | undefined;
  let lines = 0;

  async function* watched(body: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
    // A cancellation or a stop ends the wait for the next chunk at once (a stalled input too).
    for await (const chunk of untilStopped(body, signal)) {
      throwIfStopped(signal);
      yield chunk;
      meter.report(input!.linesSeen(), input!.bytesRead());
    }
  }
  const summaryOf = (counts: MergeCounts) => ({
    ...counts,
    unchanged: lines - counts.created - counts.updated,
    kind: layout!.kind,
    layout: layout!.vintage,
    columns: layout!.columns.length,
    ignored_columns: layout!.ignored,
    zip_entry: input!.zipEntry,
  });
  const recordValues = (counts: MergeCounts) => [feed, payload.filename.slice(0, 255), lines, payload.origin, JSON.stringify(summaryOf(counts)), job.id];

  try {
    input = await openSireneInput(openJobFile(db, job), limits);
    layout = detectLayout(input.header, input.delimiter);
    feed = layout.kind === 'companies' ? 'sirene-companies' : 'sirene-establishments';
    const opened = input;
    return await runStagedImport<Staged, MergeCounts & { rneQueued: number; fileId: number }>(ctx, {
      // Hash joins and aggregates of a whole stock in memory (this transaction only).
      settings: { work_mem: MERGE_WORK_MEM },
      clear: async (sql) => void (await sql.exec(`drop table if exists ${stage}`)),
      async stage(sql, temp) {
        const staged = layout!;
        await sql.exec(createStageSql(stage, staged.columns, temp !== ''));
        // A stage created in this transaction is loaded frozen on PostgreSQL.
        lines = await copyToStage(sql, stage, staged.columns, watched(opened.body), { freeze: true, between: eventLoopTurns(0), delimiter: opened.delimiter });
        if (lines === 0) throw new AppError(422, 'Le fichier ne contient aucune ligne de données après l’en-tête. Rien n’a été importé.');
        meter.report(opened.linesSeen(), opened.bytesRead(), true);
        return { layout: staged, lines };
      },
      async check(sql, staged) {
        // An identifier twice is refused here, before any merge (whichever the register's state).
        await checkDuplicates(sql, stage, staged.layout);
        // The other checks run inside the merge (`checkedKey`); a row failing one raises BAD_ROW_CODE, explained below.
        await sql.exec(badRowSql());
        return staged;
      },
      merge: (sql, staged) => mergeAndRecord(sql, stage, staged.layout, recordValues, payload.filename),
      explain: (sql, err, staged) => explainMergeFailure(sql, stage, staged.layout, err),
      confirmAbove: confirmThreshold(payload),
      keep: (sql, summary, merged) => keepFeedSummary(sql, merged.fileId, summary),
      summarize({ rneQueued, fileId: _fileId, ...merged }) {
        const summary = summaryOf(merged);
        return {
          summary: {
            rows_read: lines,
            created: summary.created,
            updated: summary.updated,
            unchanged: summary.unchanged,
            log_entries: summary.log_entries,
            rne_queued: rneQueued,
          },
          result: {
            feed,
            lines,
            created: summary.created,
            updated: summary.updated,
            unchanged: summary.unchanged,
            log_entries: summary.log_entries,
            first_load: summary.first_load,
            layout: summary.layout,
            zip_entry: summary.zip_entry,
            rne_queued: { officers: rneQueued },
          },
          rowsRead: lines,
          bytesRead: opened.bytesRead(),
        };
      },
    });
  } catch (caught) {
    input?.destroy();
    // Held for the operator's confirmation: nothing was kept, and nothing is recorded yet.
    if (caught instanceof AwaitingConfirmation) throw caught;
    await meter.settle();
    const err = caught as Error & { code?: string };
    const known = signal.aborted ? stopError(signal) : (input?.failure() ?? (err instanceof AppError ? err : mergeError(err, layout?.kind)));
    await recordFeedFile(db, {
      feed,
      filename: payload.filename,
      status: 0,
      lines,
      error: known?.message ?? JOB_FAILED_MESSAGE,
      origin: payload.origin,
      jobId: job.id,
    });
    throw known ?? err;
  }
}

/**
 * The handler with the limits of a stock file (server/config.ts `sireneLimits`), as the feeds module builds it
 * (../jobs.ts).
 */
export function sireneJobWith(limits: Readonly<SireneLimits>): JobHandler<FeedJobPayload> {
  return { ...sireneJob, run: (ctx) => run(ctx, limits) };
}

/** The handler with the default limits (DEFAULT_SIRENE_LIMITS). */
export const sireneJob: JobHandler<FeedJobPayload> = {
  run: (ctx) => run(ctx, DEFAULT_SIRENE_LIMITS),
  /** Records an interrupted job's file as failed (once) and drops its staging table if it is left. */
  async cleanup(db: Db, job) {
    await db.execute(sql.raw(`drop table if exists ${stageName(job.id)}`));
    if (await hasFeedFile(db, job.id)) return;
    const payload = job.payload;
    await recordFeedFile(db, {
      feed: payload ? feedOf(payload) : 'sirene-companies',
      filename: payload?.filename ?? job.id,
      status: 0,
      lines: 0,
      error: INTERRUPTED_MESSAGE,
      origin: payload?.origin ?? 'upload',
      jobId: job.id,
    });
  },
};
