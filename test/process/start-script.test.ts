/**
 * `npm start` (scripts/start.mjs) does not hide how the server ended: it exits with the
 * server's exit code, re-raises the signal that killed the server (exit status 128 + n in a shell), and
 * forwards SIGTERM and SIGINT so that no server is left running after it. A terminal's Ctrl-C (SIGINT to
 * the whole process group) stops the server once, cleanly.
 * Each server starts on a copy of an already migrated embedded database (what is tested is the script, not a first start).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import getPort from 'get-port';
import { migratedDataDir } from '../helpers/migrated-data-dir';

const root = path.resolve(import.meta.dirname, '../..');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'vigie-start-'));
/**
 * The front end the servers serve (VIGIE_WEB_DIST): a page written now, newer than the sources, so that the script
 * never builds web/dist here (a build started from a test would race the real one and build with NODE_ENV=test).
 */
const webDist = path.join(tmp, 'web-dist');
fs.mkdirSync(webDist);
fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>vigie</title>\n');
const started: ChildProcess[] = [];
const servers: number[] = [];
afterAll(() => {
  for (const pid of [...started.map((c) => c.pid!), ...servers]) {
    if (alive(pid)) process.kill(pid, 'SIGKILL');
  }
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** Pids of the direct children of `pid` (Linux /proc). */
function childrenOf(pid: number): number[] {
  try {
    return fs
      .readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Runs `node scripts/start.mjs` as the leader of its own process group (as a shell does), waits for
 * /healthz, and returns the process, the server's pid, its exit and its output.
 */
async function start(env: Record<string, string> = {}) {
  const port = await getPort({ host: '127.0.0.1' });
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    detached: true,
    env: { ...process.env, PORT: String(port), DATA_DIR: await migratedDataDir(tmp), VIGIE_WEB_DIST: webDist, DATABASE_URL: '', ADMIN_PASSWORD: 'start-script-password', LOG_LEVEL: 'info', ...env },
  });
  started.push(child);
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, port, exited, output: () => output };
}

async function waitHealthy(port: number, output: () => string) {
  let health = 0;
  for (let i = 0; i < 600 && health !== 200; i++) {
    health = await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.status, () => 0);
    if (health !== 200) await new Promise((r) => setTimeout(r, 100));
  }
  expect(health, output()).toBe(200);
}

async function serverPid(startPid: number): Promise<number> {
  const kids = childrenOf(startPid);
  expect(kids.length, 'start.mjs has one server child').toBe(1);
  servers.push(kids[0]);
  return kids[0];
}

async function waitGone(pid: number) {
  for (let i = 0; i < 100 && alive(pid); i++) await new Promise((r) => setTimeout(r, 100));
  return !alive(pid);
}

describe('npm start (scripts/start.mjs)', () => {
  it('re-raises the signal that killed the server (SIGKILL -> 137 in a shell), instead of exiting 0', async () => {
    const s = await start();
    await waitHealthy(s.port, s.output);
    const server = await serverPid(s.child.pid!);
    process.kill(server, 'SIGKILL');
    const end = await s.exited;
    expect(end, s.output()).toEqual({ code: null, signal: 'SIGKILL' });
  });

  it('when start.mjs itself is killed (SIGKILL, nothing forwarded), the server stops instead of running on orphaned', async () => {
    const s = await start();
    await waitHealthy(s.port, s.output);
    const server = await serverPid(s.child.pid!);
    process.kill(s.child.pid!, 'SIGKILL');
    await s.exited;
    expect(await waitGone(server), 'orphaned server still running').toBe(true);
  });

  it('exits with the server’s exit code when it fails (invalid configuration -> 1)', async () => {
    const s = await start({ PORT: 'not-a-port' });
    const end = await s.exited;
    expect(end.code, s.output()).toBe(1);
  });

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`forwards ${signal} to the server, which shuts down cleanly (exit 0) and is not left running`, async () => {
      const s = await start();
      await waitHealthy(s.port, s.output);
      const server = await serverPid(s.child.pid!);
      process.kill(s.child.pid!, signal);
      const end = await s.exited;
      expect(end, s.output()).toEqual({ code: 0, signal: null });
      expect(s.output()).toContain(`"signal":"${signal}"`);
      expect(await waitGone(server), 'server process still running').toBe(true);
    });
  }

  it('through npm itself: SIGTERM to the `npm start` process stops the server (the script execs start.mjs, so npm’s forwarded signal reaches it)', async () => {
    const port = await getPort({ host: '127.0.0.1' });
    const npm = spawn('npm', ['start', '--silent'], {
      cwd: root,
      detached: true,
      env: { ...process.env, PORT: String(port), DATA_DIR: await migratedDataDir(tmp), VIGIE_WEB_DIST: webDist, DATABASE_URL: '', ADMIN_PASSWORD: 'start-script-password', LOG_LEVEL: 'info' },
    });
    started.push(npm);
    let output = '';
    npm.stdout!.on('data', (d) => (output += d));
    npm.stderr!.on('data', (d) => (output += d));
    const exited = new Promise<unknown>((resolve) => npm.on('exit', resolve));
    await waitHealthy(port, () => output);
    // npm -> start.mjs (exec'd in place of the shell) -> the server.
    const [startPid] = childrenOf(npm.pid!);
    const server = await serverPid(startPid);
    process.kill(npm.pid!, 'SIGTERM');
    await exited;
    expect(await waitGone(server), `server still running after SIGTERM to npm\n${output}`).toBe(true);
    expect(await waitGone(startPid), 'start.mjs still running').toBe(true);
  });

  it('a terminal Ctrl-C (SIGINT to the whole process group) stops the server once, cleanly (exit 0)', async () => {
    const s = await start();
    await waitHealthy(s.port, s.output);
    const server = await serverPid(s.child.pid!);
    process.kill(-s.child.pid!, 'SIGINT');
    const end = await s.exited;
    expect(end, s.output()).toEqual({ code: 0, signal: null });
    expect(s.output()).not.toContain('second SIGINT');
    expect(await waitGone(server), 'server process still running').toBe(true);
  });
});
