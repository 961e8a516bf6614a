/**
 * `npm run load:api [-- --seconds S] [-- --connections C] [-- --usage-seconds U] [-- --usage-rounds R]`: the customer
 * API (server/api) under sustained load, with one Prod token. Against BENCH_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/vigie_bench, the `npm run bench` database: its update log is used as it is,
 * 1,000,000 entries generated when it is empty; the 1,000,000-company register of bench/register.ts is generated
 * when missing), it starts the app in API_ONLY mode in a child process (bench/api-server.ts, API_RATE_LIMIT set out
 * of reach unless given) and sends with autocannon C connections (default 100) for S seconds (default 60) a mix of
 * calls: 3/10 `GET /v1/companies/{siren}` (random SIRENs of the register), 3/10 `GET /v1/updates?since=&limit=100`
 * (random cursors over the whole log), 1/10 the same with `siren=`, 1/10 each `GET /v1/news`, `/v1/deals`,
 * `/v1/announcements`.
 *
 * (S = 0 skips this run.) Then the cost of the usage counting (server/api/usage.ts): the same load for U seconds
 * (default 30; 0 skips it) with the counting on and off (`buildApp` option `usageCounting`), R rounds (default 2)
 * in the order on-off, off-on, on-off…, each after a 5-second warm-up on a fresh server; `cost_percent` = 100 × (1 − mean req/s on / mean
 * req/s off) (budget <= 10). Other processes sharing the cores move req/s from one run to the next, so each run also
 * gives the server's CPU time per 1,000 answers (`cpu_ms_per_1k`, from /proc), which they move far less, and
 * `cpu_cost_percent` = 100 × (mean CPU per answer on / mean off − 1).
 *
 * Prints one JSON object: `load` {seconds, connections, requests, requests_per_s, latency_ms {p50, p90, p99, max},
 * errors (network errors and time-outs), non_2xx, rss_mb {start, end, max}, usage_calls_counted (what the usage
 * counters added for the customer during the run), cpu_ms_per_1k}, and `usage` {seconds, on: [req/s…], off: [req/s…], on_mean,
 * off_mean, cost_percent, on_cpu_ms_per_1k: […], off_cpu_ms_per_1k: […], cpu_cost_percent}. Also `loadavg` (1-minute load average of the machine before each run: other processes
 * share the cores). Exits 1 when a call failed or answered other than 2xx. Progress goes to stderr.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import getPort from 'get-port';
import { createContext } from '../server/bootstrap';
import { loadConfig } from '../server/config';
import { rowsOf } from '../server/db/rows';
import { benchApiToken, benchCustomerName } from './api-client';
import { randomPositions, REGISTER_COMPANIES } from './api';
import { ensureDatabase } from './database';
import { generateLog, logCount } from './generate';
import { ensureRegister, randomCompanySirens } from './register';
import { cpuSeconds, rssMb, startServer, stopServer } from './server-process';

const args = process.argv.slice(2);
const opt = (name: string, fallback: number) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const seconds = opt('--seconds', 60);
const connections = opt('--connections', 100);
const usageSeconds = opt('--usage-seconds', 30);
const usageRounds = opt('--usage-rounds', 2);
const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/vigie_bench';
const log = (m: string) => process.stderr.write(`[load:api] ${m}\n`);
const APP_KEY = 'base64:' + Buffer.alloc(32, 7).toString('base64');

await ensureDatabase(url);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigie-load-api-'));
const env = {
  DATABASE_URL: url,
  DATA_DIR: dataDir,
  APP_KEY,
  LOG_LEVEL: 'warn',
  API_ONLY: 'true',
  API_RATE_LIMIT: process.env.API_RATE_LIMIT ?? '100000000',
};

// The data set, without the app's statement time-out (generating the register takes a while).
const ctx = await createContext(loadConfig({ ...process.env, ...env, DB_STATEMENT_TIMEOUT_MS: '0' }));
const have = await logCount(ctx.db);
if (have === 0) await generateLog(ctx.db, 1_000_000, log);
else log(`reusing ${have} log entries`);
await ensureRegister(ctx.db, REGISTER_COMPANIES, log);
const sirens = await randomCompanySirens(ctx.db, 2000);
const positions = await randomPositions(ctx.db, 4000);

// Ten calls in the mix's proportions, repeated over the sampled keys.
let k = 0;
const nextPath = (): string => {
  const i = k++;
  const p = positions[i % positions.length];
  switch (i % 10) {
    case 0: case 3: case 6: return `/v1/companies/${sirens[i % sirens.length]}`;
    case 1: case 4: case 7: return `/v1/updates?since=${p.cursor}&limit=100`;
    case 2: return `/v1/updates?siren=${positions[(i * 7) % positions.length].siren}&since=${p.cursor}&limit=100`;
    case 5: return '/v1/news?limit=50';
    case 8: return '/v1/deals?limit=50';
    default: return '/v1/announcements?limit=50';
  }
};

/** The calls the usage counters hold for the bench customer (all days, both environments). */
async function countedCalls(): Promise<number> {
  const [r] = await rowsOf<{ n: string }>(ctx.db, sql`
    select coalesce(sum(u.calls), 0)::bigint as n from api_usage_daily u join api_customers c on c.id = u.customer_id where c.name = ${benchCustomerName(ctx.box)}`);
  return Number(r.n);
}

/** Starts the API server with the usage counting on or off. */
async function server(counting: boolean): Promise<{ child: ChildProcess; base: string }> {
  const port = await getPort({ host: '127.0.0.1' });
  const child = await startServer({ ...env, BENCH_USAGE_COUNTING: counting ? 'on' : 'off' }, port, 'bench/api-server.ts');
  return { child, base: `http://127.0.0.1:${port}` };
}

/** autocannon on the mix for `duration` seconds. */
function load(base: string, token: string, duration: number): Promise<autocannon.Result> {
  return autocannon({
    url: base,
    connections,
    duration,
    timeout: 10,
    headers: { authorization: `Bearer ${token}` },
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: nextPath() }) }],
  });
}

const loadavg: number[] = [];
const figures: Record<string, unknown> = {};
let failed = false;
let first = await server(true);
try {
  const token = await benchApiToken(ctx.db, ctx.box, first.base);
  if (seconds > 0) {
    const countedBefore = await countedCalls();
    const pid = first.child.pid!;
    const rss: number[] = [rssMb(pid)];
    const sampler = setInterval(() => rss.push(rssMb(pid)), 1000);
    loadavg.push(os.loadavg()[0]);
    log(`${connections} connections for ${seconds} s, usage counting on`);
    const cpu0 = cpuSeconds(pid);
    const result = await load(first.base, token, seconds);
    const cpu = cpuSeconds(pid) - cpu0;
    clearInterval(sampler);
    rss.push(rssMb(pid));
    await stopServer(first.child); // flushes the usage counters
    const main = {
      seconds,
      connections,
      requests: result.requests.total,
      requests_per_s: Math.round(result.requests.average),
      latency_ms: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max },
      errors: result.errors + result.timeouts,
      non_2xx: result.non2xx,
      rss_mb: { start: rss[0], end: rss[rss.length - 1], max: Math.max(...rss) },
      usage_calls_counted: (await countedCalls()) - countedBefore,
      cpu_ms_per_1k: Math.round((cpu * 1e6) / Math.max(1, result.requests.total)),
    };
    log(`load: ${JSON.stringify(main)}`);
    figures.load = main;
    failed ||= main.errors > 0 || main.non_2xx > 0;
  }
  await stopServer(first.child); // each variant below runs on a server of its own

  const usage: Record<string, number | number[]> & Record<'on' | 'off' | 'on_cpu_ms_per_1k' | 'off_cpu_ms_per_1k', number[]> = {
    seconds: usageSeconds, on: [], off: [], on_cpu_ms_per_1k: [], off_cpu_ms_per_1k: [],
  };
  for (let round = 0; usageSeconds > 0 && round < usageRounds; round++) {
    // On then off, then off then on (ABBA): a drift of the machine's load weighs on both alike.
    for (const counting of round % 2 === 0 ? [true, false] : [false, true]) {
      first = await server(counting);
      await load(first.base, token, 5);
      loadavg.push(os.loadavg()[0]);
      const cpu0 = cpuSeconds(first.child.pid!);
      const r = await load(first.base, token, usageSeconds);
      const cpuMsPer1k = Math.round(((cpuSeconds(first.child.pid!) - cpu0) * 1e6) / Math.max(1, r.requests.total));
      await stopServer(first.child);
      failed ||= r.errors + r.timeouts > 0 || r.non2xx > 0;
      (counting ? usage.on : usage.off).push(Math.round(r.requests.average));
      (counting ? usage.on_cpu_ms_per_1k : usage.off_cpu_ms_per_1k).push(cpuMsPer1k);
      log(`usage counting ${counting ? 'on' : 'off'}: ${Math.round(r.requests.average)} req/s, ${cpuMsPer1k} CPU ms per 1,000 (p99 ${r.latency.p99} ms, non-2xx ${r.non2xx}, errors ${r.errors + r.timeouts})`);
    }
  }
  if (usage.on.length) {
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    usage.on_mean = Math.round(mean(usage.on));
    usage.off_mean = Math.round(mean(usage.off));
    usage.cost_percent = Math.round((1 - mean(usage.on) / mean(usage.off)) * 1000) / 10;
    usage.cpu_cost_percent = Math.round((mean(usage.on_cpu_ms_per_1k) / mean(usage.off_cpu_ms_per_1k) - 1) * 1000) / 10;
    figures.usage = usage;
  }
  process.stdout.write(JSON.stringify({ ...figures, loadavg }) + '\n');
} finally {
  await stopServer(first.child);
  await ctx.database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
