/**
 * Entry point (CONVENTIONS.md section 2): config -> database -> migrations -> first super admin -> listen, then the
 * preparation of the customer API's sandbox data set.
 * SIGTERM/SIGINT close the server (in-flight requests finish), then the database. In a terminal the log is
 * pretty-printed and the listening URL stands on its own line; elsewhere it stays JSON.
 */
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { createContext, ensureSuperAdmin } from './bootstrap';
import { loadConfig } from './config';
import { purgeExpiredSessions } from './http/session';
import { isTerminal, prettyLogStream, readyBanner, signInBlock } from './lib/console-log';
import { printCrashesSafely } from './lib/log-safe';

// Until closeWithGrace takes over (below), a start-up failure is printed without the bound values of a
// failed query (no hash, no email), and the process exits 1.
const startupHandled = printCrashesSafely('vigie\u00a0: échec du démarrage.');

const config = loadConfig();
const ctx = await createContext(config);
const terminal = isTerminal();
const app = await buildApp(ctx, terminal ? { logStream: prettyLogStream(), quietRequests: true } : {});

// API_ONLY: a process of the customer API alone, beside the back-office on the same PostgreSQL (no first administrator).
const apiOnly = config.api.only;
const admin = apiOnly ? { created: false as const, generatedPassword: undefined } : await ensureSuperAdmin(ctx);
if (admin.created) {
  app.log.info({ email: config.adminEmail }, 'super administrator created');
  if (admin.generatedPassword) {
    // On the console only (never through the structured log); in a terminal, again once the server listens.
    process.stdout.write(signInBlock(config.adminEmail, admin.generatedPassword));
  }
}

const limits = { maxAge: config.sessionMaxAge, idle: config.sessionIdle };
if (!apiOnly) await purgeExpiredSessions(ctx.db, limits);
// Fire and forget: a failed purge is logged, and the next one an hour later tries again.
const purgeTimer = setInterval(() => void purgeExpiredSessions(ctx.db, limits).catch((err) => app.log.warn({ err }, 'session purge failed')), 3600_000);
purgeTimer.unref();
if (apiOnly) clearInterval(purgeTimer);

app.addHook('onClose', async () => {
  clearInterval(purgeTimer);
  await ctx.database.close();
});

startupHandled();
// Its own messages (second error, timeout) go through the app's logger, whose `err` serializer hides query values.
const graceLogger = { error: (e: unknown) => app.log.error(e instanceof Error ? { err: e } : { msg: String(e) }) };
closeWithGrace({ delay: 10_000, logger: graceLogger }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'closing after an error');
  else app.log.info({ signal }, 'shutting down');
  await app.close();
});

// Started by `npm start` (scripts/start.mjs, with an IPC channel): stop cleanly when it is gone, even
// killed without forwarding a signal, rather than run on orphaned.
if (process.channel) {
  process.channel.unref();
  process.once('disconnect', () => process.kill(process.pid, 'SIGTERM'));
}

await app.listen({ port: config.port, host: config.host });
const url = `http://${config.host}:${config.port}`;
app.log.info(`vigie${apiOnly ? ' (API_ONLY: /oauth, /v1)' : ''}: ${url} (${ctx.database.kind === 'pg' ? 'PostgreSQL' : 'PGlite in ' + config.dataDir})`);
// The sandbox data set of the customer API is prepared now, and only here (server/api/sandbox.ts): a Sandbox call
// made before it is ready answers 503 with Retry-After; a failure is logged and tried again. Never rejects.
void app.customerApi.sandbox.start();
if (terminal) {
  process.stdout.write(readyBanner(url, ctx.database.kind === 'pg' ? 'PostgreSQL' : `PGlite dans ${config.dataDir}`));
  // The first sign-in again, below the start-up lines that scrolled it away.
  if (admin.generatedPassword) process.stdout.write(signInBlock(config.adminEmail, admin.generatedPassword));
}
