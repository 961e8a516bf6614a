/**
 * The deals CSV import job, kind `deal-import` of the job queue (server/jobs/define.ts).
 * It streams the spooled upload (./import-upload.ts; the job runs in the process that received it) into a
 * staging table by COPY (./import-stage.ts), checks every row in SQL (./import-sql.ts `typedSql`, `disagreeSql`), and, when no row is in error, merges the deals
 * and their entities and records the file in `deal_import_files`, all in one transaction: all or nothing.
 *
 * - All or nothing through the staged import (server/jobs/staged-import.ts): one transaction on PostgreSQL; on
 *   PGlite the stage and the checks before it (temporary tables the job drops), the merge and the record inside.
 *   A file sniffed as UTF-8 whose later bytes are not UTF-8 is read again as Windows-1252.
 * - Rows in error: the job fails with the French summary, after writing the first DEAL_IMPORT_MAX_ERRORS rows
 *   in error (`{lines: [{line, messages}]}`) into its `result`, which the upload answers with its 422.
 *
 * Result (jobs.result): `{rows, deals, created, updated, unchanged, file_id, timings_ms, summary}` (`summary`:
 * contract/import-summary.ts, also kept in `deal_import_files.summary`).
 */
import { eq, sql } from 'drizzle-orm';
import { DEAL_ENTITIES_MAX } from '../../../contract/deals';
import { DEAL_IMPORT_MAX_ERRORS, DEAL_IMPORT_MAX_ROWS, type DealImportLine } from '../../../contract/deal-import';
import type { Db } from '../../db/client';
import type { Sql } from '../../db/sql';
import { ADVISORY_LOCKS } from '../../db/locks';
import { jobs } from '../../db/schema';
import { AppError, fieldError } from '../../lib/errors';
import { z } from 'zod';
import { defineJob, type JobContext, type JobHandler } from '../../jobs/define';
import { jobInputSchema, openJobFile, removeJobFile } from '../../jobs/files';
import { eventLoopTurns, ProgressMeter, runStagedImport, throwIfStopped } from '../../jobs/staged-import';
import { csvLayoutSchema, type CsvLayout } from '../../lib/csv/layout';
import { excerpt } from '../../lib/excerpt';
import { countsSql, dealsInSql, disagreeSql, errorLinesSql, importTables, lookupSql, mergeSql, rowErrorsSql, typedSql, type ImportTables } from './import-sql';
import { copyToStage, createStageSql, dataPart, isNotUtf8, type StageMeter } from './import-stage';

/** Queue name of the deals import. */
export const DEAL_IMPORT = 'deal-import';

/** What the upload stores in the job's payload. */
export const dealImportPayload = z.object({
  filename: z.string(),
  /** Encoding, delimiter, header and the position of each known column (server/lib/csv/layout.ts). */
  layout: csvLayoutSchema,
  /** The administrator who uploaded it (`deal_import_files.created_by`). */
  createdBy: z.number().int(),
  /** The upload (server/jobs/files.ts), spooled to a local file by ./import-upload.ts, deleted when the job ends. */
  input: jobInputSchema,
});
/** What the upload stores in the job's payload. */
export type DealImportPayload = z.output<typeof dealImportPayload>;

/** Advisory lock of the merge: one deals import writes at a time (two files may name the same deal_id). */
const MERGE_LOCK = ADVISORY_LOCKS.dealsMerge;
/** `work_mem` of the import's transaction on PostgreSQL (sort and hash joins over a whole file). */
const WORK_MEM = '256MB';

/** Records the time since the previous mark under `name` (ms, in the job's result). */
type Phase = (name: string) => void;


/** A refused file: the summary, and the rows in error. */
export class RowErrors extends AppError {
  constructor(
    message: string,
    public readonly lines: DealImportLine[],
  ) {
    super(422, message, { file: [message] });
  }
}

/** `n ligne(s)` in French. */
const lines = (n: number) => `${n.toLocaleString('fr-FR')} ligne${n > 1 ? 's' : ''}`;

/**
 * Checks the staged rows: builds the typed table and its deals, then lists the rows in error.
 * @throws RowErrors with the first DEAL_IMPORT_MAX_ERRORS rows in error, in file order
 */
async function check(exec: Sql, t: ImportTables, layout: CsvLayout, temp: string, phase: Phase): Promise<void> {
  for (const statement of lookupSql(t, temp)) await exec.exec(statement);
  await exec.exec(typedSql(t, layout.columns, temp));
  await exec.exec(`analyze ${t.typed}`);
  phase('check_typed_ms');
  for (const statement of dealsInSql(t, temp)) await exec.exec(statement);
  phase('check_deals_ms');
  const { rows: rowErrors } = await exec.exec(rowErrorsSql(t, DEAL_IMPORT_MAX_ERRORS));
  const { rows: disagree } = await exec.exec(disagreeSql(t, DEAL_IMPORT_MAX_ERRORS));
  phase('check_errors_ms');
  if (!rowErrors.length && !disagree.length) return;

  const byRn = new Map<number, string[]>();
  const add = (rn: number, message: string) => {
    const list = byRn.get(rn) ?? [];
    list.push(message);
    byRn.set(rn, list);
  };
  for (const r of rowErrors) for (const m of r.errors as string[]) add(Number(r.rn), m);
  const firstRns = disagree.map((d) => Number(d.first_rn));
  for (const d of disagree) add(Number(d.rn), '');
  const wanted = [...new Set([...byRn.keys(), ...firstRns])];
  const { rows: lineRows } = await exec.exec(errorLinesSql(t), [wanted]);
  const lineOf = new Map(lineRows.map((r) => [Number(r.rn), Number(r.line)]));
  for (const d of disagree) {
    const list = byRn.get(Number(d.rn))!;
    const at = list.indexOf('');
    const q = `«\u00a0${excerpt(String(d.deal_id), 40)}\u00a0»`;
    list[at] = Number(d.entities) > 0
      ? `Transaction ${q}\u00a0: ${Number(d.entities).toLocaleString('fr-FR')} entités, ${DEAL_ENTITIES_MAX} au plus.`
      : `Transaction ${q}\u00a0: colonnes différentes de la ligne ${lineOf.get(Number(d.first_rn))} (${String(d.columns)}).`;
  }
  const found = [...byRn.entries()].sort(([a], [b]) => a - b).slice(0, DEAL_IMPORT_MAX_ERRORS);
  const total = await countErrors(exec, t);
  const out = found.map(([rn, messages]) => ({ line: lineOf.get(rn) ?? rn + 1, messages }));
  const shown = total > out.length ? ` (les ${out.length} premières sont listées)` : '';
  throw new RowErrors(`Import refusé\u00a0: ${lines(total)} en erreur${shown}. Rien n’a été importé.`, out);
}

/** How many rows are in error (own errors or disagreeing deal-level columns). */
async function countErrors(exec: Sql, t: ImportTables): Promise<number> {
  const { rows } = await exec.exec(
    `select count(*)::int as n from (select rn from ${t.typed} where cardinality(errors) > 0 union select rn from (${disagreeSql(t, 2_000_000_000)}) d) x`,
  );
  return Number(rows[0].n);
}

/** Merges the checked rows and records the file; answers the counts. */
async function mergeAndRecord(exec: Sql, t: ImportTables, temp: string, payload: DealImportPayload, jobId: string, rows: number, phase: Phase) {
  await exec.exec('select pg_advisory_xact_lock($1)', [MERGE_LOCK]);
  for (const [name, statement] of mergeSql(t, temp)) {
    await exec.exec(statement);
    phase(`merge_${name}_ms`);
  }
  const { rows: counts } = await exec.exec(countsSql(t));
  const c = counts[0] as { deals: number; created: number; updated: number };
  const { rows: file } = await exec.exec(
    'insert into deal_import_files (name, job_id, rows, deals, created_by) values ($1, $2, $3, $4, $5) returning id',
    [payload.filename.slice(0, 255), jobId, rows, Number(c.deals), payload.createdBy],
  );
  return { deals: Number(c.deals), created: Number(c.created), updated: Number(c.updated), file_id: Number(file[0].id) };
}

/**
 * Runs the import on the staged import (server/jobs/staged-import.ts): the data part is COPYed into a stage, the
 * rows are checked in SQL (a file with rows in error is refused with them), then the deals are merged and the file
 * recorded, all or nothing. A file sniffed as UTF-8 whose later bytes are not UTF-8 is read again as Windows-1252.
 */
async function run(ctx: JobContext<DealImportPayload>) {
  const { job, signal, payload } = ctx;
  const db = ctx.database.db;
  let layout = payload.layout;
  const t = importTables(job.id);
  const timings: Record<string, number> = {};
  let mark = performance.now();
  const phase = (name: string) => {
    const now = performance.now();
    timings[name] = Math.round(now - mark);
    mark = now;
  };
  const meter: StageMeter = { bytes: 0, lines: 0 };
  const progress = new ProgressMeter(ctx);
  const watched = () =>
    dataPart(openJobFile(db, job, { highWaterMark: 1024 * 1024 }), meter, () => {
      throwIfStopped(signal);
      if (meter.lines > DEAL_IMPORT_MAX_ROWS + 1) {
        throw fieldError('file', `Le fichier dépasse ${DEAL_IMPORT_MAX_ROWS.toLocaleString('fr-FR')} lignes de données\u00a0: découpez-le en plusieurs fichiers.`);
      }
      progress.report(meter.lines, meter.bytes);
    });
  const turn = eventLoopTurns(0);

  try {
    const out = await runStagedImport<number, Awaited<ReturnType<typeof mergeAndRecord>>>(ctx, {
      settings: {
        work_mem: WORK_MEM,
        // Rows are numbered in the order of a plain scan of the stage, which is the COPY's order.
        max_parallel_workers_per_gather: '0',
        synchronize_seqscans: 'off',
        // One big expression over a million rows: compiling it costs more than it saves.
        jit: 'off',
      },
      clear: (sql) => dropTables(sql, t),
      async stage(sql, temp) {
        await sql.exec(createStageSql(t.stage, layout.header.length, temp));
        let rows: number;
        try {
          rows = await sql.savepoint(() => copyToStage(sql, t.stage, layout, watched(), turn));
        } catch (err) {
          if (!isNotUtf8(err)) throw err;
          // Sniffed as UTF-8 from an ASCII head, but Windows-1252 further on (an Excel export): read it again.
          await sql.exec(`truncate ${t.stage}`);
          layout = { ...layout, encoding: 'windows-1252' };
          meter.bytes = 0;
          meter.lines = 0;
          rows = await copyToStage(sql, t.stage, layout, watched(), turn);
        }
        phase('copy_ms');
        // Read whole: the upload is no longer needed, whatever happens next.
        await removeJobFile(db, job);
        if (rows === 0) throw fieldError('file', 'Le fichier ne contient aucune ligne de données après l’en-tête.');
        return rows;
      },
      async check(sql, _rows, temp) {
        await check(sql, t, layout, temp, phase);
        // No row in error: every row belongs to a deal.
        const [{ n }] = await sql.rows<{ n: number }>(`select coalesce(sum(entities), 0)::int as n from ${t.firsts}`);
        return Number(n);
      },
      async merge(sql, rows, temp) {
        const counts = await mergeAndRecord(sql, t, temp, payload, job.id, rows, phase);
        phase('merge_record_ms');
        return counts;
      },
      keep: async (sql, summary, counts) => void (await sql.exec('update deal_import_files set summary = $2::jsonb where id = $1', [counts.file_id, JSON.stringify(summary)])),
      // Counted in deals (a deal spans several rows); the deals import writes no update-log entry and queues nothing.
      summarize: (counts, rows) => ({
        summary: { rows_read: rows, created: counts.created, updated: counts.updated, unchanged: counts.deals - counts.created - counts.updated, log_entries: 0, rne_queued: 0 },
        result: { rows, ...counts, unchanged: counts.deals - counts.created - counts.updated, timings_ms: timings },
        rowsRead: rows,
        bytesRead: meter.bytes,
      }),
    });
    return out;
  } catch (err) {
    if (err instanceof RowErrors) await db.update(jobs).set({ result: { lines: err.lines } }).where(eq(jobs.id, job.id));
    throw err;
  } finally {
    await progress.settle();
  }
}

/** Drops the temporary tables of an import (PGlite, where they outlive the job's statements). */
async function dropTables(sql: Sql, t: ImportTables): Promise<void> {
  await sql.exec(`drop table if exists ${Object.values(t).join(', ')}`);
}

/**
 * The job kind of the deals import. Its cleanup drops the PGlite temporary tables (the queue removes the upload):
 * nothing else is written outside the job's transaction.
 */
export function dealImportJob(): JobHandler<DealImportPayload> {
  return {
    run,
    async cleanup(db: Db, stopped) {
      const t = importTables(stopped.id);
      await db.execute(sql.raw(`drop table if exists ${Object.values(t).join(', ')}`)).catch(() => {});
    },
  };
}

/** The deals import, declared once: kind, payload schema, handler. */
export const dealImportJobDefinition = defineJob(DEAL_IMPORT, dealImportPayload, () => dealImportJob());
