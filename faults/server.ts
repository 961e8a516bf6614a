/**
 * The app under fault: server/main.ts (and the RNE worker, server/cli/worker.ts) in child processes, started by the
 * shared helper of the process tests (test/helpers/process-server.ts), on a database of the suite, with the settings
 * the scenarios need: no confirmation asked before a big feed import (FEED_CONFIRM_THRESHOLD), no inbox watcher, no
 * scheduled fetch (no FEED_*_URL), warnings only in the log.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  BrowserClient,
  PROCESS_APP_KEY,
  spawnEntry,
  startServer,
  type EntryProcess,
  type ProcessServer,
} from '../test/helpers/process-server';

export { BrowserClient, killStartedProcesses, PROCESS_APP_KEY, type EntryProcess, type ProcessServer } from '../test/helpers/process-server';

/** Environment of a process of the app on `databaseUrl`, its DATA_DIR under `tmp`. */
export function appEnv(databaseUrl: string, tmp: string, extra: Record<string, string> = {}): Record<string, string> {
  const dataDir = path.join(tmp, 'data');
  fs.mkdirSync(dataDir, { recursive: true });
  return {
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    FEED_CONFIRM_THRESHOLD: '1000000000',
    FEED_INBOX: 'false',
    LOG_LEVEL: 'warn',
    ...extra,
  };
}

/**
 * Starts server/main.ts on `databaseUrl` and signs in.
 * @throws Error when it does not start (its output in the message) or the sign-in fails
 */
export async function startApp(databaseUrl: string, tmp: string, extra: Record<string, string> = {}): Promise<{ server: ProcessServer; http: BrowserClient }> {
  const server = await startServer(appEnv(databaseUrl, tmp, extra));
  if (!server) throw new Error('server/main.ts exited before answering /healthz');
  return { server, http: await new BrowserClient(server.url).signIn() };
}

/** Kills `proc` with SIGKILL and waits for its end. @throws Error when it was not the kill that ended it */
export async function kill9(proc: EntryProcess): Promise<void> {
  proc.child.kill('SIGKILL');
  const { signal } = await proc.exited;
  if (signal !== 'SIGKILL') throw new Error(`process ended by ${signal} before the kill:\n${proc.output().slice(-3000)}`);
}

/** Stops `proc` with SIGTERM. @returns its exit code */
export async function stop(proc: EntryProcess): Promise<number | null> {
  proc.child.kill('SIGTERM');
  return (await proc.exited).code;
}

/** Starts the RNE worker (`npm run worker`) on `databaseUrl` against the RNE API at `rneApiUrl`. */
export function startWorker(databaseUrl: string, tmp: string, rneApiUrl: string): EntryProcess {
  return spawnEntry('server/cli/worker.ts', appEnv(databaseUrl, tmp, { APP_KEY: PROCESS_APP_KEY, RNE_API_URL: rneApiUrl, LOG_LEVEL: 'info' }));
}
