/**
 * `npm run feed:bodacc:rows`: rewrites the stored BODACC transaction rows from their stored notices
 * (server/modules/feeds/bodacc/rebuild.ts), for a database whose rows an earlier version of the importer wrote.
 * Same configuration as the server (DATABASE_URL, or the embedded database in DATA_DIR, which must not be held
 * by a running server). Prints what it did; exit code 0, or 1 on a failure (its message printed).
 */
import fs from 'node:fs';
import lockfile from 'proper-lockfile';
import { createContext } from '../bootstrap';
import { loadConfig } from '../config';
import { pgliteDirOf } from '../db/client';
import { printCrashesSafely, printErr, printOut } from '../lib/log-safe';
import { rebuildSaleRows } from '../modules/feeds/bodacc/rebuild';

printCrashesSafely('feed:bodacc:rows\u00a0: échec.');

const config = loadConfig();
if (!config.databaseUrl) {
  const dir = pgliteDirOf(config.dataDir);
  if (fs.existsSync(dir) && lockfile.checkSync(dir, { stale: 15_000 })) {
    printErr(`La base embarquée ${dir} est utilisée par le serveur vigie en marche\u00a0: arrêtez-le d’abord.\n`);
    process.exit(1);
  }
}

const ctx = await createContext(config);
const fr = (n: number) => n.toLocaleString('fr-FR');
try {
  const done = await rebuildSaleRows(ctx.db, (s) => {
    if (process.stdout.isTTY) printOut(`\r${fr(s.rows)} lignes relues…`, '\r');
  });
  if (process.stdout.isTTY) printOut('\r', '\r');
  printOut(`Lignes de transactions BODACC relues d’après leur avis\u00a0: ${fr(done.rows)}, dont ${fr(done.changed)} réécrites.\n`);
} finally {
  await ctx.database.close();
}
