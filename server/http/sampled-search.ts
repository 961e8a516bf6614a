/**
 * How a free-text search of a big list is run (budget of CONVENTIONS.md section 5:
 * <= 50 ms with a search term at 1M rows and more). The newest PROBE_SIZE rows are tested first:
 * - a common term (>= COMMON_HITS hits): walking the list's ordered index and filtering finds a page at
 *   once, while counting every match would read hundreds of thousands of rows, so the total is estimated
 *   from the sample (`total_is_estimate`, shown as "environ");
 * - a rare term: the trigram index finds every match, and the total is exact.
 * Shared by the update log and the news lists.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { ListSpec } from './listing';
import { rowsOf } from '../db/rows';

/** Size of the recent-rows sample that decides how a free-text search is run. */
export const PROBE_SIZE = 5_000;
/** Matches in the sample from which a term counts as common (0.5 %). */
export const COMMON_HITS = 25;

/**
 * Plans a free-text search.
 * @param opts.probe - FROM of the sample: the newest PROBE_SIZE rows under the list's alias,
 *   e.g. sql`(select l.description from update_log l order by l.id desc limit 5000) l`
 * @param opts.cond - the search condition on that alias
 * @param opts.rows - a scalar subquery giving the list's row count without counting (a rollup)
 * @returns planner settings and, for a common term, the estimated total
 */
export async function sampledSearchPlan(db: Db, opts: { probe: SQL; cond: SQL; rows: SQL }): Promise<Pick<ListSpec, 'planner' | 'knownTotal'>> {
  const [row] = await rowsOf<{ hits: number; scanned: number; rows: string | number }>(db, sql`
    select count(*) filter (where ${opts.cond})::int as hits, count(*)::int as scanned, ${opts.rows}::bigint as rows
    from ${opts.probe}`);
  const { hits, scanned, rows } = row;
  if (hits >= COMMON_HITS) {
    return { planner: { enable_bitmapscan: 'off' }, knownTotal: { total: Math.round((hits / scanned) * Number(rows)), estimate: true } };
  }
  return { planner: { enable_indexscan: 'off' } };
}
