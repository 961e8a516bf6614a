/**
 * « Exporter CSV » of the legal-announcement transaction rows (SPEC sections 2 and 3):
 * - /transactions/bodacc (`GET /api/transactions/bodacc/export.csv`): every row of the list's SIREN search and
 *   sort, deleted rows left out, its 37 columns b1..b37 with their French headers (contract/deal-lists.ts
 *   `BODACC_FIELDS`) written as the list shows them: b5 `DD/MM/YYYY`, b8 and b10 with a decimal comma (what a
 *   French spreadsheet reads as a number), b26 and b27 `YES`/`NO`, b20's SIRENs joined by « , », b36 the notice's URL;
 * - « Lignes supprimées » (`GET /api/transactions/bodacc/deleted/export.csv`): the deleted rows of its search
 *   and sort, its columns SIREN, Société, N° de transaction, Date de l’annonce, Supprimée le (Paris time
 *   `DD/MM/YYYY HH:mm`) and Par.
 */
import type { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { BODACC_FIELDS } from '../../../contract/deal-lists';
import type { FilterBody } from '../../../contract/listing';
import type { Db } from '../../db/client';
import { exportList } from '../../http/list-export';
import type { CsvColumn } from '../../lib/csv/write';
import { bodaccRowsSpec, deletedBodaccRowsSpec } from './bodacc-rows';

/** File name stems of the two exports. */
export const BODACC_EXPORT_NAME = 'transactions-bodacc';
export const DELETED_BODACC_EXPORT_NAME = 'transactions-bodacc-supprimees';

/** A row as the export query reads it: b1..b37 as the cells' texts. */
type BodaccExportRow = Record<string, string | null>;

/** The SQL text of field `f`'s cell, as the list shows it. */
function cellSql(f: (typeof BODACC_FIELDS)[number]): string {
  const col = `t.${f.column}`;
  if ('list' in f) return `nullif(array_to_string(${col}, ', '), '')`;
  if (f.column === 'announced_on') return `to_char(${col}, 'DD/MM/YYYY')`;
  if (f.column === 'amount' || f.column === 'stake') return `replace(${col}::text, '.', ',')`;
  if (f.column === 'french_investment_abroad' || f.column === 'foreign_investment_in_france') {
    return `case ${col} when 1 then 'YES' when 2 then 'NO' else ${col}::text end`;
  }
  return col;
}

/** `<cell> as b1, …, <cell> as b37`. */
const CELLS = sql.raw(BODACC_FIELDS.map((f) => `${cellSql(f)} as ${f.key}`).join(', '));

/** Columns of the list's export: b1..b37. */
const BODACC_CSV: CsvColumn<BodaccExportRow>[] = BODACC_FIELDS.map((f) => ({ header: f.label, value: (r) => r[f.key] }));

/** Columns of the « Lignes supprimées » export: the list's. */
const DELETED_CSV: CsvColumn<BodaccExportRow>[] = [
  ...BODACC_FIELDS.filter((f) => ['b1', 'b2', 'b4', 'b5'].includes(f.key)).map((f): CsvColumn<BodaccExportRow> => ({ header: f.label, value: (r) => r[f.key] })),
  { header: 'Supprimée le', value: (r) => r.deleted_at },
  { header: 'Par', value: (r) => r.deleted_by },
];

/**
 * The CSV of the rows of /transactions/bodacc for the filter `body` (every row, no page).
 * @throws AppError 422 errors.column for a sort key other than `id` and `b1`
 */
export function exportBodaccRows(db: Db, body: FilterBody): Readable {
  return exportList(db, { ...bodaccRowsSpec(), select: CELLS }, body, BODACC_CSV);
}

/**
 * The CSV of the deleted rows for the filter `body` (every row, no page).
 * @throws AppError 422 errors.column for a sort key other than `deleted_at`, `id` and `b1`
 */
export function exportDeletedBodaccRows(db: Db, body: FilterBody): Readable {
  const select = sql`${CELLS}, to_char(t.deleted_at at time zone 'Europe/Paris', 'DD/MM/YYYY HH24:MI') as deleted_at,
    nullif(trim(a.firstname || ' ' || a.name), '') as deleted_by`;
  return exportList(db, { ...deletedBodaccRowsSpec(), select }, body, DELETED_CSV);
}
