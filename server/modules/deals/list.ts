/**
 * The deals list (`POST /api/transactions/filter`; SPEC sections 2 "/transactions", 3 "Deal entity"; issue 10
 * section 2): one row per deal entity, read from `deal_entities` alone, whose copies of the deal's listed columns and
 * of the role's name give every sortable column its own (column, id) index. The unfiltered total is read from
 * `deal_entity_counts`; a free-text search is planned on a sample of the newest rows (server/http/sampled-search.ts).
 */
import { sql, type SQL } from 'drizzle-orm';
import { DEAL_SORT_ALIASES, DEAL_SORT_COLUMNS, type DealListRow } from '../../../contract/deal-lists';
import type { FilterBody, Page } from '../../../contract/listing';
import { stripSpaces } from '../../../contract/siren';
import type { Db } from '../../db/client';
import { runList, type ListSpec } from '../../http/listing';
import { PROBE_SIZE, sampledSearchPlan } from '../../http/sampled-search';
import { escapeLike } from '../news/imports';

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

const select = sql`e.id::float8 as id, e.deal_id::float8 as deal_id,
  json_build_object(
    'id', e.deal_id::float8, 'deal_identifier', e.deal_identifier, 'deal_date', e.deal_date::text,
    'amount', e.amount::float8, 'currency', e.currency,
    'type1', case when e.type1_name is null then null else json_build_object('name', e.type1_name) end,
    'type2', case when e.type2_name is null then null else json_build_object('name', e.type2_name) end
  ) as deal,
  e.siren, e.name, case when e.role_name is null then null else json_build_object('name', e.role_name) end as role,
  e.stake_percent::float8 as stake_percent`;

/** A parsed search term: a SIREN prefix (digits), or free text. */
type DealSearch = { cond: SQL; text: boolean };

/**
 * The condition of a trimmed search term on `deal_entities e`:
 * - 1 to 9 digits (spaces ignored): the SIRENs starting with them (through the (siren, id) index), or a Deal ID
 *   equal to them (the (deal_identifier, id) index);
 * - any other text: Company Name or Deal ID containing it (trigram indexes), or an entity whose role, or a deal
 *   whose type 1 or 2, has a name containing it (roles and types are looked up first in their small tables).
 */
async function dealSearch(db: Db, term: string): Promise<DealSearch> {
  const digits = stripSpaces(term);
  if (/^\d{1,9}$/.test(digits)) {
    const siren = digits.length === 9 ? sql`e.siren = ${digits}` : sql`e.siren between ${digits.padEnd(9, '0')} and ${digits.padEnd(9, '9')}`;
    return { cond: sql`(${siren} or e.deal_identifier = ${digits})`, text: false };
  }
  const like = '%' + escapeLike(term) + '%';
  const found = (await db.execute(sql`
    select (select coalesce(array_agg(id), '{}') from deal_roles where name ilike ${like} or display_name ilike ${like}) as roles,
           (select coalesce(array_agg(name), '{}') from deal_types where name ilike ${like}) as types`)) as unknown as {
    rows: Array<{ roles: number[]; types: string[] }>;
  };
  const { roles, types } = found.rows[0];
  const parts = [sql`e.name ilike ${like}`, sql`e.deal_identifier ilike ${like}`];
  if (roles.length) parts.push(sql`e.role_id in (${sql.join(roles.map((id) => sql`${id}`), sql`, `)})`);
  if (types.length) {
    const names = sql.join(types.map((n) => sql`${n}`), sql`, `);
    parts.push(sql`e.type1_name in (${names})`, sql`e.type2_name in (${names})`);
  }
  return { cond: sql`(${sql.join(parts, sql` or `)})`, text: true };
}

/**
 * One page of the deals list for a filter body (contract/deal-lists.ts). Default sort `id` desc.
 * @throws AppError 422 errors.column for a sort key outside the whitelist, errors.page beyond the OFFSET cap
 */
export async function filterDeals(db: Db, body: FilterBody, page: number): Promise<Page<DealListRow>> {
  const term = body.search?.trim() ?? '';
  const search = term ? await dealSearch(db, term) : undefined;
  const plan: Pick<ListSpec, 'planner' | 'knownTotal'> = search?.text
    ? await sampledSearchPlan(db, {
        probe: sql`(select e.name, e.deal_identifier, e.role_id, e.type1_name, e.type2_name from deal_entities e order by e.id desc limit ${PROBE_SIZE}) e`,
        cond: search.cond,
        rows: sql`(select rows from deal_entity_counts where id = 1)`,
      })
    : {};
  return runList<DealListRow>(
    db,
    {
      ...plan,
      select,
      from: sql`deal_entities e`,
      sortable,
      search: () => search?.cond,
      total: (t) => (t ? undefined : sql`select rows as total from deal_entity_counts where id = 1`),
    },
    body,
    page,
  );
}
