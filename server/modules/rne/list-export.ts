/**
 * « Exporter CSV » of the queue tables (server/http/list-export.ts over ./lists.ts's specs): every entry of the
 * table's search and sort, dates `DD/MM/YYYY HH:mm:ss` in Paris time as the tables show them.
 * - processed entries of a queue, or the live officers entries: Siren, Date (processed), Motif;
 * - parked entries: Siren, Erreur, Tentatives, Motif, Mis en file.
 */
import type { Readable } from 'node:stream';
import { sql, type SQL } from 'drizzle-orm';
import type { FilterBody } from '../../../contract/listing';
import type { QueueName } from '../../../contract/rne';
import type { Db } from '../../db/client';
import { exportList } from '../../http/list-export';
import type { CsvColumn } from '../../lib/csv/write';
import { doneSpec, liveSpec, newestFirst, parkedSpec } from './lists';

/** An instant as `DD/MM/YYYY HH:mm:ss`, Europe/Paris, in SQL. */
const parisOf = (column: SQL) => sql`to_char(${column} at time zone 'Europe/Paris', 'DD/MM/YYYY HH24:MI:SS')`;

interface DoneRow {
  siren: string;
  date: string;
  reason: string | null;
}
const DONE_CSV: CsvColumn<DoneRow>[] = [
  { header: 'Siren', value: (r) => r.siren },
  { header: 'Date', value: (r) => r.date },
  { header: 'Motif', value: (r) => r.reason },
];
const doneSelect = sql`q.siren, ${parisOf(sql`q.processed_at`)} as date, q.reason`;

interface ParkedRow extends DoneRow {
  error: string | null;
  attempts: number;
}
const PARKED_CSV: CsvColumn<ParkedRow>[] = [
  { header: 'Siren', value: (r) => r.siren },
  { header: 'Erreur', value: (r) => r.error },
  { header: 'Tentatives', value: (r) => r.attempts },
  { header: 'Motif', value: (r) => r.reason },
  { header: 'Mis en file', value: (r) => r.date },
];

/** The processed entries of `queue`. @throws AppError 422 errors.column for a sort the table does not offer */
export function exportDone(db: Db, queue: QueueName, body: FilterBody): Readable {
  return exportList(db, { ...doneSpec(queue), select: doneSelect }, newestFirst(body), DONE_CSV);
}

/** The officers entries processed since the start of J-1. @throws AppError 422 errors.column */
export function exportLive(db: Db, body: FilterBody): Readable {
  return exportList(db, { ...liveSpec(), select: doneSelect }, newestFirst(body), DONE_CSV);
}

/** The parked entries of `queue`. @throws AppError 422 errors.column */
export function exportParked(db: Db, queue: QueueName, body: FilterBody): Readable {
  const select = sql`q.siren, q.error, q.attempts::int as attempts, q.reason, ${parisOf(sql`q.queued_at`)} as date`;
  return exportList(db, { ...parkedSpec(queue), select }, body, PARKED_CSV);
}
