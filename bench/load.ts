/**
 * `npm run load [-- --rows N] [-- --seconds S] [-- --connections C] [-- --queue Q]`: the back-office under
 * sustained load while it works. Against LOAD_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/vigie_load, created if missing; N update-log entries generated once, default
 * 1,000,000), it starts the real server (server/main.ts) in a child process with the RNE worker on, against the
 * fake RNE API (test/helpers/fake-rne-server.ts, 20 ms per answer) with Q SIRENs queued (default 20,000), and
 * news imports of 100,000 rows one after another. Meanwhile autocannon sends C connections (default 50) for S
 * seconds (default 60) of list and statistics calls: the update log's first page and a SIREN search, its
 * statistics, the dashboard counts, the deals list and statistics.
 *
 * Prints one JSON object: `requests_per_s` (mean), `latency_ms` {p50, p90, p99, max}, `requests`, `errors`
 * (network errors and time-outs), `non_2xx`, `rss_mb` {start, warm (after 10 s), end, max} of the server process
 * (sampled every second from /proc), `imports` (news imports finished during the run), `rne_done` (queue entries the worker
 * finished during the run). Exits 1 when a call failed or answered other than 2xx. Progress goes to stderr.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import getPort from 'get-port';
import { createContext, ensureSuperAdmin } from '../server/bootstrap';
import { loadConfig } from '../server/config';
import { createAdmin, findAdminByEmail, updateAdmin } from '../server/modules/admins/service';
import { FAKE_RNE_ACCOUNT, startFakeRne } from '../test/helpers/fake-rne-server';
import { generateLog, logCount, validSirens } from './generate';
import { ensureDatabase } from './database';
import { HttpSession } from './http-session';
import { ensureCategory, newsCsv, waitForJob } from './news';
import { rssMb, startServer } from './server-process';

const args = process.argv.slice(2);
const opt = (name: string, fallback: number) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const rows = opt('--rows', 1_000_000);
const seconds = opt('--seconds', 60);
const connections = opt('--connections', 50);
const queued = opt('--queue', 20_000);
const url = process.env.LOAD_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/vigie_load';
const log = (m: string) => process.stderr.write(`[load] ${m}\n`);
const APP_KEY = 'base64:' + Buffer.alloc(32, 7).toString('base64');

await ensureDatabase(url);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigie-load-'));
const env = { DATABASE_URL: url, DATA_DIR: dataDir, APP_KEY, LOG_LEVEL: 'warn', FEED_CONFIRM_THRESHOLD: '100000000' };

// The data set, without the app's statement time-out (generating a million rows takes a while).
const ctx = await createContext(loadConfig({ ...process.env, ...env, DB_STATEMENT_TIMEOUT_MS: '0' }));
const have = await logCount(ctx.db);
if (have !== rows) {
  log(`generating ${rows} log entries (had ${have})`);
  await generateLog(ctx.db, rows, log);
} else log(`reusing ${have} log entries`);
await ensureSuperAdmin(ctx);
const email = 'load@vigie.local';
const password = crypto.randomBytes(16).toString('hex');
const existing = await findAdminByEmail(ctx.db, email);
if (existing) await updateAdmin(ctx.db, existing.id, { name: 'Load', email, password, status: 1 }, { id: 0 });
else await createAdmin(ctx.db, { name: 'Load', email, password, status: 1 });
await ctx.database.close();

const fakeRne = await startFakeRne({ latencyMs: 20 });
const port = await getPort({ host: '127.0.0.1' });
const server = await startServer({ ...env, RNE_API_URL: fakeRne.url, RNE_WORKER: 'on' }, port);
const base = `http://127.0.0.1:${port}`;
let failed: boolean;
try {
  const session = await new HttpSession(base).signIn(email, password);

  // The worker's account, checked against the fake (the worker takes only accounts whose login succeeded).
  const accounts = (await session.call('GET', '/api/supervisions/inpiall')) as Array<{ id: number; email: string }>;
  const account =
    accounts.find((a) => a.email === FAKE_RNE_ACCOUNT.username) ??
    ((await session.call('POST', '/api/supervisions/rne/accounts', { pool: 'officers', email: FAKE_RNE_ACCOUNT.username, password: FAKE_RNE_ACCOUNT.password, status: 1 })) as { id: number });
  await session.call('GET', `/api/supervisions/syncInpiAccount/${account.id}`);
  const sirens = validSirens(queued);
  for (let i = 0; i < sirens.length; i += 10_000) await session.call('POST', '/api/supervisions/queues/officers/sirens', { sirens: sirens.slice(i, i + 10_000) });
  const remainingBefore = await rneRemaining(session);

  // News imports one after another while the load runs; each one's pending rows are cancelled after it.
  await ensureCategory(session);
  await session.call('GET', '/api/news/cancel');
  const newsSirens = validSirens(5_000);
  let imports = 0;
  let loading = true;
  const importing = (async () => {
    while (loading) {
      const answer = (await session.upload('/api/news/import', newsCsv(100_000, newsSirens, `load-${Date.now()}`), 'load-news.csv')) as { job: { id: string } };
      const job = await waitForJob(session, answer.job.id, () => {});
      if (job.state !== 'done') throw new Error(`news import ${job.state}: ${job.error}`);
      await session.call('GET', '/api/news/cancel');
      imports += 1;
    }
  })();

  const rss: number[] = [rssMb(server.pid!)];
  const sampler = setInterval(() => rss.push(rssMb(server.pid!)), 1000);
  const json = { ...session.headers(true), 'content-type': 'application/json' };
  const logFilter = (body: object) => ({ method: 'POST' as const, path: '/api/messages/filter?page=1', headers: json, body: JSON.stringify({ pagination: { per_page: 200 }, orderBy: { column: 'id', direction: 'desc' }, ...body }) });
  log(`${connections} connections for ${seconds} s`);
  const result = await autocannon({
    url: base,
    connections,
    duration: seconds,
    timeout: 10,
    requests: [
      logFilter({ search: '' }),
      logFilter({ search: sirens[0] }),
      { method: 'GET', path: '/api/messages/getdatas', headers: session.headers(false) },
      { method: 'GET', path: '/api/dashboard/stats', headers: session.headers(false) },
      { method: 'POST', path: '/api/transactions/filter?page=1', headers: json, body: JSON.stringify({ pagination: { per_page: 50 }, orderBy: { column: 'id', direction: 'desc' } }) },
      { method: 'GET', path: '/api/transactions/stats', headers: session.headers(false) },
    ],
  });
  clearInterval(sampler);
  rss.push(rssMb(server.pid!));
  loading = false;
  await importing;
  const figures = {
    rows,
    seconds,
    connections,
    requests: result.requests.total,
    requests_per_s: Math.round(result.requests.average),
    latency_ms: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max },
    errors: result.errors + result.timeouts,
    non_2xx: result.non2xx,
    // After 10 s of load (caches, pools and JIT warm), so that `end - warm` tells whether memory keeps growing.
    rss_mb: { start: rss[0], warm: rss[Math.min(10, rss.length - 1)], end: rss[rss.length - 1], max: Math.max(...rss) },
    imports,
    rne_done: remainingBefore - (await rneRemaining(session)),
  };
  failed = figures.errors > 0 || figures.non_2xx > 0;
  process.stdout.write(JSON.stringify(figures) + '\n');
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  await fakeRne.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);

/** Entries left in the officers queue (the supervision's `restant`). */
async function rneRemaining(session: HttpSession): Promise<number> {
  return ((await session.call('GET', '/api/supervisions/dirigeantsall')) as { restant: number }).restant;
}
