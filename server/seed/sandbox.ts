/**
 * The preparation of the customer API's sandbox data set (server/api/sandbox.ts runs it at start-up; `npm run
 * seed:sandbox` runs it alone):
 * - `SANDBOX_DATABASE_URL` set: that PostgreSQL database, migrated, and seeded when it holds no company (kept as it
 *   is otherwise, so that every process sharing it reads one data set);
 * - unset: an embedded in-memory database (PGlite), migrated and seeded, one per process.
 * The data set is the demo's (server/seed/demo.ts): the real public INSEE Sirene and BODACC samples through the real
 * feed jobs, news of those notices, deals built from the BODACC sales, fictitious administrators and customers; its
 * deals are then published, so that `/v1/deals` has something to serve. Nothing of the production database is copied.
 */
import { sql } from 'drizzle-orm';
import type { SandboxLog } from '../api/sandbox';
import type { AppConfig } from '../config';
import type { AppContext } from '../context';
import { prepareDatabase } from '../bootstrap';
import { openDatabase, type Database } from '../db/client';
import { rowsOf } from '../db/rows';
import { JobQueue } from '../jobs/queue';
import { loadOrCreateAppKey, SecretBox } from '../lib/app-key';
import { publishDeals } from '../modules/deals/publication';
import { ensureNomenclatures } from '../modules/register';
import { seedDemo } from './demo';

/**
 * Opens the sandbox database of `config`, brings it to the code's schema (migrations, pg-boss's schema, online
 * indexes: server/bootstrap.ts `prepareDatabase`), writes the nomenclatures' labels and seeds the demo when it
 * holds no company. Between steps, an aborted `signal` stops it (the database closed, the abort reason thrown).
 * @returns the database, ready to read, and whether this call seeded it
 * @throws when a step fails (the database closed)
 */
export async function openSandbox(config: AppConfig, signal: AbortSignal): Promise<{ database: Database; seeded: boolean }> {
  const database = await openDatabase({ databaseUrl: config.api.sandboxDatabaseUrl, statementTimeoutMs: 0 });
  try {
    signal.throwIfAborted();
    await prepareDatabase(database);
    await ensureNomenclatures(database.db);
    signal.throwIfAborted();
    // The demo seed keeps what exists (server/seed/demo.ts), so two processes seeding one shared sandbox at once
    // leave one data set.
    const [{ n }] = await rowsOf<{ n: number }>(database.db, sql`select count(*)::int as n from (select 1 from companies limit 1) c`);
    if (n === 0) await seedSandbox(config, database);
    return { database, seeded: n === 0 };
  } catch (err) {
    await database.close();
    throw err;
  }
}

/** `openSandbox` as the customer API runs it at start-up (server/api/sandbox.ts `SandboxPreparation`), logged. */
export async function prepareSandbox(config: AppConfig, log: SandboxLog, signal: AbortSignal): Promise<Database> {
  const started = Date.now();
  const { database, seeded } = await openSandbox(config, signal);
  log.info({ ms: Date.now() - started, seeded, shared: Boolean(config.api.sandboxDatabaseUrl) }, 'customer API: sandbox data set ready');
  return database;
}

/** Seeds the demo into `database` and publishes its deals. */
async function seedSandbox(config: AppConfig, database: Database): Promise<void> {
  // The seed runs the feed jobs on the sandbox's own queue: none of the production feeds' sources or workers.
  const ctx: AppContext = {
    config: { ...config, feedInbox: false, rneWorker: false, feedBodaccUrl: undefined, feedSireneUrls: [] },
    database,
    db: database.db,
    box: new SecretBox(loadOrCreateAppKey(config.appKey, config.dataDir)),
    jobs: new JobQueue(database),
  };
  try {
    await seedDemo(ctx);
    await publishDeals(database.db, null);
  } finally {
    await ctx.jobs.stop();
  }
}
