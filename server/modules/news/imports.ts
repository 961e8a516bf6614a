/**
 * The CSV import flow of the news (SPEC section 4 "CSV news import flow"): the
 * upload (stored, sniffed, then parsed by the `news-import` job), the administrator's temporaries (listed,
 * removed one by one or as a selection, cancelled) and Process, which moves them into the pending news in one transaction.
 * Temporaries belong to the administrator who uploaded them; only rows of a finished import are listed
 * or processed. Each write records its route's audit entry in its transaction (server/lib/audit.ts): the upload
 * in the job's dispatch, a row or a selection deleted, Process with the rows moved, the cancellation with the rows
 * deleted and the jobs stopped.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { MultipartFile } from '@fastify/multipart';
import type { BulkBody } from '../../../contract/bulk';
import type { JobResponse } from '../../../contract/jobs';
import type { FilterBody } from '../../../contract/listing';
import { NEWS_IMPORT_MAX_BYTES, NEWS_IMPORT_MAX_ROWS, ONLY_ERRORS, type temporaryRow } from '../../../contract/news';
import type { Database, Db } from '../../db/client';
import { ADVISORY_LOCK_CLASSES } from '../../db/locks';
import { jobs, newsTemporaries } from '../../db/schema';
import { auditedWrite, recordAudit } from '../../lib/audit';
import { AppError, fieldError, notFound, validationError } from '../../lib/errors';
import { bulkStatement } from '../../http/bulk';
import { runList, type ListSpec } from '../../http/listing';
import { requestCancel } from '../../jobs/cancel';
import { receiveJobFile } from '../../jobs/files';
import type { CreatedJob, JobQueue } from '../../jobs/queue';
import { latestJob, toJobResponse, type JobRow } from '../../jobs/store';
import { isUniqueViolation } from '../../db/errors';
import { escapeLike } from '../../lib/like';
import { SNIFF_BYTES, sniffCsv, type CsvColumns } from '../../lib/csv/layout';
import { inactiveCategoryMessage, unknownCategoryMessage } from './article-rules';
import type { Sql } from '../../db/sql';
import { markExistingDuplicates } from './duplicates';
import { NEWS_IMPORT, newsImportJobDefinition, type NewsImportPayload } from './import-job';
import { rowsOf, rowCountOf } from '../../db/rows';

/** Refusal of a file over `maxBytes` (the configuration's limit; NEWS_IMPORT_MAX_BYTES unless set). */
export function fileTooBig(maxBytes: number): string {
  return `Le fichier dépasse ${Math.floor(maxBytes / (1024 * 1024))} Mo.`;
}

/** The columns of a news CSV: French names first (they name the columns in messages), English accepted. */
export const NEWS_CSV: CsvColumns = {
  names: {
    siren: ['siren'],
    name: ['nom', 'name', 'entreprise', 'company'],
    title: ['titre', 'title'],
    category: ['categorie', 'category', 'catégorie'],
    source: ['source'],
    url: ['lien', 'url', 'link'],
    posted: ['date', 'posted'],
  },
  required: ['siren', 'title', 'category', 'source', 'url', 'posted'],
};

const FINISHED = sql`exists (select 1 from jobs j where j.id = t.job_id and j.state = 'done')`;

/** The administrator's import that is queued or running, or has rows waiting, if any: a second upload waits for it. */
async function assertNoImportPending(db: Db, ownerId: number): Promise<void> {
  const [busy] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.ownerId, ownerId), eq(jobs.kind, NEWS_IMPORT), inArray(jobs.state, ['queued', 'running'])))
    .limit(1);
  if (busy) throw fieldError('file', 'Un import est déjà en cours\u00a0: attendez qu’il se termine.');
  const [waiting] = await db.select({ id: newsTemporaries.id }).from(newsTemporaries).where(eq(newsTemporaries.ownerId, ownerId)).limit(1);
  if (waiting) throw fieldError('file', 'Des lignes importées attendent déjà\u00a0: traitez-les (Process) ou annulez l’import avant d’en lancer un autre.');
}

/**
 * Takes an upload: `.csv` only, at most `limits.maxBytes` (50 MB), stored in the database as it streams, then sniffed
 * (encoding, delimiter, header); a readable file becomes a queued `news-import` job, which reads at most
 * `limits.maxRows` data rows and keeps at most `limits.maxTitleChars` characters of a title.
 * @throws AppError 422 errors.file (no file, not .csv, too big, unreadable, an import already pending)
 */
export async function startImport(
  jobsQueue: JobQueue,
  db: Db,
  ownerId: number,
  part: MultipartFile | undefined,
  limits: { maxBytes: number; maxRows: number; maxTitleChars?: number } = { maxBytes: NEWS_IMPORT_MAX_BYTES, maxRows: NEWS_IMPORT_MAX_ROWS },
): Promise<JobResponse> {
  if (!part || part.fieldname !== 'file') throw fieldError('file', 'Veuillez choisir un fichier CSV.');
  if (!/\.csv$/i.test(part.filename ?? '')) {
    part.file.resume();
    throw fieldError('file', 'Seuls les fichiers .csv sont acceptés.');
  }
  const filename = part.filename.slice(0, 255);
  let job: CreatedJob<NewsImportPayload, false>;
  try {
    // One import at a time per administrator (SPEC section 4): the rule is checked as the job is created.
    job = await jobsQueue.create(newsImportJobDefinition, ownerId, { filename }, (tx) => assertNoImportPending(tx, ownerId));
  } catch (err) {
    part.file.resume();
    throw err;
  }
  try {
    const { bytes, head, input } = await receiveJobFile(db, job.id, part.file, { headBytes: SNIFF_BYTES });
    if (part.file.truncated) throw fieldError('file', fileTooBig(limits.maxBytes));
    const layout = sniffCsv(head, bytes <= SNIFF_BYTES, NEWS_CSV);
    const payload: NewsImportPayload = { filename, layout, maxRows: limits.maxRows, maxTitleChars: limits.maxTitleChars, input };
    const audit = (row: JobRow) => ({ resourceId: row.id, details: { kind: row.kind, filename } });
    return toJobResponse(await jobsQueue.dispatch(job, bytes, payload, { audit }));
  } catch (err) {
    part.file.resume();
    await jobsQueue.discard(job.id);
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fieldError('file', fileTooBig(limits.maxBytes));
    throw err;
  }
}

/** The administrator's latest import job, or null. */
export async function currentImport(db: Db, ownerId: number): Promise<JobResponse | null> {
  const row = await latestJob(db, NEWS_IMPORT, ownerId);
  return row ? toJobResponse(row) : null;
}

/** A temporary row as the list answers it (contract/news.ts). */
type TemporaryRow = z.output<typeof temporaryRow>;

/**
 * The list of the administrator's temporaries (finished imports only), sorted by id. Search: the quick value
 * `onlyerrors` keeps the rows in error; other text matches the SIREN, title or category as read. Shared by the
 * page (`filterTemporaries`) and the CSV export (./import-export.ts).
 */
export function temporariesSpec(ownerId: number): ListSpec {
  return {
    select: sql`t.id::int as id, t.line, t.siren, t.name, t.title, t.category, t.newscategory_id,
      case when c.id is null then null else json_build_object('id', c.id, 'name_fr', c.name_fr) end as newscategory,
      to_char(t.posted at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as posted, t.posted_raw, t.source, t.url, t.errors`,
    from: sql`news_temporaries t left join news_categories c on c.id = t.newscategory_id`,
    where: sql`t.owner_id = ${ownerId} and ${FINISHED}`,
    sortable: { id: sql`t.id` },
    search: (term) =>
      term === ONLY_ERRORS
        ? sql`t.error_count > 0`
        : sql`(t.siren like ${escapeLike(term.replace(/\s+/g, '')) + '%'} or t.title ilike ${'%' + escapeLike(term) + '%'} or t.category ilike ${'%' + escapeLike(term) + '%'})`,
  };
}

/** One page of the administrator's temporaries (`temporariesSpec`), with their import job and counts. */
export async function filterTemporaries(db: Db, ownerId: number, body: FilterBody, page: number) {
  const result = await runList<TemporaryRow>(db, temporariesSpec(ownerId), body, page);
  const [counts] = await rowsOf<{ total: number; in_error: number }>(db, sql`select count(*)::int as total, count(*) filter (where t.error_count > 0)::int as in_error
      from news_temporaries t where t.owner_id = ${ownerId} and ${FINISHED}`);
  return { ...result, job: await currentImport(db, ownerId), rows_total: Number(counts.total), rows_in_error: Number(counts.in_error) };
}

/** Deletes one of the administrator's temporaries, with its route's audit entry (the row's SIREN and title). @throws AppError 404 */
export async function removeTemporary(db: Db, ownerId: number, id: number): Promise<void> {
  const deleted = await auditedWrite(
    db,
    (tx) =>
      tx
        .delete(newsTemporaries)
        .where(and(eq(newsTemporaries.id, id), eq(newsTemporaries.ownerId, ownerId)))
        .returning({ id: newsTemporaries.id, siren: newsTemporaries.siren, title: newsTemporaries.title, jobId: newsTemporaries.jobId }),
    ([row]) => (row ? { details: { siren: row.siren, title: row.title, job: row.jobId } } : null),
  );
  if (!deleted.length) throw notFound('Cette ligne n’existe pas (déjà effacée\u00a0?).');
}

/**
 * Deletes the administrator's temporaries a bulk body names (contract/bulk.ts): ids, or every row of the list's
 * search (e.g. `onlyerrors`, the rows in error) minus `except`, in one statement.
 * @returns how many rows were deleted
 * @throws AppError 422 errors.ids when the body names no row
 */
export function deleteTemporaries(db: Db, ownerId: number, body: BulkBody): Promise<number> {
  const { where, search } = temporariesSpec(ownerId);
  return bulkStatement(db, { id: sql`t.id`, where, search, target: 'news_temporaries' }, body, 'delete', (condition) =>
    sql`delete from news_temporaries t where ${condition} returning t.id`,
  );
}

/** Toast of a deletion of temporaries: how many rows were deleted. */
export function deletedTemporariesMessage(count: number): string {
  if (count === 0) return 'Aucune ligne effacée.';
  return `${count.toLocaleString('fr-FR')} ligne${count > 1 ? 's effacées' : ' effacée'} de l’import.`;
}

/**
 * Cancels the administrator's import, in one transaction with its route's audit entry (the rows deleted, the jobs
 * stopped): an import still queued or being read is asked to stop (server/jobs/cancel.ts: nothing of it is kept),
 * and every temporary of theirs is deleted; once committed, a job this process runs is aborted (`queue.signalCancel`).
 * Nothing to cancel: nothing written, nothing recorded.
 * @param by - the administrator's name, for the cancelled job's message
 * @returns how many rows were deleted
 */
export async function cancelImport(queue: JobQueue, db: Db, ownerId: number, by: string): Promise<number> {
  const { count, stopped } = await auditedWrite(
    db,
    async (tx) => {
      const busy = await tx
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(eq(jobs.ownerId, ownerId), eq(jobs.kind, NEWS_IMPORT), inArray(jobs.state, ['queued', 'running'])));
      const halted: JobRow[] = [];
      for (const { id } of busy) {
        // A 404: the job ended meanwhile (its rows are deleted below).
        const row = await requestCancel(tx, id, by).catch((err: unknown) => {
          if (!(err instanceof AppError && err.statusCode === 404)) throw err;
        });
        if (row) halted.push(row);
      }
      const deleted = await tx.delete(newsTemporaries).where(eq(newsTemporaries.ownerId, ownerId)).returning({ jobId: newsTemporaries.jobId });
      const imports = [...new Set([...halted.map((j) => j.id), ...deleted.map((r) => r.jobId)])];
      return { count: deleted.length, stopped: halted, imports };
    },
    ({ count, imports }) => (count || imports.length ? { details: { count, jobs: imports } } : null),
  );
  for (const row of stopped) await queue.signalCancel(row);
  return count;
}

/**
 * Marks the administrator's rows whose category was deactivated or deleted since the upload (the rows keep
 * the id read then), with the error an import gives, once: Process must not move them.
 */
export async function markStaleCategories(q: Sql, ownerId: number): Promise<void> {
  const rows = await q.rows<{ id: number; category: string; name_fr: string | null }>(
    `select distinct t.newscategory_id as id, t.category, c.name_fr
       from news_temporaries t left join news_categories c on c.id = t.newscategory_id
      where t.owner_id = $1 and t.newscategory_id is not null and (c.id is null or c.status <> 1)`,
    [ownerId],
  );
  for (const stale of rows) {
    const message = stale.name_fr === null ? unknownCategoryMessage(stale.category) : inactiveCategoryMessage(stale.name_fr);
    await q.exec(
      `update news_temporaries t set errors = t.errors || jsonb_build_array($4::text), error_count = t.error_count + 1
        where t.owner_id = $1 and t.newscategory_id = $2 and t.category = $3 and not (t.errors @> jsonb_build_array($4::text))`,
      [ownerId, stale.id, stale.category, message],
    );
  }
}

/** Advisory lock class of Process (one at a time per administrator). */
const PROCESS_LOCK = ADVISORY_LOCK_CLASSES.newsProcess;

/**
 * Process: moves every temporary of the administrator (finished imports) into the pending news, each keeping
 * its import job (`news.job_id`, for deleting one import's rows), in one transaction, after checking the duplicates (another import or an article added meanwhile) and the
 * categories (deactivated or deleted meanwhile) again.
 * @returns how many news items were created
 * @throws AppError 422 errors.process while rows in error remain, or when there is nothing to process
 */
export async function processImport(database: Database, ownerId: number): Promise<number> {
  const db = database.db;
  await markExistingDuplicates(database.sql, { ownerId });
  await markStaleCategories(database.sql, ownerId);
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${PROCESS_LOCK}, ${ownerId})`);
      const [counts] = await rowsOf<{ total: number; in_error: number }>(tx, sql`select count(*)::int as total, count(*) filter (where t.error_count > 0)::int as in_error
          from news_temporaries t where t.owner_id = ${ownerId} and ${FINISHED}`);
      if (Number(counts.total) === 0) throw fieldError('process', 'Aucune ligne à traiter\u00a0: importez d’abord un fichier CSV.');
      const inError = Number(counts.in_error);
      if (inError > 0) {
        throw validationError({
          process: [
            `Impossible de traiter l’import\u00a0: ${inError.toLocaleString('fr-FR')} ligne${inError > 1 ? 's sont' : ' est'} en erreur. Effacez-${inError > 1 ? 'les' : 'la'} ou annulez l’import.`,
          ],
        });
      }
      await tx.execute(sql`set local statement_timeout = 0`);
      // Two plain statements (an INSERT … SELECT, then the DELETE) cost less than one DELETE … RETURNING feeding the INSERT.
      const count = await rowCountOf(tx, sql`
        insert into news (siren, name, title, newscategory_id, category_name, posted, source, url, created_by, job_id)
        select t.siren::bpchar, t.name, t.title, t.newscategory_id, c.name_fr, t.posted, t.source, t.url, ${ownerId}, t.job_id
          from news_temporaries t join news_categories c on c.id = t.newscategory_id
         where t.owner_id = ${ownerId} and ${FINISHED}
         order by t.id`);
      const deleted = await rowCountOf(tx, sql`delete from news_temporaries t where t.owner_id = ${ownerId} and ${FINISHED}`);
      // Every row passed the category check above: a row not moved means a category deleted meanwhile.
      if (count !== deleted) {
        throw fieldError('process', 'Une catégorie vient d’être effacée pendant le traitement\u00a0: relancez Process pour voir les lignes concernées.');
      }
      await recordAudit(tx, { details: { count } });
      return count;
    });
  } catch (err) {
    if (isUniqueViolation(err, 'news_siren_url_uq')) {
      throw fieldError('process', 'Certains articles viennent d’être ajoutés par ailleurs (même siren et même lien)\u00a0: relancez Process pour les voir en erreur.');
    }
    throw err;
  }
}
