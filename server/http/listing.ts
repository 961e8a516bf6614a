/**
 * The shared server side of every `filter` list (CONVENTIONS.md section 3 "Lists"; SPEC section 4
 * "Sorting"): turns the filter body `{pagination: {per_page}, orderBy: {column, direction}, search}`
 * and `?page=n` into one parameterised, indexed query and the paginated answer
 * `{data, from, to, total, per_page, current_page, last_page}`.
 *
 * Each list declares a `ListSpec`: its FROM, its whitelisted sort columns (name -> SQL expression,
 * each backed by an index), and how a search term narrows it. An unknown column is a 422.
 */
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client';
import { fieldError } from './errors';

export const PAGE_SIZES = [10, 25, 50, 100, 200] as const;
export const DEFAULT_PAGE_SIZE = 200;

/** Filter body schema shared by every `filter` route (unknown keys such as from/to/total are ignored). */
export const filterBody = z
  .object({
    pagination: z
      .object({
        per_page: z.coerce
          .number()
          .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), {
            error: `Le nombre de résultats par page doit être ${PAGE_SIZES.join(', ')}.`,
          })
          .optional(),
      })
      .partial()
      .nullish(),
    orderBy: z
      .object({
        column: z.string().max(64).nullish(),
        direction: z.enum(['asc', 'desc'], { error: 'Le sens du tri doit être asc ou desc.' }).nullish(),
      })
      .nullish(),
    search: z.string().max(500).nullish(),
  })
  .nullish()
  .transform((v) => v ?? {});
export type FilterBody = z.output<typeof filterBody>;

/** `?page=n` (n >= 1, default 1). */
export const pageQuery = z.object({ page: z.coerce.number().int().min(1).max(1_000_000).default(1) });

/** Paginated answer of every `filter` call. */
export interface Page<T> {
  data: T[];
  from: number | null;
  to: number | null;
  total: number;
  per_page: number;
  current_page: number;
  last_page: number;
  /** Present and true when `total` is an estimate (see ListSpec.countCap). */
  total_is_estimate?: boolean;
}

/** Zod schema of a page of `item`. */
export function pageResponse<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    from: z.number().nullable(),
    to: z.number().nullable(),
    total: z.number(),
    per_page: z.number(),
    current_page: z.number(),
    last_page: z.number(),
    total_is_estimate: z.boolean().optional(),
  });
}

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

/**
 * Runs a list query.
 * @throws AppError 422 errors.column when the sort column is not whitelisted
 */
export async function runList<T = Record<string, unknown>>(db: Db, spec: ListSpec, body: FilterBody, page: number): Promise<Page<T>> {
  const perPage = body?.pagination?.per_page ?? DEFAULT_PAGE_SIZE;
  const column = body?.orderBy?.column || 'id';
  const direction = body?.orderBy?.direction === 'asc' ? sql`asc` : sql`desc`;
  const orderExpr = Object.hasOwn(spec.sortable, column) ? spec.sortable[column] : undefined;
  if (!orderExpr) throw fieldError('column', 'La colonne de tri demandée n’est pas autorisée.');
  const term = body?.search?.trim();
  const conditions = [spec.where, term ? spec.search?.(term) : undefined].filter((c): c is SQL => Boolean(c));
  const whereSql = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const tie = spec.tieBreaker ?? spec.sortable.id;
  const orderSql = column === 'id' ? sql`order by ${orderExpr} ${direction}` : sql`order by ${orderExpr} ${direction}, ${tie} ${direction}`;
  const offset = (page - 1) * perPage;

  const pageSql = sql`select ${spec.select} from ${spec.from} ${whereSql} ${orderSql} limit ${perPage} offset ${offset}`;
  const countSql = spec.total?.(term) ?? sql`select count(*)::bigint as total from ${spec.from} ${whereSql}`;
  // Outside a transaction the two queries run side by side (two pool connections on PostgreSQL).
  const read = async (q: Db) => {
    const [rows, count] = await Promise.all([
      q.execute(pageSql) as unknown as Promise<{ rows: T[] }>,
      spec.knownTotal ? undefined : (q.execute(countSql) as unknown as Promise<{ rows: Array<{ total: number | string }> }>),
    ]);
    return { data: rows.rows, total: spec.knownTotal?.total ?? Number(count?.rows[0]?.total ?? 0) };
  };
  const { data, total } = spec.planner
    ? await db.transaction(async (tx) => {
        for (const [name, value] of Object.entries(spec.planner!)) {
          if (!/^[a-z_]+$/.test(name)) throw new Error(`bad planner setting ${name}`);
          await tx.execute(sql.raw(`set local ${name} = ${value === 'on' ? 'on' : 'off'}`));
        }
        const rows = (await tx.execute(pageSql)) as unknown as { rows: T[] };
        if (spec.knownTotal) return { data: rows.rows, total: spec.knownTotal.total };
        const count = (await tx.execute(countSql)) as unknown as { rows: Array<{ total: number | string }> };
        return { data: rows.rows, total: Number(count.rows[0]?.total ?? 0) };
      })
    : await read(db);
  const estimated = spec.knownTotal?.estimate === true;
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  return {
    data,
    from: data.length ? offset + 1 : null,
    to: data.length ? offset + data.length : null,
    total,
    per_page: perPage,
    current_page: page,
    last_page: lastPage,
    ...(estimated ? { total_is_estimate: true } : {}),
  };
}
