/**
 * Clean shutdown: the real entry point (server/main.ts) on an embedded database of its own (a copy of a migrated one)
 * stops on SIGTERM / SIGINT with exit code 0, and the database it closed opens again at the next start.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import getPort from 'get-port';
import { migratedDataDir } from '../helpers/migrated-data-dir';

const root = path.resolve(import.meta.dirname, '../..');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'vigie-shutdown-'));
const dataDir = await migratedDataDir(tmp);
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** Starts server/main.ts, waits for /healthz, sends `signal`, resolves with the exit code and output. */
async function runAndStop(signal: NodeJS.Signals) {
  const port = await getPort({ host: '127.0.0.1' });
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', ADMIN_PASSWORD: 'shutdown-password', LOG_LEVEL: 'info' },
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  let health = 0;
  for (let i = 0; i < 300 && health !== 200; i++) {
    health = await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.status, () => 0);
    if (health !== 200) await new Promise((r) => setTimeout(r, 100));
  }
  expect(health, output).toBe(200);
  child.kill(signal);
  return { code: await exited, output };
}

describe('shutdown', () => {
  it('exits 0 on SIGTERM and on SIGINT, and the closed database reopens', async () => {
    const first = await runAndStop('SIGTERM');
    expect(first.code, first.output).toBe(0);
    expect(first.output).toContain('"signal":"SIGTERM"');
    const second = await runAndStop('SIGINT');
    expect(second.code, second.output).toBe(0);
    // The second start found the database of the first: no new super administrator was created.
    expect(second.output).not.toContain('super administrator created');
  }, 120_000);
});
