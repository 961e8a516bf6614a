/**
 * The news CSV import job (issue 8 section 3), kind `news-import` of the job queue (server/jobs/queue.ts).
 * It streams the stored upload (server/jobs/files.ts) through the CSV reader (server/lib/csv), checks
 * each row by the article rules, COPYs the rows into `news_temporaries` with their errors, then marks the
 * duplicates (in the file; pending or published). A row whose SIREN is a valid SIRET keeps its SIREN (the article
 * rules); the job's result says so (`sirets_reduced` and `siret_notes`: `Ligne 4 : SIRET 55203253400703 → SIREN
 * 552032534`, the first 50), since a row holds no note of its own.
 *
 * Nothing half-written: on PostgreSQL the COPY and the duplicate marks run in one transaction on the job's
 * connection; on PGlite the rows are written in batches but stay hidden until the job is done (the lists
 * read only rows of finished imports), and `cleanup` deletes them when the job fails or was interrupted.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { NEWS_IMPORT_MAX_ROWS } from '../../../contract/news';
import type { Db } from '../../db/client';
import { openCopy } from '../../db/copy';
import { newsCategories, newsTemporaries } from '../../db/schema';
import { AppError, fieldError } from '../../http/errors';
import { SiretNotes } from '../../http/siren-lines';
import { readJobFile } from '../../jobs/files';
import type { JobContext, JobKind } from '../../jobs/queue';
import type { CsvLayout } from '../../lib/csv/layout';
import { readCsvRecords } from '../../lib/csv/records';
import { CategoryIndex, checkArticle, type RawArticle } from './article-rules';
import { markExistingDuplicates, markInFileDuplicates, type Exec } from './duplicates';

/** Queue name of the news import. */
export const NEWS_IMPORT = 'news-import';

/** What the upload stores in the job's payload. */
export interface NewsImportPayload {
  filename: string;
  layout: CsvLayout;
  /** Most data rows read (the configuration's limit when the file was taken; NEWS_IMPORT_MAX_ROWS when absent). */
  maxRows?: number;
}

const COLUMNS = ['job_id', 'owner_id', 'line', 'siren', 'name', 'title', 'category', 'newscategory_id', 'posted', 'posted_raw', 'source', 'url', 'errors', 'error_count'] as const;
const PROGRESS_EVERY_ROWS = 5000;
/**
 * Longest stretch of rows handled without letting the event loop turn (ms). PGlite runs its queries on this
 * thread and answers them without a turn of the loop: without these pauses a job would hold every HTTP call
 * (the progress polls included) until it ends.
 */
const YIELD_EVERY_MS = 20;

/** Loads every category (active or not: an inactive one gives its own error). */
async function loadCategories(db: Db): Promise<CategoryIndex> {
  const rows = await db.select({ id: newsCategories.id, nameFr: newsCategories.nameFr, nameEn: newsCategories.nameEn, status: newsCategories.status }).from(newsCategories);
  return new CategoryIndex(rows);
}

async function run(ctx: JobContext) {
  const { job, database, client, signal } = ctx;
  const db = database.db;
  const { layout, maxRows = NEWS_IMPORT_MAX_ROWS } = job.payload as unknown as NewsImportPayload;
  const categories = await loadCategories(db);
  const cell = (cells: string[], field: string) => {
    const at = layout.columns[field];
    return at === undefined ? '' : (cells[at] ?? '');
  };
  const exec: Exec = client ? (text, values) => client.query(text, values) : (text, values) => database.pglite!.query(text, values);

  if (client) {
    await client.query('begin');
    await client.query('set local statement_timeout = 0');
  }
  let rows = 0;
  let inError = 0;
  const siretNotes = new SiretNotes();
  let bytes = 0;
  let turn = Date.now();
  const copy = openCopy(database, client, 'news_temporaries', COLUMNS, ['siren', 'title', 'category', 'posted_raw', 'url']);
  try {
    for await (const record of readCsvRecords(readJobFile(db, job.id), layout, maxRows)) {
      if (signal.aborted) throw new AppError(503, 'aborted');
      const raw: RawArticle = {
        siren: cell(record.cells, 'siren'),
        name: cell(record.cells, 'name'),
        title: cell(record.cells, 'title'),
        category: cell(record.cells, 'category'),
        posted: cell(record.cells, 'posted'),
        source: cell(record.cells, 'source'),
        url: cell(record.cells, 'url'),
      };
      const a = checkArticle(raw, categories);
      const errors = Object.values(a.errors);
      if (errors.length) inError++;
      if (a.sirenNote) siretNotes.add(record.line, a.sirenNote);
      await copy.write([
        job.id,
        job.ownerId,
        record.line,
        (a.siren ?? raw.siren.trim()).slice(0, 64),
        a.name,
        a.title,
        raw.category.trim().slice(0, 255),
        a.category?.id ?? null,
        a.posted,
        raw.posted.trim().slice(0, 64),
        a.source,
        a.url,
        errors,
        errors.length,
      ]);
      rows++;
      bytes = record.bytesRead;
      if (rows % PROGRESS_EVERY_ROWS === 0) await ctx.progress(rows, bytes);
      if (Date.now() - turn >= YIELD_EVERY_MS) {
        await nextTurn();
        turn = Date.now();
      }
    }
    if (rows === 0) throw fieldError('file', 'Le fichier ne contient aucune ligne de données après l’en-tête.');
    await copy.end();
    await ctx.progress(rows, bytes);
    await markInFileDuplicates(exec, job.id);
    await markExistingDuplicates(exec, { jobId: job.id });
    if (client) await client.query('commit');
  } catch (err) {
    copy.abort(err as Error);
    if (client) await client.query('rollback').catch(() => {});
    throw err;
  }
  const total = bytes;
  const [{ n }] = (await exec('select count(*)::int as n from news_temporaries where job_id = $1 and error_count > 0', [job.id])).rows as Array<{ n: number }>;
  const sirets = siretNotes.count ? { sirets_reduced: siretNotes.count, siret_notes: siretNotes.list() } : {};
  return { result: { rows, rows_in_error: Number(n), rows_in_error_before_duplicates: inError, ...sirets }, rowsRead: rows, bytesRead: job.bytesTotal ?? total };
}

/** The job kind registered by the news module. */
export const newsImportJob: JobKind = {
  run,
  async cleanup(db, jobId) {
    await db.delete(newsTemporaries).where(eq(newsTemporaries.jobId, jobId));
  },
};
