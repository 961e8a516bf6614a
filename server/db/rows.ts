/**
 * The rows and the count of a raw Drizzle statement (`db.execute(sql`…`)`), on either driver.
 *
 * Drizzle types `execute` over the generic `PgQueryResultHKT`, so its answer carries no row type; node-postgres
 * answers `{rows, rowCount}` and PGlite `{rows, affectedRows}`. These helpers are the one place that answer is
 * read (and cast): modules never cast it themselves (a lint rule forbids `as unknown as { rows … }`).
 */
import type { SQL } from 'drizzle-orm';
import type { Db } from './client';

/** Something that runs a Drizzle statement: the database or one of its transactions. */
export type Executor = Pick<Db, 'execute'>;

/** What both drivers answer for one statement. */
interface RawResult {
  rows: unknown[];
  /** node-postgres: rows inserted, updated, deleted or selected (null for some commands). */
  rowCount?: number | null;
  /** PGlite: rows inserted, updated or deleted. */
  affectedRows?: number;
}

async function run(q: Executor, query: SQL): Promise<RawResult> {
  return (await q.execute(query)) as unknown as RawResult;
}

/**
 * Runs `query` and answers its rows, typed as the caller declares them (`T` is not checked: it must match the
 * statement's select list, with PostgreSQL's types as the driver maps them, e.g. `bigint` as a string).
 * @throws the driver's error (PostgreSQL `code`, `detail`, …)
 */
export async function rowsOf<T>(q: Executor, query: SQL): Promise<T[]> {
  return (await run(q, query)).rows as T[];
}

/**
 * Runs `query` (an insert, update or delete) and answers the number of rows it touched: `rowCount` on
 * node-postgres, `affectedRows` on PGlite, 0 when the driver tells neither.
 * @throws the driver's error
 */
export async function rowCountOf(q: Executor, query: SQL): Promise<number> {
  const r = await run(q, query);
  return Number(r.rowCount ?? r.affectedRows ?? 0);
}
