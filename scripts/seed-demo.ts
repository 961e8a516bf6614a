/**
 * `npm run seed:demo`: fills the configured database (DATA_DIR or DATABASE_URL) with the demo of
 * server/seed/demo.ts, then prints in a few lines what it created and how to sign in (server/seed/summary.ts).
 * Stop the server first when it runs on the embedded database (one process owns it). No option.
 */
import { createContext, ensureSuperAdmin } from '../server/bootstrap';
import { loadConfig } from '../server/config';
import { seedDemo } from '../server/seed/demo';
import { demoSummary } from '../server/seed/summary';

const config = loadConfig();
const ctx = await createContext(config);
try {
  const admin = await ensureSuperAdmin(ctx);
  const created = await seedDemo(ctx);
  process.stdout.write(
    demoSummary(created, {
      adminEmail: config.adminEmail,
      url: `http://${config.host}:${config.port}`,
      adminCreated: admin.created,
      generatedPassword: admin.generatedPassword,
    }),
  );
} finally {
  // The demo feeds run their files through the job queue (server/seed/demo-feeds.ts).
  await ctx.jobs.stop();
  await ctx.database.close();
}
