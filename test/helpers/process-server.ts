/**
 * vigie's real entry points in child processes, and a browser-like HTTP client for them: what the process tests
 * (test/process) and the fault-injection suite (faults/, `npm run faults`) share.
 *
 * - `spawnEntry` starts a script (`server/main.ts`, `server/cli/worker.ts`) with tsx, as `npm start` runs it,
 *   collecting its output; every process started here is killed by `killStartedProcesses` (the suites' cleanup).
 * - `startServer` starts server/main.ts on a free port and resolves once `GET /healthz` answers 200 (or null when the
 *   process exits first); `startServerAfterKill` retries while a killed process's embedded-database lock is held.
 * - `BrowserClient` signs in like the browser (CONVENTIONS.md section 3): the `XSRF-TOKEN` cookie of
 *   `GET /api/csrf-cookie` sent back in `X-XSRF-TOKEN` on every write, `X-Requested-With` on every call, a cookie jar.
 * Failures throw plain Errors (no test framework here), with the answer or the process output in the message.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import getPort from 'get-port';
import lockfile from 'proper-lockfile';
import type { JobResponse } from '../../contract/jobs';
import { EMBEDDED_LOCK_STALE_MS, pgliteDirOf } from '../../server/db/client';

/** The repository's root (the child processes' working directory). */
export const ROOT = path.resolve(import.meta.dirname, '../..');
/** The first super admin of the started servers (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const PROCESS_ADMIN = { email: 'jobs@example.com', password: 'interrupted-job-password' };
/** A fixed APP_KEY, so that a restarted server reads what the first one sealed. */
export const PROCESS_APP_KEY = 'base64:' + Buffer.alloc(32, 9).toString('base64');

/** A child process of one of vigie's entry points. */
export interface EntryProcess {
  child: ChildProcess;
  /** Resolves when it exits, with its exit code or the signal that ended it. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Everything it wrote so far (stdout and stderr). */
  output(): string;
}

/** A running server/main.ts. */
export interface ProcessServer extends EntryProcess {
  /** `http://127.0.0.1:<port>`. */
  url: string;
}

const started = new Set<ChildProcess>();

/**
 * Starts `entry` (a path under the repository, e.g. `server/cli/worker.ts`) with tsx, in the repository, with the
 * current environment plus `env`.
 */
export function spawnEntry(entry: string, env: Record<string, string>): EntryProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], { cwd: ROOT, env: { ...process.env, ...env } });
  started.add(child);
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => {
      started.delete(child);
      resolve({ code, signal });
    }),
  );
  return { child, exited, output: () => output };
}

/** Kills (SIGKILL) every process started by this module that still runs. */
export function killStartedProcesses(): void {
  for (const c of started) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
}

/**
 * Starts server/main.ts on a free port of 127.0.0.1 with PROCESS_ADMIN, PROCESS_APP_KEY, the embedded database
 * unless `env` gives DATABASE_URL, and `env`.
 * @returns the server once `/healthz` answers 200; null when the process exits first
 * @throws Error when it neither answers nor exits within `timeoutMs` (default 120 s)
 */
export async function startServer(env: Record<string, string>, timeoutMs = 120_000): Promise<ProcessServer | null> {
  const port = await getPort({ host: '127.0.0.1' });
  const proc = spawnEntry('server/main.ts', {
    PORT: String(port),
    LOG_LEVEL: 'info',
    ADMIN_EMAIL: PROCESS_ADMIN.email,
    ADMIN_PASSWORD: PROCESS_ADMIN.password,
    APP_KEY: PROCESS_APP_KEY,
    DATABASE_URL: '',
    ...env,
  });
  const url = `http://127.0.0.1:${port}`;
  for (const end = Date.now() + timeoutMs; Date.now() < end; ) {
    if (proc.child.exitCode !== null || proc.child.signalCode !== null) return null;
    const status = await fetch(`${url}/healthz`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return { ...proc, url };
    await new Promise((r) => setTimeout(r, 100));
  }
  proc.child.kill('SIGKILL');
  throw new Error(`server did not start:\n${proc.output()}`);
}

/**
 * Starts the server once the lock a killed process left on its embedded database has gone stale (15 s after its
 * last refresh, server/db/client.ts), and again while the server still refuses to open it; the lock is watched
 * from here rather than by starting servers that are refused (each start costs seconds of CPU).
 * @throws Error after 20 attempts
 */
export async function startServerAfterKill(env: Record<string, string>): Promise<ProcessServer> {
  if (!env.DATABASE_URL && env.DATA_DIR) {
    const dir = pgliteDirOf(env.DATA_DIR);
    for (const end = Date.now() + 60_000; Date.now() < end && lockfile.checkSync(dir, { stale: EMBEDDED_LOCK_STALE_MS }); ) {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  for (let attempt = 0; attempt < 20; attempt++) {
    const server = await startServer(env);
    if (server) return server;
    await new Promise((r) => setTimeout(r, 2000));
  }
  throw new Error('server did not restart');
}

/** An answer of `BrowserClient.call`: status, parsed JSON body (the raw text when it is not JSON), duration in ms. */
export interface CallResult {
  status: number;
  json: unknown;
  ms: number;
}

/** A browser-like HTTP client: cookie jar, X-Requested-With, and the CSRF header on every write. */
export class BrowserClient {
  private readonly jar = new Map<string, string>();
  constructor(
    readonly url: string,
    private readonly credentials = PROCESS_ADMIN,
  ) {}

  /**
   * Calls `p` (a path with its query) with `body` (JSON, or a FormData sent as multipart).
   * @param opts.signal - aborts the call (the fetch rejects)
   */
  async call(method: 'GET' | 'POST', p: string, body?: unknown, opts: { signal?: AbortSignal } = {}): Promise<CallResult> {
    const t0 = performance.now();
    const headers: Record<string, string> = { 'x-requested-with': 'XMLHttpRequest', cookie: [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ') };
    if (method !== 'GET') headers['x-xsrf-token'] = decodeURIComponent(this.jar.get('XSRF-TOKEN') ?? '');
    let payload: string | FormData | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const res = await fetch(this.url + p, { method, headers, body: payload, signal: opts.signal });
    for (const c of res.headers.getSetCookie()) {
      const [kv] = c.split(';');
      const i = kv.indexOf('=');
      this.jar.set(kv.slice(0, i), kv.slice(i + 1));
    }
    const text = await res.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = text;
    }
    return { status: res.status, json, ms: performance.now() - t0 };
  }

  /** Fetches the CSRF cookie and signs in. @throws Error unless both answer as the contract says */
  async signIn(): Promise<this> {
    const csrf = await this.call('GET', '/api/csrf-cookie');
    if (csrf.status !== 204) throw new Error(`csrf-cookie answered ${csrf.status}`);
    const res = await this.call('POST', '/api/login', { email: this.credentials.email, password: this.credentials.password });
    if (res.status !== 200) throw new Error(`login answered ${res.status}: ${JSON.stringify(res.json)}`);
    return this;
  }

  /** `GET /api/jobs/:id`. @throws Error unless it answers 200 */
  async job(id: string): Promise<JobResponse> {
    const res = await this.call('GET', `/api/jobs/${id}`);
    if (res.status !== 200) throw new Error(`job ${id} answered ${res.status}: ${JSON.stringify(res.json)}`);
    return res.json as JobResponse;
  }
}
