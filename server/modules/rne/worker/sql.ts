/**
 * Raw SQL through Drizzle on both drivers (PGlite and node-postgres answer `{rows}` with a different count field):
 * `rowsOf` gives the rows of a statement.
 */
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';

/** Something that runs SQL: the database or a transaction. */
export type Executor = Pick<Db, 'execute'>;

/** Runs `query` and returns its rows. */
export async function rowsOf<T>(exec: Executor, query: SQL): Promise<T[]> {
  return ((await exec.execute(query)) as unknown as { rows: T[] }).rows;
}
