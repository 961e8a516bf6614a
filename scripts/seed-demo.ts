/**
 * `npm run seed:demo`: fills the configured database (DATA_DIR or DATABASE_URL) with the demo of
 * server/seed/demo.ts. Stop the server first when it runs on the embedded database (one process owns it).
 * Option: `--log-entries N` (default 30,000).
 */
import { createContext, ensureSuperAdmin } from '../server/bootstrap';
import { loadConfig } from '../server/config';
import { seedDemo } from '../server/seed/demo';

const i = process.argv.indexOf('--log-entries');
const logEntries = i >= 0 ? Number(process.argv[i + 1]) : undefined;
const config = loadConfig();
const ctx = await createContext(config);
try {
  const admin = await ensureSuperAdmin(ctx);
  if (admin.generatedPassword) {
    process.stdout.write(`Super administrateur créé : ${config.adminEmail}\nMot de passe généré (affiché une seule fois) : ${admin.generatedPassword}\n`);
  }
  const created = await seedDemo(ctx, { logEntries });
  process.stdout.write(`Démo : ${JSON.stringify(created)}\n`);
} finally {
  await ctx.database.close();
}
