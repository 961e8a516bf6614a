/**
 * `npm run feed:sirene -- FILE…` and `npm run feed:bodacc -- FILE…`: imports INSEE Sirene
 * stock files (`.csv` or the `.zip` INSEE ships) or BODACC files (DILA `.xml`, Opendatasoft `.json`) through the
 * same feed job as an upload, one job per file (origin `cli`, the file read in place), with a progress bar in
 * the terminal (rows read, percent of the bytes). Same configuration as the server (DATABASE_URL, or the
 * embedded database in DATA_DIR). While a server holds the embedded database, says so and points to the inbox
 * folder, which that server watches.
 * Exit code: 0 when every file was imported, 1 otherwise (each failure printed with its French error).
 * Everything printed goes through `printOut` / `printErr` (server/lib/log-safe.ts): control characters of a file
 * name, a path or an error quoting a file are shown escaped, never sent to the terminal.
 */
import fs from 'node:fs';
import path from 'node:path';
import cliProgress from 'cli-progress';
import lockfile from 'proper-lockfile';
import type { UploadFeed } from '../../contract/feeds';
import { registerJobs } from '../modules/job-registry';
import { waitForJob } from '../jobs/store';
import { feedsModule } from '../modules/feeds/module';
import { rneModule } from '../modules/rne/module';
import { createContext } from '../bootstrap';
import { loadConfig } from '../config';
import { pgliteDirOf } from '../db/client';
import { escapeControls } from '../lib/excerpt';
import { printCrashesSafely, printErr, printOut } from '../lib/log-safe';
import { inboxDir } from '../modules/feeds/inbox';
import { extensionError, startFeedJob } from '../modules/feeds/start';

printCrashesSafely('feed\u00a0: échec.');

const [feedArg, ...files] = process.argv.slice(2);
if ((feedArg !== 'sirene' && feedArg !== 'bodacc') || files.length === 0) {
  printErr('Usage\u00a0: npm run feed:sirene -- FICHIER… ou npm run feed:bodacc -- FICHIER…\n');
  process.exit(1);
}
const feed: UploadFeed = feedArg;
const config = loadConfig();

if (!config.databaseUrl) {
  const dir = pgliteDirOf(config.dataDir);
  if (fs.existsSync(dir) && lockfile.checkSync(dir, { stale: 15_000 })) {
    printErr(
      `La base embarquée ${dir} est utilisée par le serveur vigie en marche\u00a0: arrêtez-le, ` +
        `ou déposez plutôt les fichiers dans ${inboxDir(config.dataDir, feed)}${path.sep} (le serveur les importe dès qu’ils sont complets).\n`,
    );
    process.exit(1);
  }
}

const ctx = await createContext(config);
registerJobs(ctx, [feedsModule, rneModule]);
await ctx.jobs.start();
let failures = 0;
let interrupted = false;
let stopping: Promise<void> | undefined;
const stop = () => (stopping ??= ctx.jobs.stop());
// Ctrl+C: the running import rolls back and ends failed ('le serveur a été arrêté'), then the process exits 1.
process.once('SIGINT', () => {
  interrupted = true;
  void stop();
});

const terminal = Boolean(process.stdout.isTTY);
const fr = (n: number) => n.toLocaleString('fr-FR');
try {
  for (const file of files) {
    if (interrupted) break;
    const name = path.basename(file);
    const refused = !fs.existsSync(file) ? `fichier introuvable (${file}).` : fs.statSync(file).isFile() ? extensionError(feed, name) : `${file} n’est pas un fichier.`;
    if (refused) {
      failures++;
      printErr(`✗ ${name}\u00a0: ${refused}\n`);
      continue;
    }
    const job = await startFeedJob(ctx.jobs, ctx.db, { feed, filename: name, origin: 'cli', input: { path: path.resolve(file) } });
    const total = Number(job.bytesTotal ?? 0);
    const bar = terminal
      ? new cliProgress.SingleBar(
          { format: `${escapeControls(name)} |{bar}| {percentage}% | {rows} lignes | {done}/{size}`, hideCursor: true, clearOnComplete: true },
          cliProgress.Presets.shades_classic,
        )
      : null;
    bar?.start(Math.max(total, 1), 0, { rows: '0', done: sizeText(0), size: sizeText(total) });
    const end = await waitForJob(ctx.db, job.id, {
      pollMs: 250,
      onProgress: (row) => bar?.update(Math.min(Number(row.bytesRead), total), { rows: fr(Number(row.rowsRead)), done: sizeText(Number(row.bytesRead)), size: sizeText(total) }),
    });
    bar?.stop();
    if (end.state === 'done') {
      printOut(`✓ ${name}\u00a0: ${fr(Number(end.rowsRead))} lignes lues${summary(end.result)}\n`);
    } else {
      failures++;
      printErr(`✗ ${name}\u00a0: ${end.error ?? 'échec.'}\n`);
    }
  }
} finally {
  await stop();
  await ctx.database.close();
}
if (interrupted) printErr('Import interrompu (Ctrl+C)\u00a0: le fichier en cours n’a rien enregistré, les suivants n’ont pas été lus.\n');
process.exitCode = failures > 0 || interrupted ? 1 : 0;

/** `12,3 Mo` style size. */
function sizeText(bytes: number): string {
  if (bytes < 1024 * 1024) return `${fr(Math.round(bytes / 1024))} Ko`;
  return `${(bytes / (1024 * 1024)).toLocaleString('fr-FR', { maximumFractionDigits: 1 })} Mo`;
}

/** `, 3 créées, 1 modifiée…` from a job result (the counts it has). */
function summary(result: Record<string, unknown> | null): string {
  if (!result) return '';
  const parts: string[] = [];
  const labels: Array<[string, string]> = [
    ['created', 'créées'],
    ['updated', 'modifiées'],
    ['unchanged', 'inchangées'],
    ['log_entries', 'entrées au journal'],
  ];
  for (const [key, label] of labels) if (typeof result[key] === 'number') parts.push(`${fr(result[key] as number)} ${label}`);
  // A first load of an empty register is its starting point: its companies are not logged as created.
  if (result.first_load === true) parts.push('chargement initial du répertoire\u00a0: les créations ne sont pas inscrites au journal');
  return parts.length ? ` (${parts.join(', ')})` : '';
}
