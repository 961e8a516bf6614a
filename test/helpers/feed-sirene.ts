/**
 * Harness of the INSEE Sirene importer tests: a fresh database (PGlite, or
 * PostgreSQL in the `api-pg` project) with the real job queue running the `feed-sirene` job, and a helper
 * that writes a file, sends it as a feed job (`input: {kind: 'path'}`, as the CLI and the inbox do) and
 * waits for its end. The fixtures are the real samples of test/fixtures/sirene (see PROVENANCE.md there).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../../server/db/client';
import { JobQueue } from '../../server/jobs/queue';
import { findJob, type JobRow } from '../../server/jobs/store';
import { sireneJobDefinition } from '../../server/modules/feeds/jobs';
import type { FeedJobPayload } from '../../server/modules/feeds/kinds';
import { DEFAULT_SIRENE_LIMITS, type SireneLimits } from '../../server/config';
import { subscribeToFeeds } from '../../server/modules/feeds';
import { rneFeedHooks } from '../../server/modules/rne/feed-hooks';
import { freshDatabase } from './db';
import { rowsOf } from '../../server/db/rows';

/** Folder of the real Sirene samples. */
export const SIRENE_FIXTURES = path.resolve(import.meta.dirname, '../fixtures/sirene');

/** A fixture's bytes (path relative to test/fixtures/sirene). */
export function sireneFixture(name: string): Buffer {
  return fs.readFileSync(path.join(SIRENE_FIXTURES, name));
}

/**
 * Sample `name` (with no quoted field) as its header and rows of cells, to change cells and turn back into
 * bytes: `set(key, column, value)` / `get(key, column)` find the row by SIREN (first column) or SIRET (third).
 */
export function sireneTable(name: string) {
  const [head, ...rows] = sireneFixture(name).toString('utf8').trimEnd().split('\n');
  const header = head.split(',');
  const cells = rows.map((r) => r.split(','));
  const col = (c: string) => {
    const i = header.indexOf(c);
    if (i < 0) throw new Error(`no column ${c}`);
    return i;
  };
  return {
    header,
    cells,
    /** Sets column `c` of the row of `key` (siren or siret, first column that matches). */
    set(key: string, c: string, value: string) {
      const row = cells.find((r) => r[0] === key || r[2] === key);
      if (!row) throw new Error(`no row ${key}`);
      row[col(c)] = value;
    },
    get(key: string, c: string) {
      return cells.find((r) => r[0] === key || r[2] === key)![col(c)];
    },
    bytes: () => Buffer.from([header.join(','), ...cells.map((r) => r.join(','))].join('\n') + '\n'),
  };
}

/** A database with the job queue running the Sirene job. */
export interface SireneHarness {
  database: Database;
  jobs: JobQueue;
  /** Writes `data` as `filename`, runs it as a feed job and waits for its end (done or failed). */
  importFile(filename: string, data: Buffer, opts?: Partial<FeedJobPayload>): Promise<JobRow>;
  /** Rows of a query. */
  rows<T = Record<string, unknown>>(query: ReturnType<typeof sql>): Promise<T[]>;
  close(): Promise<void>;
}

/** Starts a harness (call in beforeAll); `opts.limits` lowers the limits of a stock file to reach them quickly. */
export async function sireneHarness(opts: { limits?: Partial<SireneLimits> } = {}): Promise<SireneHarness> {
  const database = await freshDatabase({ statementTimeoutMs: 5000 });
  const jobs = new JobQueue(database);
  // As the app does: the RNE module's hooks fill its queues from the merges.
  subscribeToFeeds(rneFeedHooks);
  jobs.register(sireneJobDefinition, { config: { sireneLimits: { ...DEFAULT_SIRENE_LIMITS, ...opts.limits } }, jobs });
  await jobs.start();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigie-sirene-'));
  let seq = 0;
  return {
    database,
    jobs,
    async importFile(filename, data, extra = {}) {
      const file = path.join(dir, `${++seq}-${filename}`);
      fs.writeFileSync(file, data);
      const payload: FeedJobPayload = { filename, origin: 'cli', input: { kind: 'path', path: file }, ...extra };
      const created = await jobs.create(sireneJobDefinition, null, payload);
      await jobs.dispatch(created, data.length);
      const until = Date.now() + 60_000;
      for (;;) {
        const job = await findJob(database.db, created.id);
        if (job && (job.state === 'done' || job.state === 'failed')) return job;
        if (Date.now() > until) throw new Error(`job ${created.id} still ${job?.state}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    async rows<T>(query: ReturnType<typeof sql>) {
      const res = await rowsOf<T>(database.db, query);
      return res;
    },
    async close() {
      await jobs.stop();
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
