/**
 * The sandbox data set of the customer API: what Sandbox tokens read, in a database of its own, so that a sandbox
 * call cannot reach a production row whatever its query says.
 * - `SANDBOX_DATABASE_URL` set: that PostgreSQL database, migrated, and seeded once when it holds no company;
 * - unset: an embedded in-memory database (PGlite) per process, seeded at its first use.
 * The data set is the demo's (server/seed/demo.ts): the real public INSEE Sirene and BODACC samples through the real
 * feed jobs, news of those notices, deals built from the BODACC sales, fictitious administrators and customers; its
 * deals are then published, so that `/v1/deals` has something to serve. Nothing of the production database is copied.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config';
import type { AppContext } from '../context';
import { migrateDatabase, openDatabase, type Database, type Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { JobQueue } from '../jobs/queue';
import { loadOrCreateAppKey, SecretBox } from '../lib/app-key';
import { publishDeals } from '../modules/deals/publication';
import { ensureNomenclatures } from '../modules/feeds/nomenclatures';
import { seedDemo } from '../seed/demo';

/** The sandbox database, opened and seeded on first use. */
export class Sandbox {
  private opening?: Promise<Database>;

  constructor(
    private readonly config: AppConfig,
    private readonly log: Pick<FastifyBaseLogger, 'info' | 'error'>,
  ) {}

  /** The sandbox's database handle; the first call opens and, when empty, seeds it (about 10 s on PGlite). */
  async db(): Promise<Db> {
    this.opening ??= this.open().catch((err: unknown) => {
      this.opening = undefined;
      throw err;
    });
    return (await this.opening).db;
  }

  /** Closes the sandbox database when it was opened. */
  async close(): Promise<void> {
    const opening = this.opening;
    this.opening = undefined;
    if (!opening) return;
    const database = await opening.catch(() => undefined);
    await database?.close();
  }

  private async open(): Promise<Database> {
    const started = Date.now();
    const database = await openDatabase({ databaseUrl: this.config.api.sandboxDatabaseUrl, statementTimeoutMs: 0 });
    try {
      await migrateDatabase(database);
      await ensureNomenclatures(database.db);
      // The demo seed keeps what exists (server/seed/demo.ts), so two processes seeding one shared sandbox at once
      // leave one data set.
      const [{ n }] = await rowsOf<{ n: number }>(database.db, sql`select count(*)::int as n from (select 1 from companies limit 1) c`);
      const seeded = n > 0;
      if (!seeded) await this.seed(database);
      this.log.info({ ms: Date.now() - started, seeded: !seeded }, 'customer API: sandbox data set ready');
      return database;
    } catch (err) {
      await database.close();
      throw err;
    }
  }

  /** Seeds the demo into `database` and publishes its deals. */
  private async seed(database: Database): Promise<void> {
    // The seed runs the feed jobs on the sandbox's own queue: none of the production feeds' sources or workers.
    const config: AppConfig = { ...this.config, feedInbox: false, rneWorker: false, feedBodaccUrl: undefined, feedSireneUrls: [] };
    const ctx: AppContext = {
      config,
      database,
      db: database.db,
      box: new SecretBox(loadOrCreateAppKey(this.config.appKey, this.config.dataDir)),
      jobs: new JobQueue(database),
    };
    try {
      await seedDemo(ctx);
      await publishDeals(database.db, null);
    } finally {
      await ctx.jobs.stop();
    }
  }
}
