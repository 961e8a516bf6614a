/**
 * Online indexes: indexes added to tables that already hold many rows, built without
 * blocking writes. Drizzle's migrator runs every migration inside a transaction, where PostgreSQL refuses
 * `CREATE INDEX CONCURRENTLY`, and a plain `CREATE INDEX` takes a SHARE lock that stops every insert,
 * update and delete on the table for the whole build (minutes on the update log at 10M rows).
 *
 * So such an index is one file of `server/db/online-indexes/` (not a migration, and not declared in
 * `server/db/schema`, or drizzle-kit would generate a blocking migration for it), holding exactly one
 * statement `CREATE [UNIQUE] INDEX CONCURRENTLY IF NOT EXISTS <name> ON …;` (comment lines `--` allowed).
 * `applyOnlineIndexes`, called by the start-up after the migrations (server/bootstrap.ts `prepareDatabase`), applies the files in name order:
 * - on PostgreSQL, on one dedicated connection, outside any transaction, with no statement timeout, under a
 *   session advisory lock taken by polling (two processes starting at once build each index once, and a
 *   waiting process holds no snapshot that the build would have to wait for). An INVALID index of that
 *   name, left by an interrupted or failed build, is dropped (`DROP INDEX CONCURRENTLY`) and built again;
 *   a valid one is left alone;
 * - on PGlite (one process, one connection), as a plain `CREATE INDEX IF NOT EXISTS`.
 * A concurrent build waits for every transaction older than it, on any table: call this holding no open
 * transaction, and never while another process can be blocked in `pg_advisory_lock` on a lock this process
 * holds (it would wait for the build, and the build for it). `prepareDatabase` calls it once the migration lock is released.
 * A build that fails (a duplicate under a UNIQUE index) fails the start, like a failed migration.
 * The files are committed code, never user input: their text is executed as written.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './client';
import { ADVISORY_LOCKS } from './locks';

/** Folder of the committed online-index files (`*.sql`, applied in name order). */
export const onlineIndexesFolder = fileURLToPath(new URL('./online-indexes', import.meta.url));

/** Key of the session advisory lock that serialises the builds of every process. */
export const ONLINE_INDEX_LOCK = ADVISORY_LOCKS.onlineIndexes;

/** How often a process waiting for another one's build polls the lock, in milliseconds. */
const LOCK_POLL_MS = 250;

/** One parsed online-index file. */
export interface OnlineIndex {
  /** File name, e.g. `0001_news_posted_id.sql`. */
  file: string;
  /** Index name (unqualified, in the current schema). */
  name: string;
  /** The statement as written (`CREATE … INDEX CONCURRENTLY IF NOT EXISTS …`), without comments or `;`. */
  statement: string;
}

const STATEMENT = /^create\s+(?:unique\s+)?index\s+concurrently\s+if\s+not\s+exists\s+([a-z_][a-z0-9_]{0,62})\s+on\s+[^;]+$/i;

/**
 * Reads and checks the `*.sql` files of `folder`, in name order (a missing folder holds none).
 * @throws Error naming the file when it is not exactly one `CREATE [UNIQUE] INDEX CONCURRENTLY IF NOT EXISTS
 *   <name> ON …` statement, or when two files build the same index
 */
export function readOnlineIndexes(folder: string = onlineIndexesFolder): OnlineIndex[] {
  if (!fs.existsSync(folder)) return [];
  const seen = new Map<string, string>();
  return fs
    .readdirSync(folder)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => {
      const text = fs.readFileSync(path.join(folder, file), 'utf8');
      const statement = text
        .split('\n')
        .filter((line) => !line.trim().startsWith('--'))
        .join('\n')
        .trim()
        .replace(/;\s*$/, '')
        .trim();
      const match = STATEMENT.exec(statement);
      if (!match) {
        throw new Error(
          `online index ${file}: expected exactly one 'CREATE [UNIQUE] INDEX CONCURRENTLY IF NOT EXISTS <name> ON …;' statement`,
        );
      }
      const name = match[1].toLowerCase();
      if (seen.has(name)) throw new Error(`online index ${file}: index ${name} is already built by ${seen.get(name)}`);
      seen.set(name, file);
      return { file, name, statement };
    });
}

/**
 * Applies the online indexes of `folder` to `database` (see the module comment).
 * @returns the names of the indexes built (or rebuilt) by this call, in order; empty when all were there
 * @throws Error when a file is malformed (see `readOnlineIndexes`) or a build fails (on PostgreSQL the failed
 *   build leaves an INVALID index, dropped and rebuilt by the next call)
 */
export async function applyOnlineIndexes(database: Database, folder: string = onlineIndexesFolder): Promise<string[]> {
  const indexes = readOnlineIndexes(folder);
  if (indexes.length === 0) return [];
  if (database.kind === 'pglite') {
    const pglite = database.pglite!;
    const built: string[] = [];
    for (const index of indexes) {
      const state = await indexState(pglite, index.name);
      if (state === 'valid') continue;
      // A PGlite build is one atomic statement and leaves nothing INVALID; a copied database might hold one.
      if (state === 'invalid') await pglite.query(`drop index if exists ${index.name}`);
      await pglite.query(index.statement.replace(/\s+concurrently\s+/i, ' '));
      built.push(index.name);
    }
    return built;
  }
  const client = await database.pool!.connect();
  try {
    await client.query('set statement_timeout = 0');
    while (!(await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [ONLINE_INDEX_LOCK])).rows[0].ok) {
      await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS));
    }
    try {
      const built: string[] = [];
      for (const index of indexes) {
        const state = await indexState(client, index.name);
        if (state === 'valid') continue;
        // Under the lock no other process is building it: an INVALID index is a leftover.
        if (state === 'invalid') await client.query(`drop index concurrently if exists ${index.name}`);
        await client.query(index.statement);
        built.push(index.name);
      }
      return built;
    } finally {
      await client.query('select pg_advisory_unlock($1)', [ONLINE_INDEX_LOCK]);
    }
  } finally {
    await client.query('reset statement_timeout').catch(() => undefined);
    client.release();
  }
}

/** What `indexState` needs of a connection: node-postgres' and PGlite's `query(text, params)`. */
interface Queryable {
  query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

/** Whether index `name` of the current schema is missing, valid, or INVALID (a failed concurrent build). */
async function indexState(on: Queryable, name: string): Promise<'missing' | 'valid' | 'invalid'> {
  const { rows } = await on.query<{ valid: boolean }>(
    `select i.indisvalid as valid from pg_index i join pg_class c on c.oid = i.indexrelid
     where c.relname = $1 and c.relnamespace = current_schema()::regnamespace`,
    [name],
  );
  if (rows.length === 0) return 'missing';
  return rows[0].valid ? 'valid' : 'invalid';
}
