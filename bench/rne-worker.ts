/**
 * RNE worker case: `supervision.worker.fake_rne` = SIRENs processed per second by the worker
 * against the fake RNE API (test/helpers/fake-rne-server.ts, run in a child process by its CLI) on loopback,
 * answering after 20 ms, with 4 accounts.
 * The officers queue holds 2,000 SIRENs (generated companies: 2–4 officers and 1–2 beneficial owners each) and one
 * drain (what a pg-boss job of `rne-officers` runs: one lane per account) works it off; timed from the start of the
 * drain until every entry is done (each one fetched, parsed, and committed in its own transaction with its
 * update-log entry and rollups). `accounts_queue_sirens_per_s` is the same for 1,000 SIRENs of the accounts queue
 * (attachments). Figures: `n` (SIRENs), `sirens_per_s`, `elapsed_ms`, `accounts`, `latency_ms`,
 * `ceiling_sirens_per_s` (accounts × 1000 / latency: the bound set by the fake's latency alone).
 *
 * It runs on a database of its own (`<bench database>_rne_worker`, dropped and created at each run), so that the
 * 100,000 waiting entries of the supervision read cases stay as they are. Called by `npm run bench` (via
 * `benchRneWorker`), or alone: `tsx bench/rne-worker.ts` prints `{"cases": {…}}` (BENCH_DATABASE_URL as for the
 * bench).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath, pathToFileURL } from 'node:url';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { QueueName } from '../contract/rne';
import { createContext } from '../server/bootstrap';
import { loadConfig } from '../server/config';
import type { AppContext } from '../server/context';
import { drainQueue } from '../server/modules/rne/worker/drain';
import { workerDeps } from '../server/modules/rne/worker/options';
import { validSirens } from './generate';
import { rowsOf } from '../server/db/rows';

const LATENCY_MS = 20;
const ACCOUNTS = 4;
const OFFICERS_SIRENS = 2_000;
const ACCOUNTS_SIRENS = 1_000;
const APP_KEY = 'base64:' + Buffer.alloc(32, 9).toString('base64');

/** What the case needs from the bench: the bench database's URL, a recorder and a progress log. */
export interface RneWorkerBenchContext {
  databaseUrl: string;
  record: (name: string, figures: Record<string, number>) => void;
  log: (message: string) => void;
}

/** `url` with database `name`. */
function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = '/' + name;
  return u.toString();
}

/** Drops and creates the worker's own bench database; returns its URL. */
async function freshDatabase(benchUrl: string): Promise<string> {
  const name = `${new URL(benchUrl).pathname.slice(1) || 'vigie_bench'}_rne_worker`.replace(/[^a-z0-9_]/gi, '_');
  const admin = new pg.Client({ connectionString: withDatabase(benchUrl, 'postgres') });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  return withDatabase(benchUrl, name);
}

/** The bench accounts of `pool`: login and password, accepted by the fake. */
function benchAccounts(pool: 'officers' | 'filings'): Array<[string, string]> {
  return Array.from({ length: ACCOUNTS }, (_, i) => [`bench-${pool}-${i}@bench.vigie.local`, `bench-password-${i}`]);
}

/**
 * Starts the fake RNE API in a child process of its own (test/helpers/fake-rne-cli.ts), as the real service is
 * another machine: its JSON generation does not share the worker's event loop. @returns its URL and a stop
 */
async function startFakeProcess(): Promise<{ url: string; stop: () => Promise<void> }> {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const accounts = [...benchAccounts('officers'), ...benchAccounts('filings')].flatMap(([u, p]) => ['--account', `${u}:${p}`]);
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/helpers/fake-rne-cli.ts', '--port', '0', '--latency', String(LATENCY_MS), ...accounts], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  for await (const chunk of child.stdout) {
    out += String(chunk);
    const m = /listening on (http:\/\/\S+)/.exec(out);
    if (m) {
      return {
        url: m[1],
        stop: async () => {
          child.kill('SIGTERM');
          if (child.exitCode === null) await once(child, 'exit');
        },
      };
    }
  }
  throw new Error(`fake RNE did not start: ${out}`);
}

/** Adds the accounts of `pool` and the queue's SIRENs. */
async function prepare(ctx: AppContext, pool: 'officers' | 'filings', queue: QueueName, sirens: string[]): Promise<void> {
  for (const [email, password] of benchAccounts(pool)) {
    await ctx.db.execute(sql`insert into rne_accounts (pool, email, password_enc, status, token_ok) values (${pool}, ${email}, ${ctx.box.encrypt(password)}, 1, 1)`);
  }
  await ctx.db.execute(sql`insert into rne_queue (queue, siren, reason) select ${queue}, s, 'Flux externe' from unnest(${`{${sirens.join(',')}}`}::text[]) as s`);
}

/** Times one drain of `queue` until every entry is done. @returns SIRENs per second and the elapsed ms */
async function timeDrain(ctx: AppContext, queue: QueueName, n: number): Promise<{ perSecond: number; elapsed: number }> {
  const deps = workerDeps(ctx);
  const t0 = performance.now();
  const stats = await drainQueue(deps, queue, new AbortController().signal);
  const elapsed = performance.now() - t0;
  const [{ done }] = await rowsOf<{ done: number }>(ctx.db, sql`select count(*)::int as done from rne_queue where queue = ${queue} and state = 'done'`);
  if (done !== n || stats.processed !== n) throw new Error(`rne worker bench: ${done} done, ${stats.processed} processed, ${n} expected (${JSON.stringify(stats)})`);
  return { perSecond: Math.round((n / (elapsed / 1000)) * 10) / 10, elapsed: Math.round(elapsed) };
}

/** Runs `supervision.worker.fake_rne`. */
export async function benchRneWorker(b: RneWorkerBenchContext): Promise<void> {
  const fake = await startFakeProcess();
  const url = await freshDatabase(b.databaseUrl);
  b.log(`rne worker: ${OFFICERS_SIRENS} + ${ACCOUNTS_SIRENS} SIRENs, ${ACCOUNTS} accounts, fake RNE at ${LATENCY_MS} ms (${url.replace(/\/\/[^@]*@/, '//')})`);
  const ctx = await createContext(
    loadConfig({ ...process.env, DATABASE_URL: url, DATA_DIR: path.join(os.tmpdir(), 'vigie-bench-rne-worker'), APP_KEY, RNE_API_URL: fake.url, RNE_REQUESTS_PER_MINUTE: '0', LOG_LEVEL: 'warn' }),
  );
  try {
    const sirens = validSirens(OFFICERS_SIRENS + ACCOUNTS_SIRENS + 100).filter((s) => !s.endsWith('000'));
    await prepare(ctx, 'officers', 'officers', sirens.slice(0, OFFICERS_SIRENS));
    await prepare(ctx, 'filings', 'accounts', sirens.slice(OFFICERS_SIRENS, OFFICERS_SIRENS + ACCOUNTS_SIRENS));
    const officers = await timeDrain(ctx, 'officers', OFFICERS_SIRENS);
    const accounts = await timeDrain(ctx, 'accounts', ACCOUNTS_SIRENS);
    b.record('supervision.worker.fake_rne', {
      n: OFFICERS_SIRENS,
      sirens_per_s: officers.perSecond,
      elapsed_ms: officers.elapsed,
      accounts: ACCOUNTS,
      latency_ms: LATENCY_MS,
      ceiling_sirens_per_s: (ACCOUNTS * 1000) / LATENCY_MS,
      accounts_queue_n: ACCOUNTS_SIRENS,
      accounts_queue_sirens_per_s: accounts.perSecond,
    });
  } finally {
    await ctx.database.close();
    await fake.stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const cases: Record<string, Record<string, number>> = {};
  await benchRneWorker({
    databaseUrl: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/vigie_bench',
    record: (name, figures) => (cases[name] = figures),
    log: (m) => process.stderr.write(`[bench] ${m}\n`),
  });
  process.stdout.write(JSON.stringify({ cases }) + '\n');
}
