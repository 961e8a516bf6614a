/**
 * « Exporter CSV » of the Synchroniser batches (« Synchronisations », `GET /api/news/syncbatches/export.csv`):
 * every batch in the list's sort, with the list's columns: N°, Date (Paris time `DD/MM/YYYY HH:mm`), Par,
 * Articles, Encore publiés and État (« En ligne », or « Annulée le DD/MM/YYYY HH:mm par … »).
 */
import type { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FilterBody } from '../../../contract/listing';
import type { Db } from '../../db/client';
import { exportList } from '../../http/list-export';
import type { CsvColumn } from '../../lib/csv/write';
import { syncBatchesSpec } from './sync-batches';

/** File name stem of the export (`synchronisations-YYYY-MM-DD.csv`). */
export const SYNC_BATCHES_EXPORT_NAME = 'synchronisations';

/** A row of the export, as its query reads it. */
interface SyncBatchExportRow {
  id: number;
  created_at: string;
  created_by: string | null;
  articles: number;
  published: number;
  state: string;
}

/** Columns of the export: the list's. */
const SYNC_BATCHES_CSV: CsvColumn<SyncBatchExportRow>[] = [
  { header: 'N°', value: (r) => r.id },
  { header: 'Date', value: (r) => r.created_at },
  { header: 'Par', value: (r) => r.created_by },
  { header: 'Articles', value: (r) => r.articles },
  { header: 'Encore publiés', value: (r) => r.published },
  { header: 'État', value: (r) => r.state },
];

const PARIS = (column: string) => sql.raw(`to_char(${column} at time zone 'Europe/Paris', 'DD/MM/YYYY HH24:MI')`);
const NAME = (alias: string) => sql.raw(`nullif(trim(${alias}.firstname || ' ' || ${alias}.name), '')`);

/**
 * The CSV of every batch for the filter `body` (sort `id` only).
 * @throws AppError 422 errors.column for another sort column
 */
export function exportSyncBatches(db: Db, body: FilterBody): Readable {
  const select = sql`b.id, ${PARIS('b.created_at')} as created_at, ${NAME('c')} as created_by, b.articles,
    (select count(*) from published_articles p where p.sync_batch_id = b.id)::int as published,
    case when b.undone_at is null then 'En ligne'
      else 'Annulée le ' || ${PARIS('b.undone_at')} || coalesce(' par ' || ${NAME('u')}, '') end as state`;
  return exportList(db, { ...syncBatchesSpec(), select }, { ...body, search: undefined }, SYNC_BATCHES_CSV);
}
