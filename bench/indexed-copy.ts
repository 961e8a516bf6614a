/**
 * The physical limit of an import that keeps the list indexes: the seconds `psql \copy` takes to load the rows an
 * import wrote into an empty copy of the same tables, with the same indexes, constraints and defaults
 * (`create table … (like … including all)`). The bench reports `ratio_to_indexed_copy` = these seconds / the
 * import's seconds: 1 would be an import as fast as loading its final rows; the budget is ≥ 0.5.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A table to copy, and the rows of it the import wrote (a `where` condition; all rows when absent). */
export interface IndexedCopyTable {
  table: string;
  where?: string;
}

/**
 * Exports the import's rows of each table to CSV, then times loading them with `psql \copy` into fresh copies of
 * the tables (indexes included), in the order given (parents first). The copies and the files are removed.
 * @param url - the bench database (psql must be on the PATH)
 * @returns seconds of the loads alone, summed
 */
export function indexedCopySeconds(url: string, tables: readonly IndexedCopyTable[]): number {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigie-bench-indexed-copy-'));
  const psql = (command: string) => execFileSync('psql', [url, '-v', 'ON_ERROR_STOP=1', '-qc', command]);
  try {
    for (const { table, where } of tables) {
      const file = path.join(dir, `${table}.csv`);
      psql(`\\copy (select * from ${table}${where ? ` where ${where}` : ''}) to '${file}' with (format csv)`);
      psql(`drop table if exists bench_indexed_${table}; create table bench_indexed_${table} (like ${table} including all)`);
    }
    const t0 = performance.now();
    for (const { table } of tables) psql(`\\copy bench_indexed_${table} from '${path.join(dir, `${table}.csv`)}' with (format csv)`);
    return (performance.now() - t0) / 1000;
  } finally {
    for (const { table } of tables) psql(`drop table if exists bench_indexed_${table}`);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
