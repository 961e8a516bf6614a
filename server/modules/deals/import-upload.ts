/**
 * The upload of a deals CSV (SPEC section 4 "Transactions CSV import"): the file is spooled
 * to a local file as it streams (server/jobs/files.ts `spooled`: the request waits for the job in this
 * process, so the job runs here, `dispatch(…, {here: true})`, and reads it from disk instead of from database
 * chunks, which halves the work and the memory of a 300 MB file), its first bytes sniffed by the shared CSV
 * reader (encoding, delimiter, columns by name without regard to case or accents), then a `deal-import` job
 * runs it and the request waits for its end: `1` when written, a 422 `DealImportRefusal` (contract/deal-import.ts)
 * when refused. The spooled file is deleted when the job ends (or by its cleanup when it was interrupted).
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { MultipartFile } from '@fastify/multipart';
import { DEAL_CSV_COLUMNS, DEAL_CSV_REQUIRED, DEAL_IMPORT_MAX_BYTES, type DealImportLine, type DealImportRefusal } from '../../../contract/deal-import';
import type { JobResponse } from '../../../contract/jobs';
import type { Db } from '../../db/client';
import { jobs } from '../../db/schema';
import { AppError, fieldError, GENERIC_ERROR } from '../../lib/errors';
import { isRetakeable, JOB_FAILED_MESSAGE, SHUTDOWN_MESSAGE } from '../../jobs/failure';
import type { CreatedJob, JobQueue } from '../../jobs/queue';
import { latestJob, toJobResponse, waitForJob, type JobRow } from '../../jobs/store';
import { SNIFF_BYTES, sniffCsv, type CsvColumns } from '../../lib/csv/layout';
import { DEAL_IMPORT, dealImportJobDefinition, type DealImportPayload } from './import-job';
import { receiveJobFile, type JobInput } from '../../jobs/files';

/** Refusal of a file over DEAL_IMPORT_MAX_BYTES. */
export const FILE_TOO_BIG = `Le fichier dépasse ${DEAL_IMPORT_MAX_BYTES / (1024 * 1024)} Mo.`;

/** French aliases of some columns (matched like the canonical names: case, accents, spaces and `_` ignored). */
const ALIASES: Partial<Record<(typeof DEAL_CSV_COLUMNS)[number], string[]>> = {
  deal_id: ['deal nb', 'deal identifier', 'identifiant'],
  deal_date: ['date'],
  company_name: ['nom', 'entreprise', 'name'],
  role: ['rôle', 'company role'],
  amount: ['montant'],
  currency: ['devise'],
  stake: ['stake percent', 'participation'],
};

/** The columns of a deals CSV (the template's names first). */
export const DEAL_CSV: CsvColumns = {
  names: Object.fromEntries(DEAL_CSV_COLUMNS.map((c) => [c, [c, ...(ALIASES[c] ?? [])]])),
  required: DEAL_CSV_REQUIRED,
};

/**
 * Most columns a deals CSV header may have: the template's 32 and room for columns of one's own. Each column
 * becomes a column of the staging table, and PostgreSQL refuses a table of more than 1,600.
 */
export const DEAL_CSV_MAX_COLUMNS = 100;

/** Refusal of a header of `count` columns, over DEAL_CSV_MAX_COLUMNS. */
export function tooManyColumns(count: number): string {
  return `L’en-tête compte ${count.toLocaleString('fr-FR')} colonnes\u00a0; ${DEAL_CSV_MAX_COLUMNS} au plus sont attendues.`;
}

/** How often the waiting upload reads its job (ms). */
const POLL_MS = 200;

/** The administrator's deals import that is queued or running, if any. */
async function assertNoImportRunning(db: Db, ownerId: number): Promise<void> {
  const [busy] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.ownerId, ownerId), eq(jobs.kind, DEAL_IMPORT), inArray(jobs.state, ['queued', 'running'])))
    .limit(1);
  if (busy) throw fieldError('file', 'Un import est déjà en cours\u00a0: attendez qu’il se termine.');
}

/**
 * Takes an upload: `.csv` only, at most DEAL_IMPORT_MAX_BYTES, stored as it streams, then sniffed; a readable
 * file becomes a queued `deal-import` job.
 * @throws AppError 422 errors.file (no file, not .csv, too big, unreadable, missing or too many columns, an import running)
 */
export async function startDealImport(queue: JobQueue, db: Db, dataDir: string, ownerId: number, part: MultipartFile | undefined): Promise<JobRow> {
  if (!part || part.fieldname !== 'file') throw fieldError('file', 'Veuillez choisir un fichier CSV.');
  if (!/\.csv$/i.test(part.filename ?? '')) {
    part.file.resume();
    throw fieldError('file', 'Seuls les fichiers .csv sont acceptés.');
  }
  const filename = part.filename.slice(0, 255);
  let job: CreatedJob<DealImportPayload, false>;
  try {
    // One import at a time per administrator: the rule is checked as the job is created.
    job = await queue.create(dealImportJobDefinition, ownerId, { filename }, (tx) => assertNoImportRunning(tx, ownerId));
  } catch (err) {
    part.file.resume();
    throw err;
  }
  let input: JobInput | undefined;
  try {
    const received = await receiveJobFile(db, job.id, part.file, { headBytes: SNIFF_BYTES, spoolDir: dataDir });
    input = received.input;
    if (part.file.truncated) throw fieldError('file', FILE_TOO_BIG);
    const layout = sniffCsv(received.head, received.bytes <= SNIFF_BYTES, DEAL_CSV);
    if (layout.header.length > DEAL_CSV_MAX_COLUMNS) throw fieldError('file', tooManyColumns(layout.header.length));
    const payload: DealImportPayload = { filename, layout, createdBy: ownerId, input };
    const audit = (row: JobRow) => ({ resourceId: row.id, details: { kind: row.kind, filename } });
    return await queue.dispatch(job, received.bytes, payload, { here: true, audit });
  } catch (err) {
    part.file.resume();
    await queue.discard(job.id, input);
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fieldError('file', FILE_TOO_BIG);
    throw err;
  }
}

/** A refused file's 422 body. */
export function refusal(message: string, lines: DealImportLine[] = []): DealImportRefusal {
  return { message, errors: { file: [message] }, lines };
}

/** A refusal as an error the route answers (see `DealImportRefused`). */
export class DealImportRefused extends AppError {
  constructor(public readonly body: DealImportRefusal) {
    super(422, body.message, body.errors);
  }
}

/**
 * Waits until job `jobId` ends.
 * @returns the job's result when it is done
 * @throws DealImportRefused (422) when the file was refused, AppError 422 errors.file when it was cancelled, AppError
 *   503 when the server stopped meanwhile,
 *   AppError 500 on an unexpected failure
 */
export async function waitForDealImport(db: Db, jobId: string, signal?: AbortSignal): Promise<Record<string, unknown>> {
  let job: JobRow;
  try {
    job = await waitForJob(db, jobId, { pollMs: POLL_MS, signal });
  } catch {
    throw new AppError(500, GENERIC_ERROR);
  }
  if (job.state === 'done') return job.result ?? {};
  if (job.state !== 'failed') throw new AppError(503, SHUTDOWN_MESSAGE);
  const message = job.error ?? JOB_FAILED_MESSAGE;
  if (isRetakeable(job.failureKind)) throw new AppError(503, message);
  // Cancelled from the page (« Import annulé par … Rien n’a été importé. »): the answer says so under the file.
  if (job.failureKind === 'cancelled') throw fieldError('file', message);
  if (job.failureKind !== 'refused') throw new AppError(500, GENERIC_ERROR);
  const lines = Array.isArray(job.result?.lines) ? (job.result.lines as DealImportLine[]) : [];
  throw new DealImportRefused(refusal(message, lines));
}

/** The administrator's latest deals import job (for the progress bar), or null. */
export async function currentDealImport(db: Db, ownerId: number): Promise<JobResponse | null> {
  const row = await latestJob(db, DEAL_IMPORT, ownerId);
  return row ? toJobResponse(row) : null;
}
