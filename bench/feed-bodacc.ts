/**
 * Bench case of the BODACC feed, `npm run bench -- --only feed.bodacc`:
 * `feed.bodacc.10k` — a DILA XML bulletin of 10,000 notices, made of the 59 real `<avis>` of the samples
 * (test/fixtures/bodacc/: 29 sales, 30 creations and registrations) repeated with distinct notice numbers,
 * in an issue of its own, imported through the `feed-bodacc` job (file read in place, as the CLI and the inbox
 * do), three times. Reports seconds (median and max; target ≤ 10 s), notices/s and the peak RSS of the bench
 * process (the job runs in it). The rows of each run are deleted afterwards (the log rollups follow).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { findJob, type JobRow } from '../server/jobs/store';
import type { JobQueue } from '../server/jobs/queue';
import { bodaccJobDefinition } from '../server/modules/feeds/jobs';
import type { FeedJobPayload } from '../server/modules/feeds/kinds';
import type { FeedBenchContext } from './feeds';

const NOTICES = 10_000;
const RUNS = 3;
const FIXTURES = path.join(import.meta.dirname, '../test/fixtures/bodacc');

/** The real `<avis>` blocks of the two XML samples. */
function realAvis(): string[] {
  const out: string[] = [];
  for (const f of ['RCS-A_BXA20210005_ventes.xml', 'RCS-A_BXA20210005_first30_other_avis.xml']) {
    out.push(...(fs.readFileSync(path.join(FIXTURES, f), 'utf8').match(/<avis>[\s\S]*?<\/avis>/g) ?? []));
  }
  return out;
}

/** Writes to `file` a bulletin of `n` notices in issue `issue`, numbered 1..n (in pieces: the bench's RSS is the job's). */
export function writeBulletin(file: string, n: number, issue: string): void {
  const avis = realAvis();
  const fd = fs.openSync(file, 'w');
  try {
    fs.writeSync(fd, `<?xml version="1.0" encoding="utf-8"?>\n<RCS-A_IMMAT>\n   <parution>${issue}</parution>\n   <dateParution>2021-01-08</dateParution>\n   <listeAvis>\n`);
    let parts: string[] = [];
    for (let i = 0; i < n; i++) {
      parts.push('      ', avis[i % avis.length].replace(/<numeroAnnonce>\d+<\/numeroAnnonce>/, `<numeroAnnonce>${i + 1}</numeroAnnonce>`), '\n');
      if (parts.length >= 300) {
        fs.writeSync(fd, parts.join(''));
        parts = [];
      }
    }
    fs.writeSync(fd, parts.join('') + '   </listeAvis>\n</RCS-A_IMMAT>\n');
  } finally {
    fs.closeSync(fd);
  }
}

/** Runs the job on `file` and waits for its end, sampling the RSS. */
async function runJob(queue: JobQueue, b: FeedBenchContext, file: string, onSample: () => void): Promise<JobRow> {
  const payload: FeedJobPayload = { filename: path.basename(file), origin: 'cli', input: { kind: 'path', path: file } };
  const job = await queue.create(bodaccJobDefinition, null, payload);
  await queue.dispatch(job, fs.statSync(file).size);
  for (;;) {
    onSample();
    const row = await findJob(b.ctx.db, job.id);
    if (row && (row.state === 'done' || row.state === 'failed')) return row;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Runs the bodacc bench cases. */
export async function benchBodacc(b: FeedBenchContext): Promise<void> {
  const queue = b.ctx.jobs; // the feeds module registers `feed-bodacc` in the app's queue
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'vigie-bench-bodacc-'));
  const times: number[] = [];
  let peakRss = 0;
  const baseRss = process.memoryUsage().rss;
  let bytes = 0;
  let last: JobRow | undefined;
  try {
    for (let run = 0; run < RUNS; run++) {
      // An issue number of its own (8 digits, 9xxxxxxx: no real issue), so that every notice is new.
      const issue = `9${String(Date.now() % 10_000_000).padStart(7, '0')}`;
      const file = path.join(tmp, `RCS-A_BXA${issue}.xml`);
      writeBulletin(file, NOTICES, issue);
      bytes = fs.statSync(file).size;
      const t0 = performance.now();
      last = await runJob(queue, b, file, () => {
        peakRss = Math.max(peakRss, process.memoryUsage().rss);
      });
      const seconds = (performance.now() - t0) / 1000;
      const result = last.result as { new?: number } | null;
      if (last.state !== 'done' || result?.new !== NOTICES) throw new Error(`feed.bodacc run ${run}: ${last.state} ${last.error ?? JSON.stringify(last.result)}`);
      times.push(seconds);
      b.log(`feed.bodacc.10k run ${run + 1}: ${seconds.toFixed(2)} s (${JSON.stringify(last.result)})`);
      await b.ctx.db.execute(sql`delete from update_log where code = 'BODACC' and description like ${`% n°${issue} du %`}`);
      await b.ctx.db.execute(sql`delete from announcements where issue = ${issue}`);
      fs.rmSync(file, { force: true });
    }
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  times.sort((x, y) => x - y);
  const median = times[Math.floor(times.length / 2)];
  const r = (x: number) => Math.round(x * 100) / 100;
  const result = last!.result as Record<string, number>;
  b.record('feed.bodacc.10k', {
    n: times.length,
    notices: NOTICES,
    seconds_p50: r(median),
    seconds_max: r(times[times.length - 1]),
    notices_per_s: Math.round(NOTICES / median),
    target_seconds: 10,
    sales: result.sales,
    log_entries: result.log_entries,
    file_mb: r(bytes / 1048576),
    peak_rss_mb: Math.round(peakRss / 1048576),
    base_rss_mb: Math.round(baseRss / 1048576),
  });
}
