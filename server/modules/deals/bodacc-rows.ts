/**
 * The legal-announcement transaction rows (SPEC sections 2 "Legal-announcement transactions page", 3
 * "Legal-announcement transaction row", 7 `filterbodacc`, `removebodacc`): the rows of
 * `bodacc_transactions` written by the BODACC importer (server/modules/feeds/bodacc), answered as `{id, b1..b37}`
 * in the spec's order (contract/deal-lists.ts BODACC_FIELDS).
 * - `removebodacc` hides a row, restorably: it gets `deleted_at` / `deleted_by`, leaves the list, its total and the
 *   company lookups (server/modules/register), and shows in « Lignes supprimées » (`filterdeletedbodacc`, newest
 *   deletion first through the partial index `bodacc_transactions_deleted_idx`), from which `restorebodacc` puts it
 *   back. Its notice stays stored, so importing the bulletin again finds the notice known and writes no row: a
 *   deleted row stays deleted;
 * - search by SIREN: a whole SIREN (9 digits, spaces ignored) finds the rows of that company (b1, through
 *   `bodacc_transactions_siren_idx`) and the sales where it is one of the sellers (b20, through the online GIN
 *   index `bodacc_transactions_seller_sirens_idx`); 1 to 8 digits give the rows whose b1 SIREN starts with them; a term
 *   with anything but digits matches nothing (the page searches by SIREN only);
 * - sort `id` (default, desc) or `b1` (SIREN), the two indexed columns;
 * - the unfiltered total is the row count of `bodacc_transaction_counts` (every stored row, kept by triggers,
 *   migration 0012) less the deleted rows, counted through `bodacc_transactions_deleted_idx` (they are few).
 */
import { sql, type SQL } from 'drizzle-orm';
import { BODACC_FIELDS, ITEM_MISSING, type BodaccRow, type DeletedBodaccRow } from '../../../contract/deal-lists';
import type { FilterBody, Page } from '../../../contract/listing';
import { stripSpaces } from '../../../contract/siren';
import type { Db } from '../../db/client';
import { auditedWrite } from '../../lib/audit';
import { notFound } from '../../lib/errors';
import { runList, type ListSpec } from '../../http/listing';
import { sirenPrefixSql } from '../../lib/siren-sql';
import { rowsOf } from '../../db/rows';

/** `id, siren as b1, …`: each field read from its column (numbers as float8, the date as `YYYY-MM-DD`). */
const select = sql.raw(
  ['t.id::float8 as id']
    .concat(
      BODACC_FIELDS.map((f) => {
        if ('numeric' in f) return `t.${f.column}::float8 as ${f.key}`;
        if ('list' in f) return `nullif(array_to_string(t.${f.column}, ', '), '') as ${f.key}`;
        if (f.column === 'announced_on') return `t.${f.column}::text as ${f.key}`;
        return `t.${f.column} as ${f.key}`;
      }),
    )
    .join(', '),
);

/** The condition of a trimmed search term (see the module comment). */
function sirenCondition(term: string): SQL {
  const digits = stripSpaces(term);
  if (!/^\d{1,9}$/.test(digits)) return sql`false`;
  return digits.length === 9 ? sql`(t.siren = ${digits} or t.seller_sirens @> array[${digits}]::bpchar[])` : sirenPrefixSql(sql`t.siren`, digits);
}

/** Rows deleted (hidden) and restorable: a few, counted through `bodacc_transactions_deleted_idx`. */
const DELETED = sql`t.deleted_at is not null`;

/** The list of the legal-announcement transaction rows (deleted rows left out): sort `id` or `b1`, search by SIREN. */
export function bodaccRowsSpec(): ListSpec {
  return {
    select,
    from: sql`bodacc_transactions t`,
    where: sql`t.deleted_at is null`,
    sortable: { id: sql`t.id`, b1: sql`t.siren` },
    search: sirenCondition,
    total: (t) =>
      t ? undefined : sql`select (select rows from bodacc_transaction_counts where id = 1) - (select count(*) from bodacc_transactions t where ${DELETED}) as total`,
  };
}

/**
 * One page of the legal-announcement transaction rows for a filter body (`bodaccRowsSpec`).
 * @throws AppError 422 errors.column for a sort key other than `id` and `b1`
 */
export async function filterBodaccRows(db: Db, body: FilterBody, page: number): Promise<Page<BodaccRow>> {
  return runList<BodaccRow>(db, bodaccRowsSpec(), body, page);
}

/**
 * The list of the deleted rows (« Lignes supprimées »), each with `deleted_at` (ISO) and `deleted_by` (the
 * administrator's name, alias `a`); searched by SIREN as the list; sort `deleted_at` (default on the page), `id` or `b1`.
 */
export function deletedBodaccRowsSpec(): ListSpec {
  return {
    select: sql`${select}, to_char(t.deleted_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as deleted_at,
      nullif(trim(a.firstname || ' ' || a.name), '') as deleted_by`,
    from: sql`bodacc_transactions t left join admins a on a.id = t.deleted_by`,
    where: DELETED,
    sortable: { id: sql`t.id`, b1: sql`t.siren`, deleted_at: sql`t.deleted_at` },
    search: sirenCondition,
  };
}

/**
 * One page of the deleted rows (`deletedBodaccRowsSpec`).
 * @throws AppError 422 errors.column for another sort key than `deleted_at`, `id` and `b1`
 */
export async function filterDeletedBodaccRows(db: Db, body: FilterBody, page: number): Promise<Page<DeletedBodaccRow>> {
  return runList<DeletedBodaccRow>(db, deletedBodaccRowsSpec(), body, page);
}

/**
 * Deletes one legal-announcement transaction row, restorably (see the module comment), with its route's audit entry
 * (its SIREN and company name).
 * @param adminId - the administrator recorded as having deleted it
 * @throws AppError 404 'Item does not exist!' for an unknown or already deleted row
 */
export async function removeBodaccRow(db: Db, id: number, adminId: number | null): Promise<void> {
  const res = await auditedWrite(db, (tx) => rowsOf<Touched>(tx, sql`update bodacc_transactions set deleted_at = now(), deleted_by = ${adminId}
    where id = ${id} and deleted_at is null returning siren, company_name`), entryOf);
  if (!res.length) throw notFound(ITEM_MISSING);
}

/** Puts a deleted row back in the list, with its route's audit entry. @throws AppError 404 'Item does not exist!' for an unknown or not deleted row */
export async function restoreBodaccRow(db: Db, id: number): Promise<void> {
  const res = await auditedWrite(db, (tx) => rowsOf<Touched>(tx, sql`update bodacc_transactions set deleted_at = null, deleted_by = null
    where id = ${id} and deleted_at is not null returning siren, company_name`), entryOf);
  if (!res.length) throw notFound(ITEM_MISSING);
}

/** The row a removal or a restoration touched: its SIREN and company name, the details of the audit entry. */
type Touched = { siren: string | null; company_name: string | null };
const entryOf = ([row]: Touched[]) => (row ? { details: { siren: row.siren, name: row.company_name } } : null);
