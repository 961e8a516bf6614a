/**
 * The deals list (`POST /api/transactions/filter`; SPEC sections 2 "/transactions", 3 "Deal entity"): one row per deal entity, read from `deal_entities` alone, whose copies of the deal's listed columns and
 * of the role's name give every sortable column its own (column, id) index. The unfiltered total is read from
 * `deal_entity_counts`; a search other than a whole SIREN is planned on samples (`searchPlan`).
 */
import { sql, type SQL } from 'drizzle-orm';
import { DEAL_SORT_ALIASES, DEAL_SORT_COLUMNS, type DealListRow } from '../../../contract/deal-lists';
import { DEFAULT_PAGE_SIZE, type FilterBody, type Page } from '../../../contract/listing';
import { foldText } from '../../../contract/fold';
import { stripSpaces } from '../../../contract/siren';
import type { Db } from '../../db/client';
import type { Readable } from 'node:stream';
import { exportList } from '../../http/list-export';
import { runList, type ListSpec } from '../../http/listing';
import type { CsvColumn } from '../../lib/csv/write';
import { PROBE_SIZE, sampledSearchPlan } from '../../http/sampled-search';
import { escapeLike } from '../../lib/like';
import { sirenPrefixSql } from '../../lib/siren-sql';
import { foldSql } from './import-sql';
import { rowsOf } from '../../db/rows';

/** Indexed expression of each sort key (contract/deal-lists.ts DEAL_SORT_COLUMNS), aliases included. */
const COLUMNS: Record<(typeof DEAL_SORT_COLUMNS)[number], SQL> = {
  id: sql`e.id`,
  deal_identifier: sql`e.deal_identifier`,
  deal_date: sql`e.deal_date`,
  siren: sql`e.siren`,
  name: sql`e.name`,
  role_name: sql`e.role_name`,
  type1_name: sql`e.type1_name`,
  type2_name: sql`e.type2_name`,
  amount: sql`e.amount`,
  currency: sql`e.currency`,
  stake_percent: sql`e.stake_percent`,
};
const sortable: Record<string, SQL> = { ...COLUMNS, ...Object.fromEntries(Object.entries(DEAL_SORT_ALIASES).map(([alias, key]) => [alias, COLUMNS[key]])) };

/**
 * Plain columns only: a search read through its indexes sorts all its matches before the LIMIT, and PostgreSQL
 * computes the SELECT list for every one of them (json_build_object over 10,000 matches costs ~70 ms); the row
 * shape is built in `toRow` for the page's rows alone.
 */
const select = sql`e.id, e.deal_id, e.deal_identifier, e.deal_date::text as deal_date, e.amount, e.currency, e.type1_name, e.type2_name,
  e.siren, e.name, e.role_name, e.stake_percent`;

/** A row as read (bigint and numeric columns come as strings from node-postgres, as numbers or strings from PGlite). */
type RawRow = {
  id: string | number;
  deal_id: string | number;
  deal_identifier: string;
  deal_date: string | null;
  amount: string | number | null;
  currency: string | null;
  type1_name: string | null;
  type2_name: string | null;
  siren: string | null;
  name: string | null;
  role_name: string | null;
  stake_percent: string | number | null;
};

const num = (v: string | number | null) => (v === null ? null : Number(v));

/** Raw row -> the list's row (contract/deal-lists.ts `dealListRow`). */
function toRow(r: RawRow): DealListRow {
  const dealId = Number(r.deal_id);
  return {
    id: Number(r.id),
    deal_id: dealId,
    deal: {
      id: dealId,
      deal_identifier: r.deal_identifier,
      deal_date: r.deal_date,
      amount: num(r.amount),
      currency: r.currency,
      type1: r.type1_name === null ? null : { name: r.type1_name },
      type2: r.type2_name === null ? null : { name: r.type2_name },
    },
    siren: r.siren,
    name: r.name,
    role: r.role_name === null ? null : { name: r.role_name },
    stake_percent: num(r.stake_percent),
  };
}

/** A parsed search term: its condition, and whether its plan depends on how common it is (all but a whole SIREN). */
type DealSearch = { cond: SQL; sampled: boolean };

/** The columns a search condition reads (alias `e`), for the probes. */
const SEARCHED = sql`e.siren, e.name, e.deal_identifier, e.role_id, e.type1_name, e.type2_name`;

/**
 * The condition of a trimmed search term on `deal_entities e`:
 * - 1 to 9 digits (spaces ignored): the SIRENs starting with them (through the (siren, id) index), or a Deal ID
 *   equal to them (the (deal_identifier, id) index);
 * - any other text: Company Name or Deal ID containing it (trigram indexes), or an entity whose role, or a deal
 *   whose type 1 or 2, has a name containing it, accents and case aside (roles and types are looked up first
 *   in their small tables).
 */
export async function dealSearch(db: Db, term: string): Promise<DealSearch> {
  const digits = stripSpaces(term);
  if (/^\d{1,9}$/.test(digits)) {
    return { cond: sql`(${sirenPrefixSql(sql`e.siren`, digits)} or e.deal_identifier = ${digits})`, sampled: digits.length < 9 };
  }
  const like = '%' + escapeLike(term) + '%';
  // Roles and types (small tables) are matched with accents and case folded on both sides: `cedant` finds Cédant.
  const folded = '%' + escapeLike(foldText(term)) + '%';
  const fold = (column: string) => sql.raw(foldSql(column));
  const [found] = await rowsOf<{ roles: number[]; types: string[] }>(db, sql`
    select (select coalesce(array_agg(id), '{}') from deal_roles where ${fold('name')} like ${folded} or ${fold('display_name')} like ${folded}) as roles,
           (select coalesce(array_agg(name), '{}') from deal_types where ${fold('name')} like ${folded}) as types`);
  const { roles, types } = found;
  const parts = [sql`e.name ilike ${like}`, sql`e.deal_identifier ilike ${like}`];
  if (roles.length) parts.push(sql`e.role_id in (${sql.join(roles.map((id) => sql`${id}`), sql`, `)})`);
  if (types.length) {
    const names = sql.join(types.map((n) => sql`${n}`), sql`, `);
    parts.push(sql`e.type1_name in (${names})`, sql`e.type2_name in (${names})`);
  }
  return { cond: sql`(${sql.join(parts, sql` or `)})`, sampled: true };
}

/**
 * How a search is run (server/http/sampled-search.ts, on the newest PROBE_SIZE rows). A common term is read by
 * walking the sorted index and filtering; that pays only when matches come early in the asked order, which the
 * newest rows tell for `id` but not for another column (a name search sorted by name finds its matches together,
 * maybe far down the index). So for another sort, the first PROBE_SIZE rows in that order are probed too: fewer
 * than a page of matches there, and the matches are read through the search indexes and sorted instead
 * (bounded by the number of matches, never a walk of the whole index); the total stays estimated.
 */
async function searchPlan(db: Db, search: DealSearch, body: FilterBody): Promise<Pick<ListSpec, 'planner' | 'knownTotal'>> {
  if (!search.sampled) return {};
  const plan = await sampledSearchPlan(db, {
    probe: sql`(select ${SEARCHED} from deal_entities e order by e.id desc limit ${PROBE_SIZE}) e`,
    cond: search.cond,
    rows: sql`(select rows from deal_entity_counts where id = 1)`,
  });
  const column = body.orderBy?.column || 'id';
  const expr = Object.hasOwn(sortable, column) ? sortable[column] : undefined;
  if (!plan.knownTotal || !expr || expr === sortable.id) return plan;
  const dir = body.orderBy?.direction === 'asc' ? sql`asc` : sql`desc`;
  const [row] = await rowsOf<{ hits: number }>(db, sql`
    select count(*) filter (where ${search.cond})::int as hits
    from (select ${SEARCHED} from deal_entities e order by ${expr} ${dir}, e.id ${dir} limit ${PROBE_SIZE}) e`);
  const perPage = body.pagination?.per_page ?? DEFAULT_PAGE_SIZE;
  return Number(row.hits) >= perPage ? plan : { knownTotal: plan.knownTotal, planner: { enable_indexscan: 'off' } };
}

/** The deals list for a filter body: its ListSpec, planned for the search (`dealSearch`, `searchPlan`). */
async function dealsSpec(db: Db, body: FilterBody): Promise<ListSpec> {
  const term = body.search?.trim() ?? '';
  const search = term ? await dealSearch(db, term) : undefined;
  const plan = search ? await searchPlan(db, search, body) : {};
  return {
    ...plan,
    select,
    from: sql`deal_entities e`,
    sortable,
    search: () => search?.cond,
    total: (t) => (t ? undefined : sql`select rows as total from deal_entity_counts where id = 1`),
  };
}

/**
 * One page of the deals list for a filter body (contract/deal-lists.ts). Default sort `id` desc.
 * @throws AppError 422 errors.column for a sort key outside the whitelist, errors.page beyond the OFFSET cap
 */
export async function filterDeals(db: Db, body: FilterBody, page: number): Promise<Page<DealListRow>> {
  const result = await runList<RawRow>(db, await dealsSpec(db, body), body, page);
  return { ...result, data: result.data.map(toRow) };
}

/** A row of the deals export, formatted in SQL. */
interface DealExportRow {
  deal_identifier: string;
  deal_date: string | null;
  siren: string | null;
  name: string | null;
  role_name: string | null;
  type1_name: string | null;
  type2_name: string | null;
  amount: string | null;
  currency: string | null;
  stake_percent: string | null;
}

/**
 * Columns of the deals export: the list's ten, dates DD/MM/YYYY, amounts and stakes with a decimal comma (what a
 * French spreadsheet reads as a number), no amount nor currency when the amount is not positive (as the list).
 */
const DEALS_CSV: CsvColumn<DealExportRow>[] = [
  { header: 'Deal Nb', value: (r) => r.deal_identifier },
  { header: 'Deal date', value: (r) => r.deal_date },
  { header: 'SIREN', value: (r) => r.siren },
  { header: 'Company Name', value: (r) => r.name },
  { header: 'Company Role', value: (r) => r.role_name },
  { header: 'Deal Type 1', value: (r) => r.type1_name },
  { header: 'Deal Type 2', value: (r) => r.type2_name },
  { header: 'Deal Amount', value: (r) => r.amount },
  { header: 'Currency', value: (r) => r.currency },
  { header: 'Stake Percent (%)', value: (r) => r.stake_percent },
];

/**
 * « Exporter CSV » of the deals list: every deal entity of the search and sort.
 * @throws AppError 422 errors.column for a sort key outside the whitelist
 */
export async function exportDeals(db: Db, body: FilterBody): Promise<Readable> {
  const spec = await dealsSpec(db, body);
  const select = sql`e.deal_identifier, to_char(e.deal_date, 'DD/MM/YYYY') as deal_date, e.siren, e.name, e.role_name, e.type1_name, e.type2_name,
    case when e.amount > 0 then replace(e.amount::text, '.', ',') end as amount, case when e.amount > 0 then e.currency end as currency,
    replace(e.stake_percent::text, '.', ',') as stake_percent`;
  // The export reads every match: no sampled plan (its knownTotal and planner serve a page's first rows).
  return exportList(db, { ...spec, planner: undefined, knownTotal: undefined, select }, body, DEALS_CSV);
}
