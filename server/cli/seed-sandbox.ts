/**
 * `npm run seed:sandbox`: prepares the customer API's shared sandbox database (SANDBOX_DATABASE_URL) as the server
 * does at start-up (server/seed/sandbox.ts): migrated, and seeded with the demo when it holds no company. Run it
 * once before starting the processes that share that database, so that their Sandbox calls are served from the
 * start. Without SANDBOX_DATABASE_URL each process prepares an in-memory sandbox of its own at start-up: nothing to
 * do here. Exit code 0, or 1 (its message printed).
 */
import { loadConfig } from '../config';
import { printCrashesSafely, printErr, printOut } from '../lib/log-safe';
import { openSandbox } from '../seed/sandbox';

printCrashesSafely('seed:sandbox\u00a0: échec.');

const config = loadConfig();
if (!config.api.sandboxDatabaseUrl) {
  printErr('SANDBOX_DATABASE_URL n’est pas défini\u00a0: chaque processus prépare alors son propre jeu de données Sandbox, en mémoire, à son démarrage.\n');
  process.exit(1);
}
const { database, seeded } = await openSandbox(config, new AbortController().signal);
try {
  printOut(seeded ? 'Jeu de données Sandbox créé (démonstration).\n' : 'Le jeu de données Sandbox existait déjà\u00a0: base migrée, données gardées.\n');
} finally {
  await database.close();
}
