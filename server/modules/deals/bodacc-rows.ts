/**
 * The legal-announcement transaction rows (SPEC sections 2 "Legal-announcement transactions page", 3
 * "Legal-announcement transaction row", 7 `filterbodacc`, `removebodacc`): the rows of
 * `bodacc_transactions` written by the BODACC importer (server/modules/feeds/bodacc), answered as `{id, b1..b37}`
 * in the spec's order (contract/deal-lists.ts BODACC_FIELDS).
 * - search by SIREN: a whole SIREN (9 digits, spaces ignored) finds the rows of that company (b1, through
 *   `bodacc_transactions_siren_idx`) and the sales where it is one of the sellers (b20, through the online GIN
 *   index `bodacc_transactions_seller_sirens_idx`); 1 to 8 digits give the rows whose b1 SIREN starts with them; a term
 *   with anything but digits matches nothing (the page searches by SIREN only);
 * - sort `id` (default, desc) or `b1` (SIREN), the two indexed columns;
 * - the unfiltered total is read from `bodacc_transaction_counts` (kept by triggers, migration 0012).
 */
import { sql, type SQL } from 'drizzle-orm';
import { BODACC_FIELDS, ITEM_MISSING, type BodaccRow } from '../../../contract/deal-lists';
import type { FilterBody, Page } from '../../../contract/listing';
import { stripSpaces } from '../../../contract/siren';
import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';
import { runList } from '../../http/listing';
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

/**
 * One page of the legal-announcement transaction rows for a filter body.
 * @throws AppError 422 errors.column for a sort key other than `id` and `b1`
 */
export async function filterBodaccRows(db: Db, body: FilterBody, page: number): Promise<Page<BodaccRow>> {
  return runList<BodaccRow>(
    db,
    {
      select,
      from: sql`bodacc_transactions t`,
      sortable: { id: sql`t.id`, b1: sql`t.siren` },
      search: sirenCondition,
      total: (t) => (t ? undefined : sql`select rows as total from bodacc_transaction_counts where id = 1`),
    },
    body,
    page,
  );
}

/** Deletes one legal-announcement transaction row. @throws AppError 404 'Item does not exist!' */
export async function removeBodaccRow(db: Db, id: number): Promise<void> {
  const res = await rowsOf<unknown>(db, sql`delete from bodacc_transactions where id = ${id} returning id`);
  if (!res.length) throw notFound(ITEM_MISSING);
}
