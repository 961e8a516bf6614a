/**
 * News cases of `npm run bench`:
 * - `news.import.100k`: a 100,000-row CSV uploaded over HTTP until its rows are in the temporaries
 *   (seconds, rows/s, peak RSS of the bench process, which runs the app, in MB), beside
 *   `news.import.psql_copy_100k`: `psql \copy` of the same file into a plain table (rows/s);
 * - `news.process.100k`: Process of those 100,000 rows into the pending news (ms);
 * - `news.filter.first_page` (and each sort, and a title search) at 1,000,000 pending news.
 * The 1M pending news are generated once (kept between runs) in the bench database.
 */
import { indexedCopySeconds } from './indexed-copy';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../server/db/client';
import { validSirens } from './generate';
import { rowsOf } from '../server/db/rows';

/** What the bench runner gives this file. */
export interface NewsBenchContext {
  db: Db;
  databaseUrl: string;
  call: (method: string, p: string, body?: unknown) => Promise<unknown>;
  upload: (p: string, file: Buffer, filename: string) => Promise<unknown>;
  measure: (name: string, fn: () => Promise<unknown>, n?: number, warmup?: number) => Promise<void>;
  record: (name: string, figures: Record<string, number>) => void;
  log: (m: string) => void;
}

const CATEGORY_FR = 'Bench économie';
const PENDING = 1_000_000;

/** A `;`-separated UTF-8 news CSV of `rows` valid, distinct articles. */
export function newsCsv(rows: number, sirens: string[], tag: string): Buffer {
  const lines = ['siren;nom;titre;categorie;source;lien;date'];
  for (let i = 0; i < rows; i++) {
    const d = String((i % 28) + 1).padStart(2, '0');
    lines.push(`${sirens[i % sirens.length]};Société ${i};Titre d’article numéro ${i} à propos de l’entreprise;${CATEGORY_FR};Bench;https://bench.example.com/${tag}/${i};${d}/10/2026 ${String(i % 24).padStart(2, '0')}:30`);
  }
  return Buffer.from(lines.join('\n') + '\n', 'utf8');
}

/** The id of the bench's news category, created when missing. @throws Error when a call fails */
export async function ensureCategory(ctx: Pick<NewsBenchContext, 'call'>): Promise<number> {
  const all = (await ctx.call('GET', '/api/news/all')) as Array<{ id: number; name_fr: string }>;
  const found = all.find((c) => c.name_fr === CATEGORY_FR);
  if (found) return found.id;
  const made = (await ctx.call('POST', '/api/news/store', { name_fr: CATEGORY_FR, name_en: 'Bench economy', status: 1 })) as { id: number };
  return made.id;
}

/**
 * Polls `GET /api/jobs/{id}` every 50 ms until the job is done or failed; `onTick` runs after each poll.
 * @returns the job's last state, error and rows read
 */
export async function waitForJob(ctx: Pick<NewsBenchContext, 'call'>, id: string, onTick: () => void): Promise<{ state: string; error: string | null; rows_read: number }> {
  for (;;) {
    const job = (await ctx.call('GET', `/api/jobs/${id}`)) as { state: string; error: string | null; rows_read: number };
    onTick();
    if (job.state === 'done' || job.state === 'failed') return job;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Runs the news cases. */
export async function benchNews(ctx: NewsBenchContext): Promise<void> {
  const categoryId = await ensureCategory(ctx);
  const sirens = validSirens(50_000);
  await ctx.call('GET', '/api/news/cancel');

  // Import and Process of 100,000 rows, three times (the pending news they create are removed after each run).
  const imports: number[] = [];
  const processes: number[] = [];
  let peakRss = 0;
  const baseRss = process.memoryUsage().rss;
  let file: Buffer = Buffer.alloc(0);
  let indexed = 0;
  for (let run = 0; run < 3; run++) {
    file = newsCsv(100_000, sirens, `run-${Date.now()}-${run}`);
    const t0 = performance.now();
    const answer = (await ctx.upload('/api/news/import', file, 'bench-news.csv')) as { job: { id: string } };
    const job = await waitForJob(ctx, answer.job.id, () => {
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
    });
    const seconds = (performance.now() - t0) / 1000;
    if (job.state !== 'done' || job.rows_read !== 100_000) throw new Error(`import ${job.state}: ${job.error}`);
    imports.push(seconds);
    ctx.log(`news import 100k: ${seconds.toFixed(2)} s`);
    if (run === 2) indexed = indexedCopySeconds(ctx.databaseUrl, [{ table: 'news_temporaries', where: `job_id = '${answer.job.id}'` }]);
    const t1 = performance.now();
    const processed = (await ctx.call('GET', '/api/news/process')) as { count: number };
    processes.push(performance.now() - t1);
    if (processed.count !== 100_000) throw new Error(`process moved ${processed.count}`);
    ctx.log(`news process 100k: ${(performance.now() - t1).toFixed(0)} ms`);
    await ctx.db.execute(sql`delete from news where url like 'https://bench.example.com/run-%'`);
    await ctx.db.execute(sql`vacuum analyze news`);
  }
  imports.sort((a, b) => a - b);
  processes.sort((a, b) => a - b);
  const median = (xs: number[]) => xs[Math.floor(xs.length / 2)];
  ctx.record('news.import.100k', {
    n: imports.length,
    seconds_p50: round(median(imports)),
    seconds_max: round(imports[imports.length - 1]),
    rows_per_s: Math.round(100_000 / median(imports)),
    indexed_copy_seconds: round(indexed),
    ratio_to_indexed_copy: round(indexed / median(imports)),
    peak_rss_mb: Math.round(peakRss / 1048576),
    base_rss_mb: Math.round(baseRss / 1048576),
    file_mb: round(file.length / 1048576),
  });
  ctx.record('news.process.100k', { n: processes.length, p50_ms: round(median(processes)), max_ms: round(processes[processes.length - 1]) });

  // psql \copy of the same file, for comparison (CONVENTIONS.md section 6).
  const tmp = path.join(os.tmpdir(), `vigie-bench-news-${process.pid}.csv`);
  fs.writeFileSync(tmp, file);
  try {
    execFileSync('psql', [ctx.databaseUrl, '-qc', 'drop table if exists bench_news_copy; create unlogged table bench_news_copy (siren text, nom text, titre text, categorie text, source text, lien text, date text)']);
    const t0 = performance.now();
    execFileSync('psql', [ctx.databaseUrl, '-qc', `\\copy bench_news_copy from '${tmp}' with (format csv, delimiter ';', header true)`]);
    const seconds = (performance.now() - t0) / 1000;
    execFileSync('psql', [ctx.databaseUrl, '-qc', 'drop table bench_news_copy']);
    ctx.record('news.import.psql_copy_100k', { seconds: round(seconds), rows_per_s: Math.round(100_000 / seconds) });
  } finally {
    fs.rmSync(tmp, { force: true });
  }

  // 1,000,000 pending news, generated once.
  const [{ n }] = await rowsOf<{ n: number }>(ctx.db, sql`select count(*)::int as n from news`);
  if (Number(n) !== PENDING) {
    ctx.log(`generating ${PENDING} pending news (had ${n})`);
    await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local statement_timeout = 0`);
      await tx.execute(sql`delete from news`);
      await tx.execute(sql`
      insert into news (siren, name, title, newscategory_id, category_name, posted, source, url)
      select (${sql.param(sirens)}::text[])[1 + (i % ${sirens.length})], 'Société ' || i,
             'Actualité ' || i || ' : ' || (array['résultats annuels', 'levée de fonds', 'nomination', 'nouveau site', 'partenariat'])[1 + i % 5],
             ${categoryId}, ${CATEGORY_FR}, now() - make_interval(mins => i), 'Bench', 'https://bench.example.com/pending/' || i
      from generate_series(1, ${PENDING}) as i`);
    });
    await ctx.db.execute(sql`vacuum analyze news`);
  }
  const filter = (body: object) => ctx.call('POST', '/api/news/filter?page=1', { pagination: { per_page: 200 }, ...body });
  await ctx.measure('news.filter.first_page', () => filter({ orderBy: { column: 'id', direction: 'desc' }, search: '' }));
  for (const column of ['siren', 'title', 'newscategory', 'posted']) {
    await ctx.measure(`news.filter.sort.${column}`, () => filter({ orderBy: { column, direction: 'asc' }, search: '' }));
  }
  await ctx.measure('news.filter.search.siren', () => filter({ orderBy: { column: 'id', direction: 'desc' }, search: sirens[123] }));
  await ctx.measure('news.filter.search.text', () => filter({ orderBy: { column: 'id', direction: 'desc' }, search: 'levée de fonds' }));
}

function round(x: number): number {
  return Math.round(x * 100) / 100;
}
