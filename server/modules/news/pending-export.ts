/**
 * « Exporter CSV » of the pending news (/news, `GET /api/news/export.csv`): every pending news item of the
 * list's current search (SIREN, title, category or `import:<job id>`) and sort, with the list's columns
 * (ID, Siren, Titre, Catégorie, Date in Paris time `DD/MM/YYYY HH:mm`).
 */
import type { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FilterBody } from '../../../contract/listing';
import type { Db } from '../../db/client';
import { exportList } from '../../http/list-export';
import type { CsvColumn } from '../../lib/csv/write';
import { pendingNewsSpec } from './articles';

/** File name stem of the export (`news-en-attente-YYYY-MM-DD.csv`). */
export const PENDING_EXPORT_NAME = 'news-en-attente';

/** A row of the export, as its query reads it. */
interface PendingExportRow {
  id: number;
  siren: string;
  title: string;
  category: string;
  posted: string;
}

/** Columns of the export: the list's. */
const PENDING_CSV: CsvColumn<PendingExportRow>[] = [
  { header: 'ID', value: (r) => r.id },
  { header: 'Siren', value: (r) => r.siren },
  { header: 'Titre', value: (r) => r.title },
  { header: 'Catégorie', value: (r) => r.category },
  { header: 'Date', value: (r) => r.posted },
];

/**
 * The CSV of the pending news for the filter `body` (every row, no page).
 * @throws AppError 422 errors.column for a sort column the list does not offer
 */
export async function exportPendingNews(db: Db, body: FilterBody): Promise<Readable> {
  const spec = await pendingNewsSpec(db, body);
  const select = sql`n.id::int as id, n.siren, n.title, n.category_name as category,
    to_char(n.posted at time zone 'Europe/Paris', 'DD/MM/YYYY HH24:MI') as posted`;
  return exportList(db, { ...spec, select }, body, PENDING_CSV);
}
