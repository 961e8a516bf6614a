/**
 * Entry point (CONVENTIONS.md section 2): config -> database -> migrations -> first super admin -> listen.
 * SIGTERM/SIGINT close the server (in-flight requests finish), then the database.
 */
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { createContext, ensureSuperAdmin } from './bootstrap';
import { loadConfig } from './config';
import { purgeExpiredSessions } from './http/session';

const config = loadConfig();
const ctx = await createContext(config);
const app = await buildApp(ctx);

const admin = await ensureSuperAdmin(ctx);
if (admin.created) {
  app.log.info({ email: config.adminEmail }, 'super administrator created');
  if (admin.generatedPassword) {
    // Printed once, on the console only (never through the structured log).
    process.stdout.write(
      `\n  Super administrateur créé : ${config.adminEmail}\n  Mot de passe généré (affiché une seule fois) : ${admin.generatedPassword}\n\n`,
    );
  }
}

const limits = { maxAge: config.sessionMaxAge, idle: config.sessionIdle };
await purgeExpiredSessions(ctx.db, limits);
const purgeTimer = setInterval(() => purgeExpiredSessions(ctx.db, limits).catch((err) => app.log.warn({ err }, 'session purge failed')), 3600_000);
purgeTimer.unref();

app.addHook('onClose', async () => {
  clearInterval(purgeTimer);
  await ctx.database.close();
});

closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'closing after an error');
  else app.log.info({ signal }, 'shutting down');
  await app.close();
});

await app.listen({ port: config.port, host: config.host });
app.log.info(`vigie: http://${config.host}:${config.port} (${ctx.database.kind === 'pg' ? 'PostgreSQL' : 'PGlite in ' + config.dataDir})`);
