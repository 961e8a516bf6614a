/**
 * Runs one feed file through the app's own job queue, as the CLI does (origin `cli`, the file read in place), and
 * waits for its end: the shared step of the tests that need the real samples imported (BODACC, INSEE Sirene).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { AppContext } from '../../server/context';
import { findJob, type JobRow } from '../../server/jobs/store';
import { feedJobs } from '../../server/modules/feeds/jobs';
import type { FeedJobPayload } from '../../server/modules/feeds/kinds';

/**
 * Runs job `kind` (`feed-bodacc`, `feed-sirene`) on the file at `file`, shown as `filename`.
 * @returns the job's row once it is done or failed
 * @throws Error when it is still running after `timeoutMs`
 */
export async function runFeedFile(ctx: AppContext, kind: string, file: string, filename = path.basename(file), timeoutMs = 60_000): Promise<JobRow> {
  const payload: FeedJobPayload = { filename, origin: 'cli', input: { kind: 'path', path: file } };
  const definition = feedJobs.find((d) => d.kind === kind);
  if (!definition) throw new Error(`no feed job ${kind}`);
  const job = await ctx.jobs.create(definition, null, payload);
  await ctx.jobs.dispatch(job, fs.statSync(file).size);
  for (const until = Date.now() + timeoutMs; Date.now() < until; await new Promise((r) => setTimeout(r, 50))) {
    const row = await findJob(ctx.db, job.id);
    if (row && (row.state === 'done' || row.state === 'failed')) return row;
  }
  throw new Error(`job ${job.id} did not end within ${timeoutMs} ms`);
}
