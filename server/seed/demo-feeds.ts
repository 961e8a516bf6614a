/**
 * Demo feeds (`npm run seed:demo`): the real INSEE Sirene and BODACC samples of
 * test/fixtures/{sirene,bodacc} (their origin in each folder's PROVENANCE.md) imported by the real feed
 * jobs, so that a new user sees real supervision tables, feed health, companies, announcements and
 * update-log entries. They are the demo's register: everything else the demo shows by SIREN is built on
 * them (server/seed/demo.ts).
 *
 * Each file runs as a `feed-sirene` / `feed-bodacc` job (server/modules/feeds/kinds.ts) through the job
 * queue, started and awaited as `npm run feed:*` does it (`startFeedJob`, origin `cli`, read in place), one
 * after the other, oldest layouts first so that the current files give the register its final state. A
 * sample already imported with success (a `feed_files` row of its name with status 1) is skipped: a second
 * seed imports nothing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { registerJobs } from '../modules/job-registry';
import { waitForJob } from '../jobs/store';
import { feedsModule } from '../modules/feeds/module';
import { rneModule } from '../modules/rne/module';
import { fileURLToPath } from 'node:url';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import { feedFiles } from '../db/schema';
import { FEED_BODACC, FEED_SIRENE } from '../modules/feeds/kinds';
import { startFeedJob } from '../modules/feeds/start';

/** The fixtures folder holding `sirene/` and `bodacc/`. */
export const FEED_FIXTURES_DIR = fileURLToPath(new URL('../../test/fixtures/', import.meta.url));

/**
 * The real samples, in import order, by file name (found anywhere under their feed's folder). Only these:
 * the folders also hold broken files made for the tests.
 */
export const DEMO_FEED_SAMPLES: ReadonlyArray<{ kind: typeof FEED_SIRENE | typeof FEED_BODACC; name: string }> = [
  { kind: FEED_SIRENE, name: 'StockUniteLegale_2019_etalab_fixture.csv' },
  { kind: FEED_SIRENE, name: 'StockEtablissement_geo_2019_etalab_fixture.csv' },
  { kind: FEED_SIRENE, name: 'StockUniteLegale_from_api_2019-2020.csv' },
  { kind: FEED_SIRENE, name: 'StockEtablissement_from_api_2019-11.csv' },
  { kind: FEED_SIRENE, name: 'StockUniteLegale_sample.csv' },
  { kind: FEED_SIRENE, name: 'StockEtablissement_sample.csv' },
  { kind: FEED_BODACC, name: 'RCS-A_BXA20210005_first30_other_avis.xml' },
  { kind: FEED_BODACC, name: 'RCS-A_BXA20210005_ventes.xml' },
  { kind: FEED_BODACC, name: 'ods_api_v1_search_registre_880878145.json' },
];

/**
 * What the demo feeds did: files imported now (ok), the update-log entries those imports wrote (the jobs'
 * `log_entries`), failed files (their names), and samples not found in the fixtures.
 */
export interface DemoFeedsResult {
  feedFiles: number;
  logEntries: number;
  failed: string[];
  missing: string[];
}

/** Every file under `dir`, recursively (none when it does not exist). */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/**
 * The path of the demo sample `name` of feed `kind`, found anywhere under its feed's folder of `fixturesDir`.
 * @returns undefined when the fixtures do not hold it
 */
export function samplePath(kind: typeof FEED_SIRENE | typeof FEED_BODACC, name: string, fixturesDir = FEED_FIXTURES_DIR): string | undefined {
  return filesUnder(path.join(fixturesDir, kind === FEED_SIRENE ? 'sirene' : 'bodacc')).find((f) => path.basename(f) === name);
}

/** Whether a file of that name was already imported with success. */
async function alreadyImported(ctx: AppContext, filename: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: feedFiles.id })
    .from(feedFiles)
    .where(and(eq(feedFiles.filename, filename), eq(feedFiles.status, 1)))
    .limit(1);
  return Boolean(row);
}

/**
 * Imports the samples not imported yet, each by its feed job, and waits for each to end. Registers the two
 * feed kinds and starts the queue when the caller has not (the seed script: stop it with `ctx.jobs.stop()`);
 * in a running app both are already done and this only queues the jobs.
 * @param fixturesDir - folder holding `sirene/` and `bodacc/` (test/fixtures by default)
 * @returns counts of files imported (ok / failed) and of the log entries they wrote, and the sample names not found
 */
export async function seedDemoFeeds(ctx: AppContext, fixturesDir = FEED_FIXTURES_DIR): Promise<DemoFeedsResult> {
  const result: DemoFeedsResult = { feedFiles: 0, logEntries: 0, failed: [], missing: [] };
  registerJobs(ctx, [feedsModule, rneModule]);
  await ctx.jobs.start();
  for (const sample of DEMO_FEED_SAMPLES) {
    const file = samplePath(sample.kind, sample.name, fixturesDir);
    if (!file) {
      result.missing.push(sample.name);
      continue;
    }
    if (await alreadyImported(ctx, sample.name)) continue;
    const job = await startFeedJob(ctx.jobs, ctx.db, {
      feed: sample.kind === FEED_SIRENE ? 'sirene' : 'bodacc',
      filename: sample.name,
      origin: 'cli',
      input: { path: file },
    });
    const done = await waitForJob(ctx.db, job.id, { pollMs: 50 });
    if (done.state === 'done') {
      result.feedFiles += 1;
      result.logEntries += Number(done.result?.log_entries ?? 0);
    } else result.failed.push(sample.name);
  }
  return result;
}
