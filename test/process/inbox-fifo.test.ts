/**
 * A FIFO dropped in the inbox: the real entry point (server/main.ts) on an embedded database of its own (a copy of a
 * migrated one) never opens it (reading one blocks until a writer comes), reports it once in its log, goes on taking
 * the files dropped after it, and still stops on SIGTERM with exit code 0.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import getPort from 'get-port';
import { migratedDataDir } from '../helpers/migrated-data-dir';

const root = path.resolve(import.meta.dirname, '../..');
const FIXTURES = path.resolve(import.meta.dirname, '../fixtures');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'vigie-inbox-fifo-'));
const dataDir = await migratedDataDir(tmp);
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('inbox and FIFO', () => {
  it('skips a FIFO (reported once), imports the next file, and exits 0 on SIGTERM', async () => {
    const inbox = path.join(dataDir, 'inbox', 'sirene');
    fs.mkdirSync(inbox, { recursive: true });
    execFileSync('mkfifo', [path.join(inbox, 'tube.csv')]);
    const port = await getPort({ host: '127.0.0.1' });
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', ADMIN_PASSWORD: 'inbox-fifo-password', LOG_LEVEL: 'info', FEED_INBOX_SETTLE_MS: '300' },
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      let health = 0;
      for (let i = 0; i < 300 && health !== 200; i++) {
        health = await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.status, () => 0);
        if (health !== 200) await pause(100);
      }
      expect(health, output).toBe(200);
      fs.copyFileSync(path.join(FIXTURES, 'sirene/StockUniteLegale_sample.csv'), path.join(inbox, 'apres.csv'));
      const done = path.join(inbox, 'done');
      for (let i = 0; i < 300 && !(fs.existsSync(done) && fs.readdirSync(done).some((n) => n.endsWith('-apres.csv'))); i++) await pause(100);
      expect(fs.readdirSync(done).some((n) => n.endsWith('-apres.csv')), output).toBe(true);
      expect(fs.existsSync(path.join(inbox, 'tube.csv'))).toBe(true);
    } finally {
      child.kill('SIGTERM');
    }
    const code = await Promise.race([exited, pause(20_000).then(() => 'still running')]);
    if (code === 'still running') child.kill('SIGKILL');
    expect(code, output).toBe(0);
    expect(output.split('\n').filter((l) => l.includes('inbox entry skipped') && l.includes('tube.csv'))).toHaveLength(1);
  }, 90_000);
});
