/**
 * A fresh, migrated database per test file (CONVENTIONS.md section 4.7), holding the nomenclatures' labels as a
 * started server's does (server/bootstrap.ts):
 * - default: an in-memory PGlite loaded from the migrated template of `pglite-template.ts`;
 * - `VIGIE_TEST_DB=pg` (the `api-pg` Vitest project, when TEST_DATABASE_URL is set): a new PostgreSQL
 *   database copied from the migrated template `<prefix>_template` that `pg-global-setup.ts` builds.
 */
import crypto from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Database, type Db } from '../../server/db/client';
import { prepareDatabase } from '../../server/bootstrap';
import { ensureNomenclatures } from '../../server/modules/register/nomenclatures';
import { loadTemplate } from './pglite-template';

/**
 * Prefix of the PostgreSQL test databases (`<prefix>_template`, `<prefix>_t_<random>`); `VIGIE_PG_PREFIX`
 * lets two checkouts run the PostgreSQL tests at once on one server without dropping each other's databases.
 */
export const PG_PREFIX = /^[a-z][a-z0-9_]{0,30}$/.test(process.env.VIGIE_PG_PREFIX ?? '') ? process.env.VIGIE_PG_PREFIX! : 'vigie';
export const TEMPLATE_DB = `${PG_PREFIX}_template`;

/** Returns `url` pointing at database `name`. */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = '/' + name;
  return u.toString();
}

/**
 * Opens a fresh database; `close()` also drops it on PostgreSQL.
 * @param opts.statementTimeoutMs - PostgreSQL `statement_timeout` of the pool (the app's default when absent)
 */
export async function freshDatabase(opts: { statementTimeoutMs?: number } = {}): Promise<Database & { url?: string }> {
  if (process.env.VIGIE_TEST_DB !== 'pg') {
    const database = await openDatabase({ pgliteTemplate: await loadTemplate() });
    await prepareDatabase(database); // a no-op on the template; keeps the file honest if it were stale
    await ensureNomenclatures(database.db); // likewise (the template holds them)
    return database;
  }
  const base = process.env.TEST_DATABASE_URL!;
  const name = `${PG_PREFIX}_t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`create database ${name} template ${TEMPLATE_DB}`);
        break;
      } catch (err) {
        if (attempt > 20) throw err;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
  } finally {
    await admin.end();
  }
  const url = withDatabase(base, name);
  const database = await openDatabase({ databaseUrl: url, statementTimeoutMs: opts.statementTimeoutMs });
  await ensureNomenclatures(database.db); // a check: the template holds them
  return {
    ...database,
    url,
    close: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * The database's message refusing `statement` on `db` (the driver's error, or its cause under Drizzle's wrapper), or
 * `accepted` when it ran: what a trigger or a constraint says of a write the test expects refused.
 */
export async function refusal(db: Db, statement: SQL): Promise<string> {
  try {
    await db.execute(statement);
    return 'accepted';
  } catch (err) {
    const e = err as Error & { cause?: Error };
    return `${e.message} ${e.cause?.message ?? ''}`;
  }
}
