/**
 * Database client: PGlite (embedded PostgreSQL, WASM) when no URL is given, node-postgres otherwise
 * (CONVENTIONS.md section 1). Both are wrapped in the same Drizzle type so that services never know
 * which one runs. `migrateDatabase` applies the migrations (drizzle-kit SQL under ./migrations).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import lockfile from 'proper-lockfile';
import { DEFAULT_STATEMENT_TIMEOUT_MS } from '../config';
import { ADVISORY_LOCKS } from './locks';
import { pgliteSql, poolSql, type Sql } from './sql';
import * as schema from './schema';

/** The Drizzle database every service receives. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** An open database with its driver kind and lifecycle. */
export interface Database {
  db: Db;
  kind: 'pglite' | 'pg';
  /** The node-postgres pool (PostgreSQL only): bulk COPY and session-bound locks need a client. */
  pool?: pg.Pool;
  /** The embedded instance (PGlite only). */
  pglite?: PGlite;
  /** Plain SQL on this database, whichever driver runs (./sql.ts): what modules use beside Drizzle. */
  sql: Sql;
  /** Resolves when the database answers `select 1`; rejects otherwise. */
  ping(): Promise<void>;
  /** Closes the pool or the embedded instance (idempotent). */
  close(): Promise<void>;
}

/** Folder of the committed SQL migrations. */
export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Age (ms) after which the lock on an embedded database, refreshed every 5 s by its holder, is taken as a dead process's. */
export const EMBEDDED_LOCK_STALE_MS = 15_000;

/**
 * Opens the database.
 * @param opts.databaseUrl - PostgreSQL URL; when absent PGlite is used
 * @param opts.pgliteDir - PGlite data directory (created if missing); `undefined` = in memory
 * @param opts.pgliteTemplate - a `dumpDataDir()` tarball to start from (skips initdb; used by the tests)
 * @param opts.statementTimeoutMs - PostgreSQL only: `statement_timeout` of every pool connection, set at
 *   connection start (default DEFAULT_STATEMENT_TIMEOUT_MS = 5000; 0: none). A request never holds a connection for ever.
 * @throws Error (French message) when another process holds the embedded database's lock
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  pgliteDir?: string;
  pgliteTemplate?: Blob;
  statementTimeoutMs?: number;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const timeout = opts.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
    let closed = false;
    // Sent in the startup packet: every connection of the pool has it from its first statement.
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10, ...(timeout > 0 ? { statement_timeout: timeout } : {}) });
    // An idle connection ended by the server (restart, pg_terminate_backend, a database dropped with FORCE)
    // is emitted on the pool, and an 'error' event without a listener would crash the process. The pool
    // has already dropped that client; the next query opens a new connection. Only the code and text of the
    // server's message are written (a connection error carries no query values).
    pool.on('error', (err: Error & { code?: string }) => {
      if (!closed) process.stderr.write(`Connexion PostgreSQL inactive fermée par le serveur (${err.code ?? 'inconnu'})\u00a0: ${err.message}\n`);
    });
    const db: Db = drizzlePg(pool, { schema });
    return {
      db,
      kind: 'pg',
      pool,
      sql: poolSql(pool),
      ping: async () => {
        await pool.query('select 1');
      },
      close: async () => {
        if (!closed) {
          closed = true;
          await pool.end();
        }
      },
    };
  }
  let release: (() => void) | undefined;
  if (opts.pgliteDir) {
    fs.mkdirSync(opts.pgliteDir, { recursive: true });
    // One process at a time on an embedded database: a second writer would corrupt it.
    try {
      release = lockfile.lockSync(opts.pgliteDir, { stale: EMBEDDED_LOCK_STALE_MS, update: 5_000 });
    } catch {
      throw new Error(
        `La base embarquée ${opts.pgliteDir} est déjà utilisée par un autre processus (serveur démarré\u202f?). ` +
          'Arrêtez-le, ou attendez 15 s après un arrêt brutal.',
      );
    }
  }
  const client = await PGlite.create(opts.pgliteDir ?? 'memory://', { extensions: { pg_trgm }, loadDataDir: opts.pgliteTemplate });
  const db: Db = drizzlePglite(client, { schema });
  return {
    db,
    kind: 'pglite',
    pglite: client,
    sql: pgliteSql(client),
    ping: async () => {
      if (client.closed) throw new Error('database closed');
      await client.query('select 1');
    },
    close: async () => {
      if (!client.closed) await client.close();
      release?.();
      release = undefined;
    },
  };
}

/**
 * Applies the pending drizzle-kit migrations (./migrations), then runs `opts.underLock` (the start-up's other schema
 * step: pg-boss's schema, server/bootstrap.ts `prepareDatabase`) before letting go. On PostgreSQL an advisory lock
 * serialises concurrent app processes through both, so that two processes starting at once on an empty database
 * never create the same schema side by side; the migration connection runs without `statement_timeout` (waiting for
 * the lock may take longer), which it gets back before it returns to the pool.
 * @throws when a migration fails (the failed migration is rolled back), or what `opts.underLock` throws
 */
export async function migrateDatabase(database: Database, opts: { underLock?: () => Promise<void> } = {}): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as never, { migrationsFolder });
    await opts.underLock?.();
    return;
  }
  const client = await database.pool!.connect();
  try {
    const db = drizzlePg(client, { schema });
    await db.execute(sql`set statement_timeout = 0`);
    try {
      await db.execute(sql`select pg_advisory_lock(${ADVISORY_LOCKS.migrations})`);
      try {
        await migratePg(db, { migrationsFolder });
        await opts.underLock?.();
      } finally {
        await db.execute(sql`select pg_advisory_unlock(${ADVISORY_LOCKS.migrations})`);
      }
    } finally {
      await db.execute(sql`reset statement_timeout`);
    }
  } finally {
    client.release();
  }
}

/** Path of the embedded database inside DATA_DIR. */
export function pgliteDirOf(dataDir: string): string {
  return path.join(dataDir, 'pglite');
}
