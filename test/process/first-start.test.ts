/**
 * First start on PostgreSQL, with the real entry point (server/main.ts) in child processes
 * on a fresh database named from VIGIE_PG_PREFIX (dropped afterwards); needs TEST_DATABASE_URL.
 * - Two processes starting at once on an empty database both come up, with exactly one super
 *   administrator; no output carries a password hash.
 * - A start-up failure on a query prints no bound value of that query (hash, email).
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { prepareDatabase } from '../../server/bootstrap';
import { PG_PREFIX, withDatabase } from '../helpers/db';
import getPort from 'get-port';

const root = path.resolve(import.meta.dirname, '../..');
const base = process.env.TEST_DATABASE_URL;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'vigie-first-start-'));
const databases: string[] = [];

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** Creates an empty database and returns its URL. */
async function emptyDatabase(): Promise<string> {
  const name = `${PG_PREFIX}_boot_${crypto.randomBytes(5).toString('hex')}`;
  await admin((c) => c.query(`create database ${name}`));
  databases.push(name);
  return withDatabase(base!, name);
}

afterAll(async () => {
  if (base) await admin(async (c) => {
    for (const name of databases) await c.query(`drop database if exists ${name} with (force)`);
  });
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** Starts server/main.ts; resolves `ready` with 'up' once /healthz answers 200, or 'exited'. */
async function startServer(env: Record<string, string>) {
  const port = await getPort({ host: '127.0.0.1' });
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), LOG_LEVEL: 'info', APP_KEY: '', ...env },
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  let done = false;
  void exited.then(() => (done = true));
  const ready = (async () => {
    for (let i = 0; i < 900 && !done; i++) {
      const status = await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.status, () => 0);
      if (status === 200) return 'up' as const;
      await new Promise((r) => setTimeout(r, 100));
    }
    return 'exited' as const;
  })();
  return { child, exited, ready, output: () => output };
}

describe.runIf(base)('first start on PostgreSQL', () => {
  it('two processes starting at once on an empty database both come up with one super admin, and print no hash', async () => {
    const url = await emptyDatabase();
    const env = { DATABASE_URL: url, DATA_DIR: fs.mkdtempSync(path.join(tmp, 'data-')), APP_KEY: 'base64:' + Buffer.alloc(32, 3).toString('base64'), ADMIN_EMAIL: 'race@example.com', ADMIN_PASSWORD: 'race-super-password' };
    const [a, b] = await Promise.all([startServer(env), startServer(env)]);
    const states = await Promise.all([a.ready, b.ready]);
    for (const s of [a, b]) if (s.child.exitCode === null) s.child.kill('SIGTERM');
    const codes = await Promise.all([a.exited, b.exited]);
    const output = a.output() + '\n----\n' + b.output();
    expect(states, output).toEqual(['up', 'up']);
    expect(codes, output).toEqual([0, 0]);
    expect(output).not.toContain('$argon2');
    expect(output).not.toContain('race-super-password');
    expect(output.match(/super administrator created/g) ?? [], output).toHaveLength(1);

    const db = new pg.Client({ connectionString: url });
    await db.connect();
    const { rows } = await db.query<{ id: number; email: string }>('select id, email from admins order by id').finally(() => db.end());
    expect(rows).toEqual([{ id: 1, email: 'race@example.com' }]);
  }, 120_000);

  it('a start-up failure on a query prints none of its bound values', async () => {
    const url = await emptyDatabase();
    // A migrated database that refuses the super admin row: the insert fails with the row in the error.
    const database = await openDatabase({ databaseUrl: url });
    await prepareDatabase(database);
    await database.db.execute(`alter table admins add constraint refuse_boot check (email <> 'refused-boot@example.com')` as never);
    await database.close();
    const s = await startServer({
      DATABASE_URL: url,
      DATA_DIR: fs.mkdtempSync(path.join(tmp, 'data-')),
      ADMIN_EMAIL: 'refused-boot@example.com',
      ADMIN_PASSWORD: 'refused-boot-password',
    });
    expect(await s.ready).toBe('exited');
    expect(await s.exited).toBe(1);
    const output = s.output();
    expect(output).toContain('refuse_boot'); // the failure is still explained
    expect(output).not.toContain('$argon2');
    expect(output).not.toContain('refused-boot@example.com');
    expect(output).not.toContain('refused-boot-password');
  }, 120_000);
});
