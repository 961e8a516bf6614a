/**
 * « Exporter CSV » of the news import review (`GET /api/news/temporaries/export.csv`): the administrator's
 * imported rows of the list's current search and sort, each with its line in the file (header = 1), its columns
 * as read, and its error messages. With the quick search `onlyerrors` it is the download of the rows in error
 * (« Télécharger les lignes en erreur (CSV) »), named `import-news-erreurs-YYYY-MM-DD.csv`.
 */
import type { Readable } from 'node:stream';
import { ONLY_ERRORS } from '../../../contract/news';
import type { FilterBody } from '../../../contract/listing';
import type { Db } from '../../db/client';
import { exportFilename, exportList } from '../../http/list-export';
import type { CsvColumn } from '../../lib/csv/write';
import { temporariesSpec } from './imports';

/** A row of the export, as the list query reads it. */
interface TemporaryExportRow {
  line: number;
  siren: string;
  name: string | null;
  title: string;
  category: string;
  posted_raw: string;
  source: string | null;
  url: string;
  errors: string[];
}

/** Columns of the export: the list's (the file's columns as read), the messages joined by « | ». */
const TEMPORARY_CSV: CsvColumn<TemporaryExportRow>[] = [
  { header: 'Ligne', value: (r) => r.line },
  { header: 'Siren', value: (r) => r.siren },
  { header: 'Nom', value: (r) => r.name },
  { header: 'Titre', value: (r) => r.title },
  { header: 'Catégorie', value: (r) => r.category },
  { header: 'Source', value: (r) => r.source },
  { header: 'Lien', value: (r) => r.url },
  { header: 'Date', value: (r) => r.posted_raw },
  { header: 'Erreurs', value: (r) => r.errors.join(' | ') },
];

/** The file name: `import-news-erreurs-…` for the rows in error, `import-news-…` otherwise. */
export function temporariesFilename(body: FilterBody): string {
  return exportFilename(body.search?.trim() === ONLY_ERRORS ? 'import-news-erreurs' : 'import-news');
}

/**
 * The CSV of the administrator's temporaries for the filter `body` (every row, no page).
 * @throws AppError 422 errors.column for a sort column the list does not offer
 */
export function exportTemporaries(db: Db, ownerId: number, body: FilterBody): Readable {
  return exportList(db, temporariesSpec(ownerId), body, TEMPORARY_CSV);
}
