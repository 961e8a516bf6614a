/**
 * The news CSV import job, kind `news-import` of the job queue (server/jobs/define.ts).
 * It streams the upload stored in the database (server/jobs/files.ts) through the CSV reader (server/lib/csv), checks
 * each row by the article rules, COPYs the rows into `news_temporaries` with their errors, then marks the
 * duplicates (in the file; pending or published). A row whose SIREN is a valid SIRET keeps its SIREN (the article
 * rules); the job's result says so (`sirets_reduced` and `siret_notes`: `Ligne 4 : SIRET 55203253400703 → SIREN
 * 552032534`, the first 50), since a row holds no note of its own.
 *
 * Nothing half-written (server/jobs/staged-import.ts): on PostgreSQL the COPY and the duplicate marks run in one
 * transaction on the job's connection; on PGlite the rows are written in batches but stay hidden until the job is
 * done (the lists read only rows of finished imports), and `cleanup` deletes them when the job fails or was
 * interrupted.
 */
import { eq } from 'drizzle-orm';
import { NEWS_IMPORT_MAX_ROWS } from '../../../contract/news';
import type { Db } from '../../db/client';
import { newsCategories, newsTemporaries } from '../../db/schema';
import { fieldError } from '../../lib/errors';
import { SiretNotes } from '../../http/siren-lines';
import { jobInputSchema, openJobFile } from '../../jobs/files';
import { z } from 'zod';
import { defineJob, type JobContext, type JobHandler } from '../../jobs/define';
import { eventLoopTurns, ProgressMeter, runStagedImport, throwIfStopped } from '../../jobs/staged-import';
import { csvLayoutSchema } from '../../lib/csv/layout';
import { readCsvRecords } from '../../lib/csv/records';
import { CategoryIndex, checkArticle, type RawArticle } from './article-rules';
import { markExistingDuplicates, markInFileDuplicates } from './duplicates';

/** Most characters a temporary row keeps of a title, unless the configuration says otherwise (NEWS_TEMPORARY_TITLE_MAX_CHARS). */
export const TEMPORARY_TITLE_MAX = 1000;

/** `title` as a temporary row keeps it: at most `max` characters, then « … » when it was longer. */
export function keptTitle(title: string, max: number): string {
  return title.length > max ? `${title.slice(0, max)}…` : title;
}

/** Queue name of the news import. */
export const NEWS_IMPORT = 'news-import';

/** What the upload stores in the job's payload. */
export const newsImportPayload = z.object({
  filename: z.string(),
  layout: csvLayoutSchema,
  /** Most data rows read (the configuration's limit when the file was taken; NEWS_IMPORT_MAX_ROWS when absent). */
  maxRows: z.number().int().positive().optional(),
  /**
   * Most characters kept of a title (NEWS_TEMPORARY_TITLE_MAX_CHARS when the file was taken; TEMPORARY_TITLE_MAX
   * when absent): a longer one is in error anyway, and is kept cut with « … » so that its row stays small to list.
   */
  maxTitleChars: z.number().int().positive().optional(),
  /** The upload (server/jobs/files.ts): stored in the database, readable by any process. */
  input: jobInputSchema.optional(),
});
/** What the upload stores in the job's payload. */
export type NewsImportPayload = z.output<typeof newsImportPayload>;

const COLUMNS = ['job_id', 'owner_id', 'line', 'siren', 'name', 'title', 'category', 'newscategory_id', 'posted', 'posted_raw', 'source', 'url', 'errors', 'error_count'] as const;
/** The NOT NULL text columns of `news_temporaries` (an empty cell is '' there). */
const TEXT_COLUMNS = ['siren', 'title', 'category', 'posted_raw', 'url'];

/** Loads every category (active or not: an inactive one gives its own error). */
async function loadCategories(db: Db): Promise<CategoryIndex> {
  const rows = await db.select({ id: newsCategories.id, nameFr: newsCategories.nameFr, nameEn: newsCategories.nameEn, status: newsCategories.status }).from(newsCategories);
  return new CategoryIndex(rows);
}

/** What the stage counted. */
interface Staged {
  rows: number;
  bytes: number;
  inError: number;
  siretNotes: SiretNotes;
}

/**
 * The news import on the staged import (server/jobs/staged-import.ts): the stage is `news_temporaries` itself
 * (its rows stay hidden until the job is done, and `cleanup` deletes them when it fails); the merge marks the
 * duplicates, in the file and against pending or published articles.
 */
async function run(ctx: JobContext<NewsImportPayload>) {
  const { job, signal } = ctx;
  const db = ctx.database.db;
  const { layout, maxRows = NEWS_IMPORT_MAX_ROWS, maxTitleChars = TEMPORARY_TITLE_MAX } = ctx.payload;
  const categories = await loadCategories(db);
  const cell = (cells: string[], field: string) => {
    const at = layout.columns[field];
    return at === undefined ? '' : (cells[at] ?? '');
  };
  const meter = new ProgressMeter(ctx);
  const turn = eventLoopTurns();

  return runStagedImport<Staged, number>(ctx, {
    async stage(sql) {
      const staged: Staged = { rows: 0, bytes: 0, inError: 0, siretNotes: new SiretNotes() };
      const copy = sql.copyRows('news_temporaries', COLUMNS, TEXT_COLUMNS);
      try {
        for await (const record of readCsvRecords(openJobFile(db, job), layout, maxRows)) {
          throwIfStopped(signal);
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
          if (errors.length) staged.inError++;
          if (a.sirenNote) staged.siretNotes.add(record.line, a.sirenNote);
          await copy.write([
            job.id,
            job.ownerId,
            record.line,
            (a.siren ?? raw.siren.trim()).slice(0, 64),
            a.name,
            keptTitle(a.title, maxTitleChars),
            raw.category.trim().slice(0, 255),
            a.category?.id ?? null,
            a.posted,
            raw.posted.trim().slice(0, 64),
            a.source,
            a.url,
            errors,
            errors.length,
          ]);
          staged.rows++;
          staged.bytes = record.bytesRead;
          meter.report(staged.rows, staged.bytes);
          await turn();
        }
        if (staged.rows === 0) throw fieldError('file', 'Le fichier ne contient aucune ligne de données après l’en-tête.');
        await copy.end();
      } catch (err) {
        copy.abort(err as Error);
        throw err;
      }
      await meter.settle();
      await ctx.progress(staged.rows, staged.bytes);
      return staged;
    },
    async merge(sql) {
      await markInFileDuplicates(sql, job.id);
      await markExistingDuplicates(sql, { jobId: job.id });
      const [{ n }] = await sql.rows<{ n: number }>('select count(*)::int as n from news_temporaries where job_id = $1 and error_count > 0', [job.id]);
      return Number(n);
    },
    summarize(rowsInError, staged) {
      const sirets = staged.siretNotes.count ? { sirets_reduced: staged.siretNotes.count, siret_notes: staged.siretNotes.list() } : {};
      return {
        // The import writes rows for review: `created` are those ready to be processed, the others are in error.
        summary: { rows_read: staged.rows, created: staged.rows - rowsInError, updated: 0, unchanged: 0, log_entries: 0, rne_queued: 0, in_error: rowsInError },
        result: { rows: staged.rows, rows_in_error: rowsInError, rows_in_error_before_duplicates: staged.inError, ...sirets },
        rowsRead: staged.rows,
        bytesRead: job.bytesTotal ?? staged.bytes,
      };
    },
  });
}

/** The job kind of the news import (its definition, `newsImportJobDefinition`, is listed by the news module). */
export const newsImportJob: JobHandler<NewsImportPayload> = {
  run,
  async cleanup(db, job) {
    await db.delete(newsTemporaries).where(eq(newsTemporaries.jobId, job.id));
  },
};

/** The news import, declared once: kind, payload schema, handler. */
export const newsImportJobDefinition = defineJob(NEWS_IMPORT, newsImportPayload, () => newsImportJob);
