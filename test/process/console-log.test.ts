/**
 * The console of `npm start`: in a terminal (stdout a TTY, here a pseudo-terminal made by
 * util-linux `script`) the log is pretty-printed by pino-pretty, requests are logged at debug only, and the
 * listening URL stands on its own line, followed by the first sign-in again when its password was generated;
 * otherwise (a pipe, a file, a log collector) every line stays one JSON object, requests included.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, describe, expect, it, vi } from 'vitest';
import getPort from 'get-port';

const root = path.resolve(import.meta.dirname, '../..');
const dataDirs: string[] = [];
afterAll(() => {
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

const hasScript = fs.existsSync('/usr/bin/script');

/** Colour codes and carriage returns out: the text a person reads. */
const plain = (text: string) => stripVTControlCharacters(text).replace(/\r/g, '');

/**
 * Starts server/main.ts on a fresh port and a fresh data folder (in a pseudo-terminal when `tty`: `script`
 * hands its environment to the command), waits for /healthz, makes one failed request and waits for
 * `printed` to match the output, stops it, and returns what it printed. Without `ADMIN_PASSWORD` in `extra`,
 * the super administrator's password is generated.
 */
async function startAndRead(tty: boolean, printed: RegExp, extra: Record<string, string> = {}): Promise<{ port: number; output: string }> {
  const port = await getPort({ host: '127.0.0.1' });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigie-console-'));
  dataDirs.push(dataDir);
  const env: Record<string, string | undefined> = { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'info', ...extra };
  if (!('ADMIN_PASSWORD' in extra)) delete env.ADMIN_PASSWORD;
  const command = `${process.execPath} --import tsx server/main.ts`;
  const child = tty
    ? spawn('/usr/bin/script', ['-qfec', command, '/dev/null'], { cwd: root, env, detached: true })
    : spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: root, env, detached: true });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  let health = 0;
  for (let i = 0; i < 600 && health !== 200; i++) {
    health = await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.status, () => 0);
    if (health !== 200) await new Promise((r) => setTimeout(r, 100));
  }
  expect(health, output).toBe(200);
  // A request that fails (no session), so that an error goes through the log's serializers too.
  await fetch(`http://127.0.0.1:${port}/api/admins/all`, { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
  await vi.waitFor(() => expect(plain(output)).toMatch(printed), { timeout: 10_000, interval: 50 });
  process.kill(-child.pid!, 'SIGTERM');
  await exited;
  return { port, output: plain(output) };
}

describe('console log of the server', () => {
  it.runIf(hasScript)('in a terminal: pretty-printed, no request lines, the listening URL alone on its line, then the first sign-in again', async () => {
    const generated = /Mot de passe généré \(affiché à ce premier démarrage seulement\)\u00a0: (\S+)/g;
    const { port, output } = await startAndRead(true, /vigie est prêt[\s\S]*Mot de passe généré/);
    const lines = output.split('\n');
    expect(lines.some((line) => line.trim().startsWith('{"level"')), output).toBe(false);
    expect(output).toMatch(/INFO/);
    const urlAt = lines.map((line) => line.trim()).indexOf(`http://127.0.0.1:${port}`);
    expect(urlAt, output).toBeGreaterThan(0);
    // The generated password, printed at its creation and again below the URL, the same both times.
    const passwords = [...output.matchAll(generated)].map((m) => m[1]);
    expect(passwords, output).toHaveLength(2);
    expect(passwords[1]).toBe(passwords[0]);
    expect(lines.slice(urlAt).join('\n')).toContain(passwords[0]);
    // The failed request is not a line of the terminal at `info`.
    expect(output).not.toMatch(/incoming request|request completed|\/api\/admins\/all/);
  }, 120_000);

  it('not in a terminal: one JSON object per line, requests included', async () => {
    // Its log lines (the request, then its 401 answer) reach the output before the server is stopped.
    const { port, output } = await startAndRead(false, /\/api\/admins\/all[\s\S]*401/, { ADMIN_PASSWORD: 'console-password' });
    const lines = output.split('\n').filter((line) => line.trim() !== '');
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
    expect(lines.some((line) => (JSON.parse(line) as { msg?: string }).msg?.includes(`http://127.0.0.1:${port}`))).toBe(true);
  }, 120_000);
});
