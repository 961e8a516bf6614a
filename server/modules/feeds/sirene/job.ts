/**
 * The INSEE Sirene import job (issue 9 sections 1 and 3), kind `feed-sirene` (server/modules/feeds/kinds.ts).
 * It reads one stock file — StockUniteLegale (companies) or StockEtablissement (establishments), current or
 * 2019 layout, plain CSV or the INSEE zip (./input.ts, ./layouts.ts) — COPYs its raw lines into a staging
 * table (./stage.ts), then checks and merges them into the register in one statement, in one transaction
 * (./mapping.ts; a row failing a check raises, and the stage is then searched for its line):
 * new rows inserted, changed rows rewritten, unchanged rows left alone, one update-log entry (code `INSEE`,
 * with the file and line as its source) per company recently created, ceased, renamed, or whose NAF code or
 * legal form changed, dated as INSEE dates it (./mapping.ts); and records the file in
 * `feed_files` (feed `sirene-companies` or `sirene-establishments`) in that same transaction.
 *
 * Nothing half-written: PostgreSQL runs the stage, the merge and the record in one transaction on the job's
 * connection (the stage is a temporary table dropped with it); PGlite stages into a temporary table in
 * batches (the app stays responsive), then merges and records inside one `pglite.transaction`, which no other
 * statement interleaves with. On failure: rollback, a `feed_files` row with status 0 and the French error
 * (with the line number when one line is at fault), and an AppError with that message.
 *
 * A first load (the table of that kind is empty) inserts the rows without comparing them and writes no
 * update-log entry: the log records the changes of a known register, not its initial content.
 *
 * Result (jobs.result): `{feed, lines, created, updated, unchanged, log_entries, first_load, layout, zip_entry}`.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Transaction } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import type { Feed } from '../../../db/schema';
import { AppError } from '../../../http/errors';
import { INTERRUPTED_MESSAGE, JOB_FAILED_MESSAGE, SHUTDOWN_MESSAGE, type JobContext, type JobKind } from '../../../jobs/queue';
import { findJob } from '../../../jobs/store';
import { hasFeedFile, recordFeedFile } from '../feed-files';
import type { FeedJobPayload } from '../kinds';
import { openFeedFile } from '../source';
import { openSireneInput, type SireneInput } from './input';
import { detectLayout, type SireneLayout } from './layouts';
import { BAD_ROW_CODE, badRowSql, castOkSql, duplicateSql, firstLoadSql, isEmptySql, lineOfSql, mergeCompaniesSql, mergeEstablishmentsSql, occurrencesSql, sourcePrefix, validateSql } from './mapping';
import { copyToStagePg, copyToStagePglite, createStageSql } from './stage';

/**
 * Whether a first load (empty table) goes through the full merge and logs one `Création` entry per company.
 * Off: the 1M-row bench took 32 to 54 s with the entries (the update log’s four indexes and rollups) against 7 to 10 s without.
 */
const LOG_FIRST_LOAD = false;
/** `work_mem` of the merge's transaction on PostgreSQL (its hash join and aggregates over a whole stock). */
const MERGE_WORK_MEM = '256MB';
/** Rows between two progress reports. */
const PROGRESS_EVERY_ROWS = 5000;

/** One statement, on whichever connection runs the import. */
type Exec = (text: string, values?: unknown[]) => Promise<{ rows: Array<Record<string, unknown>>; rowCount?: number | null; affectedRows?: number }>;

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
async function explainFaultyRow(exec: Exec, stage: string, layout: SireneLayout): Promise<void> {
  await exec(castOkSql());
  const { rows } = await exec(validateSql(stage, layout.kind));
  if (!rows.length) return;
  const bad = rows[0] as { at: string; reason: string; value: string | null };
  const { rows: at } = await exec(lineOfSql(stage), [bad.at]);
  const value = bad.value === null || bad.value === '' ? 'vide' : `«\u00a0${bad.value}\u00a0»`;
  throw new AppError(422, `Ligne ${Number(at[0].line)}\u00a0: ${bad.reason}, valeur ${value}. Rien n’a été importé.`);
}

/**
 * Checks that no identifier (SIREN of a company, SIRET of an establishment) comes twice.
 * @throws AppError 422 `Ligne N : SIREN … déjà présent à la ligne M.`
 */
async function checkDuplicates(exec: Exec, stage: string, layout: SireneLayout): Promise<void> {
  const { rows } = await exec(duplicateSql(stage, layout.kind));
  if (!rows.length) return;
  const key = String(rows[0].key);
  const { rows: at } = await exec(occurrencesSql(stage, layout.kind), [key]);
  const [first, second] = await Promise.all(at.map(async (r) => Number((await exec(lineOfSql(stage), [r.at])).rows[0].line)));
  const id = layout.kind === 'companies' ? 'SIREN' : 'SIRET';
  throw new AppError(422, `Ligne ${second}\u00a0: ${id} ${key} déjà présent à la ligne ${first}. Rien n’a été importé.`);
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
  exec: Exec,
  stage: string,
  layout: SireneLayout,
  record: (counts: MergeCounts) => unknown[],
  filename: string,
): Promise<MergeCounts & { rneQueued: number }> {
  const { rows: state } = await exec(isEmptySql(layout.kind));
  const firstLoad = !LOG_FIRST_LOAD && Boolean(state[0].empty);
  const { rows: since } = await exec(CREATION_THRESHOLD_SQL);
  const pending: MergeCounts = { created: 0, updated: 0, log_entries: 0, first_load: firstLoad };
  const { rows: file } = await exec(
    `insert into feed_files (feed, filename, status, lines, error, origin, summary, job_id) values ($1, $2, 1, $3, null, $4, $5, $6) returning id`,
    record(pending),
  );
  const fileId = Number(file[0].id);
  let counts: MergeCounts;
  let rneQueued = 0;
  if (firstLoad) {
    // A plain INSERT: its count is the command's (pg `rowCount`, PGlite `affectedRows`).
    const res = await exec(firstLoadSql(stage, layout.kind));
    counts = { created: Number(res.rowCount ?? res.affectedRows ?? 0), updated: 0, log_entries: 0, first_load: true };
  } else if (layout.kind === 'companies') {
    const { rows } = await exec(mergeCompaniesSql(stage), [fileId, sourcePrefix(filename), String(since[0].since)]);
    counts = { created: Number(rows[0].created), updated: Number(rows[0].updated), log_entries: Number(rows[0].log_entries), first_load: false };
    rneQueued = Number(rows[0].rne_queued ?? 0);
  } else {
    const { rows } = await exec(mergeEstablishmentsSql(stage));
    counts = { created: Number(rows[0].created), updated: Number(rows[0].updated), log_entries: Number(rows[0].log_entries), first_load: false };
  }
  await exec(`update feed_files set summary = $2 where id = $1`, [fileId, record(counts)[4]]);
  // Companies created by the merge, queued for the RNE worker (not part of the file's summary).
  return { ...counts, rneQueued };
}

/**
 * The French error of a merge that failed on the data (an identifier twice, a date that does not cast),
 * found on the stage, which is still readable (rolled back to before the merge); undefined for another failure.
 */
async function explainMergeFailure(exec: Exec, stage: string, layout: SireneLayout, err: unknown): Promise<AppError | undefined> {
  const code = (err as { code?: string }).code ?? '';
  try {
    if (['21000', '23505'].includes(code)) await checkDuplicates(exec, stage, layout);
    else if (['22007', '22008', '22P02', BAD_ROW_CODE].includes(code)) await explainFaultyRow(exec, stage, layout);
    else return undefined;
  } catch (found) {
    if (found instanceof AppError) return found;
    throw found;
  }
  return mergeError(err as { code?: string }, layout.kind);
}

async function run(ctx: JobContext) {
  const { job, database, client, signal } = ctx;
  const db = database.db;
  const payload = job.payload as unknown as FeedJobPayload;
  const stage = stageName(job.id);
  let feed = feedOf(payload);
  let input: SireneInput | undefined;
  let layout: SireneLayout | undefined;
  let lines = 0;
  let inTransaction = false;
  let stageCreated = false;

  // Progress: at most one report in flight, one every PROGRESS_EVERY_ROWS lines.
  let nextReport = PROGRESS_EVERY_ROWS;
  let reporting: Promise<void> | undefined;
  const report = (force = false) => {
    if (!input || reporting) return;
    const seen = input.linesSeen();
    if (!force && seen < nextReport) return;
    nextReport = seen + PROGRESS_EVERY_ROWS;
    reporting = ctx
      .progress(seen, input.bytesRead())
      .catch(() => {})
      .finally(() => (reporting = undefined));
  };
  const aborted = () => new AppError(503, SHUTDOWN_MESSAGE);
  async function* watched(body: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
    for await (const chunk of body) {
      if (signal.aborted) throw aborted();
      yield chunk;
      report();
    }
  }

  try {
    input = await openSireneInput(openFeedFile(db, job));
    layout = detectLayout(input.header);
    feed = layout.kind === 'companies' ? 'sirene-companies' : 'sirene-establishments';
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
    let counts: MergeCounts & { rneQueued: number };

    if (client) {
      const exec: Exec = (text, values) => client.query(text, values);
      await client.query('begin');
      inTransaction = true;
      await client.query('set local statement_timeout = 0');
      await client.query(createStageSql(stage, layout.columns, true));
      lines = await copyToStagePg(client, stage, layout.columns, watched(input.body), true);
      if (signal.aborted) throw aborted();
      if (lines === 0) throw new AppError(422, 'Le fichier ne contient aucune ligne de données après l’en-tête. Rien n’a été importé.');
      report(true);
      // The checks run inside the merge (`checkedKey`); a row failing one raises BAD_ROW_CODE, explained below.
      await exec(badRowSql());
      // Hash joins and aggregates of a whole stock in memory (this connection only, this transaction only).
      await client.query(`set local work_mem = '${MERGE_WORK_MEM}'`);
      await client.query('savepoint sirene_merge');
      try {
        counts = await mergeAndRecord(exec, stage, layout, recordValues, payload.filename);
      } catch (err) {
        await client.query('rollback to savepoint sirene_merge');
        throw (await explainMergeFailure(exec, stage, layout, err)) ?? err;
      }
      if (signal.aborted) throw aborted();
      await client.query('commit');
      inTransaction = false;
    } else {
      const pglite = database.pglite!;
      const exec: Exec = (text, values) => pglite.query(text, values);
      await pglite.exec(`drop table if exists ${stage}; ${createStageSql(stage, layout.columns, false)}`);
      stageCreated = true;
      lines = await copyToStagePglite(pglite, stage, layout.columns, watched(input.body), async () => {
        report();
        await nextTurn();
      });
      if (signal.aborted) throw aborted();
      if (lines === 0) throw new AppError(422, 'Le fichier ne contient aucune ligne de données après l’en-tête. Rien n’a été importé.');
      report(true);
      // The checks run inside the merge (`checkedKey`); a row failing one raises BAD_ROW_CODE, explained below.
      await exec(badRowSql());
      try {
        counts = await pglite.transaction(async (tx: Transaction) => mergeAndRecord((text, values) => tx.query(text, values), stage, layout!, recordValues, payload.filename));
      } catch (err) {
        throw (await explainMergeFailure(exec, stage, layout, err)) ?? err;
      }
      await pglite.exec(`drop table if exists ${stage}`);
      stageCreated = false;
    }
    await reporting;
    const { rneQueued, ...merged } = counts;
    const summary = summaryOf(merged);
    return {
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
      bytesRead: input.bytesRead(),
    };
  } catch (caught) {
    input?.destroy();
    if (inTransaction) await client!.query('rollback').catch(() => {});
    if (stageCreated) await database.pglite!.exec(`drop table if exists ${stage}`).catch(() => {});
    await reporting;
    const err = caught as Error & { code?: string };
    const known = signal.aborted ? aborted() : (input?.failure() ?? (err instanceof AppError ? err : mergeError(err, layout?.kind)));
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

/** The job kind registered by the feeds module (`ctx.jobs.register(FEED_SIRENE, sireneJob)`). */
export const sireneJob: JobKind = {
  run,
  /** Records an interrupted job's file as failed (once) and drops its staging table if it is left. */
  async cleanup(db: Db, jobId: string) {
    await db.execute(sql.raw(`drop table if exists ${stageName(jobId)}`));
    if (await hasFeedFile(db, jobId)) return;
    const job = await findJob(db, jobId);
    const payload = (job?.payload ?? {}) as unknown as Partial<FeedJobPayload>;
    await recordFeedFile(db, {
      feed: feedOf({ filename: payload.filename ?? '', origin: payload.origin ?? 'upload', source: { kind: 'stored' }, feed: payload.feed }),
      filename: payload.filename ?? jobId,
      status: 0,
      lines: 0,
      error: INTERRUPTED_MESSAGE,
      origin: payload.origin ?? 'upload',
      jobId,
    });
  },
};
