/**
 * Start-up steps shared by the server, the CLI and the tests: open and migrate the database, write the official
 * nomenclatures' labels (NAF rév. 2, catégories juridiques), load the APP_KEY, and create the first super
 * administrator (id 1) on an empty database. Each step is safe when several processes start at once on one
 * database (migrations and super admin under advisory locks, the labels by an upsert keyed on the code).
 */
import { sql } from 'drizzle-orm';
import type { AppConfig } from './config';
import type { AppContext } from './context';
import { migrateDatabase, openDatabase, pgliteDirOf, type Database } from './db/client';
import { ADVISORY_LOCKS } from './db/locks';
import { admins } from './db/schema';
import { applyOnlineIndexes } from './db/online-indexes';
import { installBossSchema } from './jobs/boss-db';
import { JobQueue } from './jobs/queue';
import { loadOrCreateAppKey, SecretBox } from './lib/app-key';
import { hashPassword, randomPassword, setPasswordHashCost } from './lib/password';
import { ensureNomenclatures } from './modules/register';

/**
 * Brings a database to the code's schema, in this order: the migrations (server/db/client.ts `migrateDatabase`),
 * pg-boss's schema when missing (server/jobs/boss-db.ts; both under the migration lock, so that processes starting
 * at once never create a schema side by side), then the online indexes
 * (server/db/online-indexes.ts: built without blocking writes, outside any transaction, once the migration lock is
 * released, since a process waiting for that lock would hold a snapshot the build waits for).
 * @param opts.onlineIndexesFolder - folder of the online-index files (tests); default server/db/online-indexes
 * @throws when a migration fails (rolled back) or an online index fails to build
 */
export async function prepareDatabase(database: Database, opts: { onlineIndexesFolder?: string } = {}): Promise<void> {
  await migrateDatabase(database, { underLock: () => installBossSchema(database) });
  await applyOnlineIndexes(database, opts.onlineIndexesFolder);
}

/**
 * Sets the cost of new password hashes, opens the configured database, applies migrations, writes the nomenclatures'
 * labels and returns the context.
 */
export async function createContext(config: AppConfig): Promise<AppContext> {
  setPasswordHashCost(config.passwordHashCost);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.databaseUrl ? undefined : pgliteDirOf(config.dataDir),
    statementTimeoutMs: config.dbStatementTimeoutMs,
  });
  await prepareDatabase(database);
  await ensureNomenclatures(database.db);
  const box = new SecretBox(loadOrCreateAppKey(config.appKey, config.dataDir));
  return { config, database, db: database.db, box, jobs: new JobQueue(database) };
}

/** Advisory lock key of first-run bootstrap. */
export const BOOTSTRAP_LOCK = ADVISORY_LOCKS.bootstrap;

/**
 * Creates the super administrator (id 1) when no administrator exists. Several processes may start at
 * once on an empty database: the check and the insert run in one transaction under a
 * transaction-level advisory lock, so exactly one creates it and the others see it.
 * @returns the generated password when `ADMIN_PASSWORD` was unset (to print once), else undefined
 */
export async function ensureSuperAdmin(ctx: AppContext): Promise<{ created: boolean; generatedPassword?: string }> {
  return ctx.db.transaction(async (tx) => {
    // Waiting for another process's bootstrap may outlast DB_STATEMENT_TIMEOUT_MS: no limit in this transaction.
    await tx.execute(sql`set local statement_timeout = 0`);
    await tx.execute(sql`select pg_advisory_xact_lock(${BOOTSTRAP_LOCK})`);
    const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(admins);
    if (Number(n) > 0) return { created: false };
    const generated = ctx.config.adminPassword ? undefined : randomPassword();
    const passwordHash = await hashPassword(ctx.config.adminPassword ?? generated!);
    await tx.insert(admins).values({ id: 1, firstname: '', name: 'Super admin', email: ctx.config.adminEmail, passwordHash, status: 1 });
    // The explicit id leaves the sequence at 1: move it past the row.
    await tx.execute(sql`select setval(pg_get_serial_sequence('admins', 'id'), (select max(id) from admins))`);
    return { created: true, generatedPassword: generated };
  });
}
