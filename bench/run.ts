/**
 * `npm run bench [-- --rows N] [-- --fresh] [-- --calls K]`: scale benchmark (budgets of
 * CONVENTIONS.md section 5). Against BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/vigie_bench,
 * created if missing; the benchmark may fill it), it generates N log entries (default 10,000,000; kept
 * between runs unless --fresh or the count differs), starts the real app on a local port, signs in over
 * HTTP, and times each case K times (default 50) after a warm-up. Prints one JSON object:
 * `{"rows": N, "cases": {NAME: {"n", "p50_ms", "p95_ms"}}}` (`rows`: the log entries present). Progress goes to stderr.
 */
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { createContext, ensureSuperAdmin } from '../server/bootstrap';
import { loadConfig } from '../server/config';
import { createAdmin, findAdminByEmail, updateAdmin } from '../server/modules/admins/service';
import { generateLog, logCount, validSirens } from './generate';
import { ensureDatabase } from './database';
import { HttpSession } from './http-session';
import { benchApi } from './api';
import { benchAudit } from './audit';
import { benchDeals } from './deals';
import { benchExport } from './export';
import { benchFeeds } from './feeds';
import { benchNews } from './news';
import { benchRne } from './rne';
import { benchRneWorker } from './rne-worker';

const args = process.argv.slice(2);
const opt = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
/** `--only export` alone defaults to 1,000,000 entries: the export case's size (`export.update_log.1m`). */
const rows = Number(opt('--rows') ?? (opt('--only') === 'export' ? 1_000_000 : 10_000_000));
const calls = Math.max(50, Number(opt('--calls') ?? 50));
const fresh = args.includes('--fresh');
/** `--only news` (or `messages`, `groups`, `feed`, `deals`, `bodacc`, `supervision`, `audit`, `export`, `api`): run only the cases whose name starts with it. */
const only = opt('--only');
const runs = (prefix: string) => !only || prefix.startsWith(only) || only.startsWith(prefix);
const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/vigie_bench';
const log = (m: string) => process.stderr.write(`[bench] ${m}\n`);

function percentile(sorted: number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round(sorted[Math.max(0, i)] * 100) / 100;
}

await ensureDatabase(url);
// The customer API cases call more than its default limit per minute allows (API_RATE_LIMIT, unless set).
const config = loadConfig({ API_RATE_LIMIT: '1000000', ...process.env, DATABASE_URL: url, DATA_DIR: path.join(os.tmpdir(), 'vigie-bench'), LOG_LEVEL: 'warn', PORT: '0' });

// Generating millions of rows (and their indexes) takes minutes: without the app's statement_timeout.
const gen = await createContext(loadConfig({ ...process.env, DATABASE_URL: url, DATA_DIR: config.dataDir, LOG_LEVEL: 'warn', DB_STATEMENT_TIMEOUT_MS: '0' }));
const have = await logCount(gen.db);
/** A run of one module's cases leaves the log as it is. */
const logUntouched =
  only === 'news' || !!only?.startsWith('feed') || !!only?.startsWith('deals') || !!only?.startsWith('bodacc') || !!only?.startsWith('supervision') || !!only?.startsWith('audit');
if (logUntouched) log(`${only} only: the log (${have} entries) is left as it is`);
else if (fresh || have !== rows) {
  log(`generating ${rows} log entries (had ${have})`);
  await generateLog(gen.db, rows, log);
} else log(`reusing ${have} log entries`);
await gen.database.close();

// The app runs with the configured DB_STATEMENT_TIMEOUT_MS (default 5 s), as in production.
const ctx = await createContext(config);

// The super administrator (id 1) first, as `npm start` makes it: the bench administrator must not be id 1,
// whose password only its own profile may change.
await ensureSuperAdmin(ctx);
// A bench administrator with a fresh password.
const email = 'bench@vigie.local';
const password = crypto.randomBytes(16).toString('hex');
const existing = await findAdminByEmail(ctx.db, email);
if (existing) await updateAdmin(ctx.db, existing.id, { name: 'Bench', email, password, status: 1 }, { id: 0 });
else await createAdmin(ctx.db, { name: 'Bench', email, password, status: 1 });

const app = await buildApp(ctx, { logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

// A cookie-keeping HTTP client speaking the contract.
const session = await new HttpSession(base).signIn(email, password);
const call = (method: string, p: string, body?: unknown) => session.call(method, p, body);

const cases: Record<string, Record<string, number>> = {};
async function measure(name: string, fn: () => Promise<unknown>, n = calls, warmup = 10): Promise<void> {
  for (let i = 0; i < warmup; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const own = await fn();
    times.push(typeof own === 'number' ? own : performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  cases[name] = { n, p50_ms: percentile(times, 50), p95_ms: percentile(times, 95) };
  log(`${name}: ${JSON.stringify(cases[name])}`);
}

const filter = (body: object, page = 1) => call('POST', `/api/messages/filter?page=${page}`, { pagination: { per_page: 200 }, ...body });
if (runs('messages') || runs('groups')) await benchLogAndGroups();

// Multipart upload (the news import).
const upload = (p: string, file: Buffer, filename: string) => session.upload(p, file, filename);
/** GET a file (CSV export): its size in bytes. */
async function download(p: string): Promise<number> {
  const res = await fetch(base + p, { headers: session.headers(false) });
  const bytes = (await res.arrayBuffer()).byteLength;
  if (!res.ok) throw new Error(`GET ${p}: ${res.status}`);
  return bytes;
}
/** What the news and feed cases are given: the app's HTTP calls, timing and recording. */
const tools = {
  databaseUrl: url,
  call,
  upload,
  measure,
  record: (name: string, figures: Record<string, number>) => {
    cases[name] = figures;
    log(`${name}: ${JSON.stringify(figures)}`);
  },
  log,
};
if (runs('news')) await benchNews({ db: ctx.db, ...tools });

/** The update-log and groups cases. */
async function benchLogAndGroups(): Promise<void> {
const sample = (await filter({ orderBy: { column: 'id', direction: 'desc' } }, 1)) as { data: Array<{ name: string }>; total: number };
if (sample.total !== rows) throw new Error(`total ${sample.total} != ${rows}`);

await measure('messages.getdatas', () => call('GET', '/api/messages/getdatas'));
await measure('messages.filter.first_page', () => filter({ orderBy: { column: 'id', direction: 'desc' }, search: '' }));
for (const column of ['id', 'code', 'name', 'created_at']) {
  await measure(`messages.filter.sort.${column}`, () => filter({ orderBy: { column, direction: 'asc' }, search: '' }));
  await measure(`messages.filter.sort.${column}.desc`, () => filter({ orderBy: { column, direction: 'desc' }, search: '' }));
}
const siren = sample.data[17].name;
await measure('messages.filter.search.siren', () => filter({ orderBy: { column: 'id', direction: 'desc' }, search: siren }));
await measure('messages.filter.search.text', () => filter({ orderBy: { column: 'id', direction: 'desc' }, search: 'redressement judiciaire' }));
await measure('messages.filter.page_100', () => filter({ orderBy: { column: 'id', direction: 'desc' }, search: '' }, 100));
// The last page: read backward with OFFSET 0 (budget p95 <= 30 ms at 10M rows).
const lastPage = Math.ceil(rows / 200);
await measure('messages.filter.last_page', async () => {
  const p = (await filter({ orderBy: { column: 'id', direction: 'desc' }, search: '' }, lastPage)) as { current_page: number; data: unknown[] };
  if (p.current_page !== lastPage || p.data.length === 0) throw new Error(`last page ${lastPage}: got page ${p.current_page}`);
});

// VIP chip: a group of 50 SIRENs of the log.
const vip = (await call('GET', '/api/groups/all')) as Array<{ id: number; name: string }>;
for (const g of vip.filter((x) => x.name.toLowerCase() === 'vip')) await call('POST', `/api/groups/removegroup/${g.id}`);
const vipGroup = (await call('POST', '/api/groups/store', { name: 'VIP', status: 1 })) as { id: number };
const logSirens = [...new Set(((await filter({ orderBy: { column: 'id', direction: 'desc' } }, 7)) as { data: Array<{ name: string }> }).data.map((d) => d.name))];
await call('POST', '/api/groups/addsirens', { id: vipGroup.id, sirens: logSirens.slice(0, 50) });
await measure('messages.filter.search.onlyvip', () => filter({ orderBy: { column: 'id', direction: 'desc' }, search: 'onlyvip' }));

// 100,000 SIRENs added to a new group, each call on a fresh group.
const hundredK = validSirens(100_000);
await measure(
  'groups.addsirens.100k',
  async () => {
    const g = (await call('POST', '/api/groups/store', { name: `bench-${crypto.randomUUID()}`, status: 1 })) as { id: number };
    const t0 = performance.now();
    await call('POST', '/api/groups/addsirens', { id: g.id, sirens: hundredK });
    const elapsed = performance.now() - t0;
    await call('POST', `/api/groups/removegroup/${g.id}`);
    // 50 x 100k deletions in two minutes outrun autovacuum; vacuum (untimed) so that each call meets a
    // table in its steady state rather than 20M dead rows.
    await ctx.db.execute(sql`vacuum group_sirens`);
    return elapsed; // only the addsirens call is timed
  },
  calls,
  1,
);

}

if (runs('feed')) await benchFeeds({ ctx, ...tools }, only);
if (runs('deals') || runs('bodacc')) await benchDeals({ ctx, ...tools }, only);
// A bulk action with its audit targets beside the same action without them, and a record's history (bench/audit.ts).
if (runs('audit')) await benchAudit({ ctx, ...tools }, only);
// The register (RNE) read cases, then the worker's throughput on a database of its own (bench/rne-worker.ts).
if (runs('supervision')) await benchRne({ ctx, ...tools, download }, only);
if (runs('supervision.worker')) await benchRneWorker(tools);
// The customer API (bench/api.ts): a 1M-company register, pages of the update log by cursor.
if (runs('api')) await benchApi({ ctx, base, measure, log }, only);
// Last: the export case measures the process's memory, which the others' allocations would blur.
if (runs('export')) await benchExport({ ...tools, base, rows, cookie: () => session.cookie() });

await app.close();
await ctx.database.close();
process.stdout.write(JSON.stringify({ rows: logUntouched ? have : rows, cases }) + '\n');
