/**
 * The app of the customer API load run (bench/api-load.ts), as a child process: the configuration of its
 * environment (API_ONLY and the rest set by the parent), the usage counting on unless `BENCH_USAGE_COUNTING=off`
 * (server/app.ts `buildApp` option `usageCounting`, which production never turns off), listening on PORT at
 * 127.0.0.1 until SIGTERM. No log lines.
 */
import { buildApp } from '../server/app';
import { createContext } from '../server/bootstrap';
import { loadConfig } from '../server/config';

const config = loadConfig();
const ctx = await createContext(config);
const app = await buildApp(ctx, { logger: false, usageCounting: process.env.BENCH_USAGE_COUNTING !== 'off' });
process.once('SIGTERM', () => {
  void (async () => {
    await app.close();
    await ctx.database.close();
    process.exit(0);
  })();
});
await app.listen({ port: config.port, host: '127.0.0.1' });
