/**
 * `npm run worker`: the RNE worker without the HTTP server. Same configuration as the server
 * (DATABASE_URL or the embedded database in DATA_DIR, APP_KEY, RNE_API_URL, RNE_REQUESTS_PER_MINUTE,
 * RNE_TIMEOUT_MS); RNE_WORKER is on here whatever its value. Migrations are applied at start; the pg-boss tasks
 * `rne-officers` and `rne-accounts` run in this process as in any other process with the worker on, so several
 * workers (and servers) share the queues. `--lanes n` caps the accounts one run leases (the rest goes to another
 * process). The log is JSON lines on stdout (no password, no token, no bound query value). SIGTERM / SIGINT stop it
 * cleanly: the entries in flight go back to waiting, the leases are released, exit code 0.
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import lockfile from 'proper-lockfile';
import { createContext } from '../bootstrap';
import { loadConfig } from '../config';
import { pgliteDirOf } from '../db/client';
import type { JobLogger } from '../jobs/queue';
import { jsonLine, logSafeError, printCrashesSafely, printErr, printOut } from '../lib/log-safe';
import { registerRneWorker } from '../modules/rne/worker/index';

const startupHandled = printCrashesSafely('worker\u00a0: échec du démarrage.');

const { values } = parseArgs({ options: { lanes: { type: 'string' } } });
const lanes = values.lanes === undefined ? undefined : Number(values.lanes);
if (lanes !== undefined && !(Number.isInteger(lanes) && lanes > 0)) {
  printErr('Usage\u00a0: npm run worker [-- --lanes N] (N entier positif)\n');
  process.exit(1);
}

const config = { ...loadConfig(), rneWorker: true };
if (!config.databaseUrl) {
  const dir = pgliteDirOf(config.dataDir);
  if (fs.existsSync(dir) && lockfile.checkSync(dir, { stale: 15_000 })) {
    printErr(`La base embarquée ${dir} est utilisée par le serveur vigie en marche\u00a0: lancez-le avec RNE_WORKER=on plutôt que ce worker, ou utilisez PostgreSQL (DATABASE_URL).\n`);
    process.exit(1);
  }
}

/** One JSON line per record, pino-like (`level` 30 info, 50 error); `err` made safe. */
function line(level: number, obj: object, msg?: string): void {
  const record: Record<string, unknown> = { level, time: Date.now(), pid: process.pid, ...obj };
  if ('err' in record) record.err = logSafeError(record.err);
  if (msg) record.msg = msg;
  printOut(jsonLine(record));
}
const quiet = config.logLevel === 'silent';
const log: JobLogger = {
  info: (obj, msg) => !quiet && line(30, obj, msg),
  error: (obj, msg) => !quiet && line(50, obj, msg),
};

const ctx = await createContext(config);
ctx.jobs.setLogger(log);
registerRneWorker(ctx, lanes ? { maxLanes: lanes } : {});
await ctx.jobs.start();
startupHandled();
log.info({ database: ctx.database.kind, rneApiUrl: config.rneApiUrl, lanes: lanes ?? 'all' }, 'rne worker started');

let stopping: Promise<void> | undefined;
const stop = (signal: NodeJS.Signals) =>
  (stopping ??= (async () => {
    log.info({ signal }, 'rne worker stopping');
    try {
      await ctx.jobs.stop();
      await ctx.database.close();
      log.info({}, 'rne worker stopped');
      process.exit(0);
    } catch (err) {
      log.error({ err }, 'rne worker stop failed');
      process.exit(1);
    }
  })());
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));
