/**
 * The app as a child process for the load runs (bench/load.ts, bench/api-load.ts): started with its own environment
 * on a port, ready once `GET /healthz` answers 200; and its resident memory and CPU time read from /proc.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Resident set size of a process, in MB, read from /proc (0 when it has ended). */
export function rssMb(pid: number): number {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return kb ? Math.round(Number(kb[1]) / 1024) : 0;
  } catch {
    return 0;
  }
}

/** CPU time (user + system) a process has used so far, in seconds, read from /proc (0 when it has ended). */
export function cpuSeconds(pid: number): number {
  try {
    // Fields 14 and 15 of /proc/<pid>/stat, after the parenthesised command name, in clock ticks (100 per second).
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/**
 * Starts `entry` (a TypeScript file of the repository, default server/main.ts) with `env` added to this process's
 * environment, on `port`; resolves once /healthz answers 200.
 * @throws Error with the end of its stderr when it exits or is not up in 120 s
 */
export async function startServer(env: Record<string, string>, port: number, entry = 'server/main.ts'): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], { cwd: root, env: { ...process.env, ...env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr!.on('data', (d: Buffer) => (errors = (errors + d.toString()).slice(-4000)));
  for (const end = Date.now() + 120_000; Date.now() < end; ) {
    if (child.exitCode !== null) throw new Error(`the server stopped (${child.exitCode}):\n${errors}`);
    if ((await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.status, () => 0)) === 200) return child;
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not answer /healthz in 120 s:\n${errors}`);
}

/** Stops a server started by `startServer` (SIGTERM) and waits for its exit. */
export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}
