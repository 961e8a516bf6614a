/**
 * The shared server side of every `filter` list (CONVENTIONS.md section 3 "Lists"; SPEC section 4
 * "Sorting"): turns the filter body `{pagination: {per_page}, orderBy: {column, direction}, search}`
 * and `?page=n` into one parameterised, indexed query and the paginated answer
 * `{data, from, to, total, per_page, current_page, last_page}`.
 *
 * Each list declares a `ListSpec`: its FROM, its whitelisted sort columns (name -> SQL expression,
 * each backed by an index), and how a search term narrows it. An unknown column is a 422.
 * The body, query and answer schemas are the contract's: contract/listing.ts.
 */
import { sql, type SQL } from 'drizzle-orm';
import { DEFAULT_PAGE_SIZE, type FilterBody, type Page } from '../../contract/listing';
import type { Db } from '../db/client';
import { fieldError } from '../lib/errors';
import { rowsOf } from '../db/rows';

/** How one list is queried. */
export interface ListSpec {
  /** SELECT list, e.g. sql`t.id, t.name` */
  select: SQL;
  /** FROM (and JOINs), e.g. sql`admins t` */
  from: SQL;
  /** Whitelisted sort columns: public name -> SQL expression. Must contain `id`. */
  sortable: Record<string, SQL>;
  /** Always-applied condition (optional). */
  where?: SQL;
  /** Condition for a trimmed, non-empty search term (undefined: search ignored). */
  search?: (term: string) => SQL | undefined;
  /** Tie-breaker appended to every ORDER BY (default: the `id` column, same direction). */
  tieBreaker?: SQL;
  /**
   * A cheaper exact total for a search term (e.g. read from a rollup), as a query returning one row
   * `{total}`; undefined (or returning undefined) means `count(*)` over the filtered FROM.
   */
  total?: (term: string | undefined) => SQL | undefined;
  /** A total already known (e.g. estimated from a sample): the count query is skipped. */
  knownTotal?: { total: number; estimate: boolean };
  /**
   * Planner settings applied with SET LOCAL around the page and count queries, for lists whose best
   * plan depends on how selective a search is (e.g. `{enable_bitmapscan: 'off'}`).
   */
  planner?: Record<string, 'on' | 'off'>;
}

/** Largest OFFSET a list reads (after the reverse trick), as Elasticsearch caps `max_result_window`. */
export const MAX_OFFSET = 100_000;
/** 422 errors.page of a page whose OFFSET would pass MAX_OFFSET. */
export const DEEP_PAGE_MESSAGE =
  'Cette page est trop loin dans la liste (au-delà de 100\u202f000 lignes)\u00a0: affinez la recherche ou inversez le tri.';

/** How one page is read: see `planPage`. */
export interface PagePlan {
  /** The page served: the one asked, or the last page when it asked past it. */
  page: number;
  /** Position of the page's first row in the forward order (0-based). */
  offset: number;
  /** Read in the reverse order (ORDER BY directions inverted, rows reversed afterwards). */
  reverse: boolean;
  /** OFFSET and LIMIT of the SQL actually run. */
  sqlOffset: number;
  limit: number;
  lastPage: number;
}

/**
 * Plans the read of page `page` of `total` rows:
 * - a page past the last gives the last page (at least page 1);
 * - when `exact`, a page nearer the end than the start is read in the reverse order with OFFSET
 *   `total - offset - rows on the page`, so the last page costs what the first does. An estimated total
 *   (`exact` false) gives no such position, so its pages are always read forward;
 * - the OFFSET actually used may not pass MAX_OFFSET.
 * @throws AppError 422 errors.page (DEEP_PAGE_MESSAGE) beyond MAX_OFFSET
 */
export function planPage(total: number, page: number, perPage: number, exact: boolean): PagePlan {
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const current = Math.min(page, lastPage);
  const offset = (current - 1) * perPage;
  const rows = Math.max(0, Math.min(perPage, total - offset));
  const backward = total - offset - rows;
  const reverse = exact && rows > 0 && backward < offset;
  const plan: PagePlan = reverse
    ? { page: current, offset, reverse, sqlOffset: backward, limit: rows, lastPage }
    : { page: current, offset, reverse, sqlOffset: offset, limit: perPage, lastPage };
  if (plan.sqlOffset > MAX_OFFSET) throw fieldError('page', DEEP_PAGE_MESSAGE);
  return plan;
}

/** The WHERE and ORDER BY of a list for a filter body: see `listClauses`. */
export interface ListClauses {
  /** The trimmed search term, undefined when empty. */
  term: string | undefined;
  /** `where …` (the spec's condition and the search's), or empty. */
  whereSql: SQL;
  /** ORDER BY in the asked order (whitelisted column, then the tie-breaker), or its exact reverse. */
  orderSql: (reverse: boolean) => SQL;
}

/**
 * The filter and order of a list for a filter body, shared by the page (`runList`) and the export
 * (server/http/list-export.ts): the same rows in the same order.
 * @throws AppError 422 errors.column when the sort column is not whitelisted
 */
export function listClauses(spec: ListSpec, body: FilterBody): ListClauses {
  const column = body?.orderBy?.column || 'id';
  const ascending = body?.orderBy?.direction === 'asc';
  const orderExpr = Object.hasOwn(spec.sortable, column) ? spec.sortable[column] : undefined;
  if (!orderExpr) throw fieldError('column', 'La colonne de tri demandée n’est pas autorisée.');
  const term = body?.search?.trim() || undefined;
  const conditions = [spec.where, term ? spec.search?.(term) : undefined].filter((c): c is SQL => Boolean(c));
  const whereSql = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const tie = spec.tieBreaker ?? spec.sortable.id;
  // ASC <-> DESC also flips NULLS FIRST/LAST, so the reverse order is exactly the forward one read backward.
  const orderSql = (reverse: boolean) => {
    const direction = ascending !== reverse ? sql`asc` : sql`desc`;
    return column === 'id' ? sql`order by ${orderExpr} ${direction}` : sql`order by ${orderExpr} ${direction}, ${tie} ${direction}`;
  };
  return { term, whereSql, orderSql };
}

/** Applies the list's planner settings (`ListSpec.planner`) with SET LOCAL: call inside a transaction. */
export async function applyPlanner(q: Pick<Db, 'execute'>, spec: Pick<ListSpec, 'planner'>): Promise<void> {
  for (const [name, value] of Object.entries(spec.planner ?? {})) {
    if (!/^[a-z_]+$/.test(name)) throw new Error(`bad planner setting ${name}`);
    await q.execute(sql.raw(`set local ${name} = ${value === 'on' ? 'on' : 'off'}`));
  }
}

/**
 * Runs a list query.
 *
 * Page 1 reads its rows and its total side by side. Any other page reads the total first (the count, the
 * list's own total query, or `knownTotal`), then plans the page (`planPage`: last page when past it,
 * reverse order in the second half, OFFSET cap) and reads it; both statements run in one read-only
 * REPEATABLE READ transaction, so that the rows read backward are exactly the rows the forward order gives.
 * @throws AppError 422 errors.column when the sort column is not whitelisted
 * @throws AppError 422 errors.page when the page's OFFSET would pass MAX_OFFSET
 */
export async function runList<T = Record<string, unknown>>(db: Db, spec: ListSpec, body: FilterBody, page: number): Promise<Page<T>> {
  const perPage = body?.pagination?.per_page ?? DEFAULT_PAGE_SIZE;
  const { term, whereSql, orderSql } = listClauses(spec, body);
  const pageSql = (plan: Pick<PagePlan, 'reverse' | 'limit' | 'sqlOffset'>) =>
    sql`select ${spec.select} from ${spec.from} ${whereSql} ${orderSql(plan.reverse)} limit ${plan.limit} offset ${plan.sqlOffset}`;
  const countSql = spec.total?.(term) ?? sql`select count(*)::bigint as total from ${spec.from} ${whereSql}`;
  const exact = spec.knownTotal?.estimate !== true;

  const setPlanner = (q: Db) => applyPlanner(q, spec);
  const count = async (q: Db) =>
    spec.knownTotal ? spec.knownTotal.total : Number((await rowsOf<{ total: number | string }>(q, countSql))[0]?.total ?? 0);

  let data: T[];
  let total: number;
  let plan: PagePlan;
  if (page === 1) {
    // Offset 0, forward: nothing depends on the total.
    const first = { reverse: false, limit: perPage, sqlOffset: 0 };
    const read = async (q: Db, parallel: boolean) => {
      if (parallel) {
        const [rows, n] = await Promise.all([rowsOf<T>(q, pageSql(first)), count(q)]);
        return { rows, n };
      }
      const rows = await rowsOf<T>(q, pageSql(first));
      return { rows, n: await count(q) };
    };
    // Outside a transaction the two queries run side by side (two pool connections on PostgreSQL).
    const { rows, n } = spec.planner
      ? await db.transaction(async (tx) => {
          await setPlanner(tx);
          return read(tx, false);
        })
      : await read(db, true);
    data = rows;
    total = n;
    plan = planPage(total, 1, perPage, exact); // page 1 always reads forward from offset 0, as `first` did
  } else {
    ({ data, total, plan } = await db.transaction(
      async (tx) => {
        const q: Db = tx;
        await setPlanner(q);
        const n = await count(q);
        const p = planPage(n, page, perPage, exact);
        const rows = await rowsOf<T>(q, pageSql(p));
        return { data: p.reverse ? rows.reverse() : rows, total: n, plan: p };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    ));
  }
  return {
    data,
    from: data.length ? plan.offset + 1 : null,
    to: data.length ? plan.offset + data.length : null,
    total,
    per_page: perPage,
    current_page: plan.page,
    last_page: plan.lastPage,
    ...(exact ? {} : { total_is_estimate: true }),
  };
}
