/**
 * `npm run worker` (server/cli/worker.ts) in child processes on PostgreSQL (needs
 * TEST_DATABASE_URL), against the fake RNE API of this test process, on a fresh database named from
 * VIGIE_PG_PREFIX (dropped afterwards):
 * - two workers (two lanes each, four accounts per pool) share one officers queue of 300 SIRENs and one accounts
 *   queue of 100: each SIREN is fetched exactly once, every entry ends done, both processes worked, the rollups
 *   count every entry once, and SIGTERM stops both with exit code 0;
 * - a worker stopped by SIGTERM in the middle of a run leaves no entry running and no account leased, and the
 *   next worker finishes the queue.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { prepareDatabase } from '../../server/bootstrap';
import { parseAppKey, SecretBox } from '../../server/lib/app-key';
import { PG_PREFIX, withDatabase } from '../helpers/db';
import { startFakeRne, type FakeRne } from '../helpers/fake-rne-server';
import { validSirens } from '../helpers/sirens';

const root = path.resolve(import.meta.dirname, '../..');
const base = process.env.TEST_DATABASE_URL;
const APP_KEY = 'base64:' + Buffer.alloc(32, 5).toString('base64');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'vigie-rne-worker-'));
const databases: string[] = [];
let fake: FakeRne;

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** A new migrated database with `accounts` enabled accounts per pool (token ok, none stored); returns a client on it. */
async function preparedDatabase(accounts: number): Promise<{ url: string; db: pg.Client }> {
  const name = `${PG_PREFIX}_rnew_${crypto.randomBytes(5).toString('hex')}`;
  await admin((c) => c.query(`create database ${name}`));
  databases.push(name);
  const url = withDatabase(base!, name);
  const database = await openDatabase({ databaseUrl: url });
  await prepareDatabase(database);
  await database.close();
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  const box = new SecretBox(parseAppKey(APP_KEY));
  for (const pool of ['officers', 'filings']) {
    for (let i = 0; i < accounts; i++) {
      const email = `${pool}-${i}-${name}@example.com`;
      const password = `pw-${pool}-${i}`;
      fake.accounts.set(email, password);
      await db.query(`insert into rne_accounts (pool, email, password_enc, status, token_ok) values ($1, $2, $3, 1, 1)`, [pool, email, box.encrypt(password)]);
    }
  }
  return { url, db };
}

async function enqueue(db: pg.Client, queue: string, sirens: string[]): Promise<void> {
  await db.query(`insert into rne_queue (queue, siren, reason) select $1, s, 'Saisie manuelle' from unnest($2::text[]) as s`, [queue, sirens]);
}

/** Starts `npm run worker` (as tsx runs it) on `url`. */
function startWorker(url: string, args: string[] = []) {
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, ['--import', 'tsx', 'server/cli/worker.ts', ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: url, DATA_DIR: fs.mkdtempSync(path.join(tmp, 'data-')), APP_KEY, RNE_API_URL: fake.url, LOG_LEVEL: 'info' },
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/** Waits until `check` holds (polling every 200 ms), at most `ms`. */
async function until(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; ) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return check();
}

/** `n` valid SIRENs from `base`, none ending in 000 (the fake answers those 404). */
const sirensFrom = (n: number, start: number) =>
  validSirens(n + 10, start)
    .filter((s) => !s.endsWith('000'))
    .slice(0, n);

const pending = async (db: pg.Client) => Number((await db.query(`select count(*) as n from rne_queue where state in ('waiting', 'running')`)).rows[0].n);

/** The `rne queue drained` records of a worker's output. */
function drained(output: string): Array<{ queue: string; processed: number }> {
  return output
    .split('\n')
    .filter((l) => l.includes('"rne queue drained"'))
    .map((l) => JSON.parse(l) as { queue: string; processed: number });
}

beforeAll(async () => {
  fake = await startFakeRne({ latencyMs: 5 });
});
afterAll(async () => {
  await fake?.close();
  if (base)
    await admin(async (c) => {
      for (const name of databases) await c.query(`drop database if exists ${name} with (force)`);
    });
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe.runIf(base)('RNE worker processes on PostgreSQL', () => {
  it('two workers share the queues: each SIREN fetched exactly once, all done, both worked, SIGTERM exits 0', async () => {
    const { url, db } = await preparedDatabase(4);
    try {
      const officers = sirensFrom(300, 40_000_011);
      const accounts = sirensFrom(100, 41_000_011);
      await enqueue(db, 'officers', officers);
      await enqueue(db, 'accounts', accounts);
      fake.calls.length = 0;
      // Slow enough answers that the queues outlast the start of the later of the two processes.
      fake.latencyMs = 15;
      const workers = [startWorker(url, ['--lanes', '2']), startWorker(url, ['--lanes', '2'])];
      const finished = await until(async () => (await pending(db)) === 0, 90_000);
      for (const w of workers) w.child.kill('SIGTERM');
      const codes = await Promise.all(workers.map((w) => w.exited));
      const outputs = workers.map((w) => w.output());
      expect(finished, outputs.join('\n')).toBe(true);
      expect(codes, outputs.join('\n')).toEqual([0, 0]);

      const perPath = new Map<string, number>();
      for (const c of fake.calls) if (c.method === 'GET') perPath.set(c.path, (perPath.get(c.path) ?? 0) + 1);
      for (const siren of officers) expect(perPath.get(`/api/companies/${siren}`), siren).toBe(1);
      for (const siren of accounts) expect(perPath.get(`/api/companies/${siren}/attachments`), siren).toBe(1);
      expect(perPath.size).toBe(400);

      const states = (await db.query(`select queue, state, count(*)::int as n from rne_queue group by queue, state order by queue`)).rows;
      expect(states).toEqual([
        { queue: 'accounts', state: 'done', n: 100 },
        { queue: 'officers', state: 'done', n: 300 },
      ]);
      const days = (await db.query(`select queue, sum(processed)::int as n from rne_queue_days group by queue order by queue`)).rows;
      expect(days).toEqual([
        { queue: 'accounts', n: 100 },
        { queue: 'officers', n: 300 },
      ]);
      const logged = (await db.query(`select count(distinct siren)::int as n from update_log where code = 'RNE'`)).rows[0].n;
      expect(logged).toBe(400);
      // Both processes worked the officers queue, and together processed each entry once.
      const officerRuns = outputs.map((o) => drained(o).filter((d) => d.queue === 'officers').reduce((n, d) => n + d.processed, 0));
      expect(officerRuns[0], outputs[0]).toBeGreaterThan(0);
      expect(officerRuns[1], outputs.join('\n')).toBeGreaterThan(0);
      expect(officerRuns[0] + officerRuns[1]).toBe(300);
      const leased = (await db.query(`select count(*)::int as n from rne_accounts where leased_until > now()`)).rows[0].n;
      expect(leased).toBe(0);
      // Nothing secret in the logs.
      for (const o of outputs) expect(o).not.toMatch(/pw-(officers|filings)|v1\./);
    } finally {
      await db.end();
    }
  }, 120_000);

  it('a worker stopped mid-run leaves nothing running or leased; the next one finishes the queue', async () => {
    const { url, db } = await preparedDatabase(2);
    try {
      const sirens = sirensFrom(150, 42_000_011);
      await enqueue(db, 'officers', sirens);
      fake.latencyMs = 40;
      const first = startWorker(url);
      const started = await until(async () => Number((await db.query(`select count(*) as n from rne_queue where state = 'done'`)).rows[0].n) >= 10, 60_000);
      expect(started, first.output()).toBe(true);
      first.child.kill('SIGTERM');
      expect(await first.exited, first.output()).toBe(0);
      const after = (await db.query(`select count(*) filter (where state = 'running')::int as running, count(*) filter (where state = 'done')::int as done from rne_queue`)).rows[0];
      expect(after.running).toBe(0);
      expect(after.done).toBeLessThan(150);
      expect((await db.query(`select count(*)::int as n from rne_accounts where leased_by is not null`)).rows[0].n).toBe(0);

      fake.latencyMs = 5;
      const second = startWorker(url);
      const finished = await until(async () => (await pending(db)) === 0, 60_000);
      second.child.kill('SIGTERM');
      expect(await second.exited, second.output()).toBe(0);
      expect(finished, second.output()).toBe(true);
      const done = (await db.query(`select count(*)::int as n from rne_queue where state = 'done'`)).rows[0].n;
      expect(done).toBe(150);
      expect((await db.query(`select sum(processed)::int as n from rne_queue_days`)).rows[0].n).toBe(150);
    } finally {
      await db.end();
    }
  }, 120_000);
});
