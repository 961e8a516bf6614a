/**
 * Sirene cases of `npm run bench -- --only feed.sirene`, on the bench's PostgreSQL:
 * - `feed.sirene.psql_copy.1m`: `psql \copy` of a generated 1,000,000-row StockUniteLegale file (current
 *   35-column layout, valid SIRENs from bench/generate.ts) into an unindexed table of 35 text columns (rows/s);
 *   `…psql_copy_unlogged.1m`: the same into an unlogged table, for reference;
 * - `feed.sirene.companies.1m`: the same file through the `feed-sirene` job (staging COPY, checks, first
 *   load: no log entry) into an EMPTY register (companies truncated, INSEE entries of the log deleted first):
 *   seconds, rows/s, ratio to psql \copy (target ≥ 0.5), peak RSS of the process that runs the job (a child
 *   process of its own; target < 300 MB);
 * - `feed.sirene.companies.1m_1pct_changed`: the same file with 1% of the rows changed (renamed, ceased, NAF
 *   changed, in thirds): seconds, and the check that exactly those changes reach the update log;
 * - `feed.sirene.establishments.N` (`--sirene-establishments N`, default 1,000,000; 0 skips it): a generated
 *   StockEtablissement file into an empty establishments table.
 * The files are written to the OS temp folder and removed at the end.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { clientSql } from '../server/db/sql';
import { indexedCopySeconds } from './indexed-copy';
import { openDatabase } from '../server/db/client';
import { claimJob, finishJob, insertJob, reportProgress } from '../server/jobs/store';
import { FEED_SIRENE, type FeedJobPayload } from '../server/modules/feeds/kinds';
import { nafLabel } from '../server/modules/register/nomenclatures';
import { sireneJob } from '../server/modules/feeds/sirene/job';
import { COMPANY_COLUMNS, ESTABLISHMENT_COLUMNS_2019, ESTABLISHMENT_COLUMNS_ADDED } from '../server/modules/feeds/sirene/layouts';
import type { FeedBenchContext } from './feeds';
import { validSirens } from './generate';
import { rowsOf } from '../server/db/rows';

const ROWS = 1_000_000;
/** Every CHANGE_EVERY-th row is changed in the second import (1%). */
const CHANGE_EVERY = 100;
const NAF = ['64.19Z', '66.12Z', '77.39Z', '43.12B', '70.10Z', '62.01Z', '68.20B', '46.90Z'];
const FORMS = ['5710', '5499', '5720', '6540', '1000'];

type Change = 'renamed' | 'ceased' | 'naf';

/** The change made to row `i` in the second file, if any. */
function changeOf(i: number): Change | undefined {
  if (i % CHANGE_EVERY !== 7) return undefined;
  return (['renamed', 'ceased', 'naf'] as const)[Math.floor(i / CHANGE_EVERY) % 3];
}

/** The NAF code of row `i` (before and after a change). */
const nafOf = (i: number, changed: boolean) => NAF[(i + (changed ? 3 : 0)) % NAF.length];

/** One StockUniteLegale line (35 columns, current layout) for row `i`. */
function companyLine(siren: string, i: number, changed: boolean): string {
  const change = changed ? changeOf(i) : undefined;
  const person = i % 5 === 0;
  const year = 1950 + (i % 70);
  const name = `SOCIETE BENCH ${i}${change === 'renamed' ? ' RENOMMEE' : ''}`;
  const values: Record<string, string> = {
    siren,
    statutDiffusionUniteLegale: 'O',
    dateCreationUniteLegale: `${year}-0${1 + (i % 9)}-1${i % 10}`,
    sexeUniteLegale: person ? 'M' : '',
    prenom1UniteLegale: person ? 'JEAN' : '',
    prenomUsuelUniteLegale: person ? 'JEAN' : '',
    trancheEffectifsUniteLegale: ['NN', '00', '01', '11', '21'][i % 5],
    anneeEffectifsUniteLegale: '2023',
    dateDernierTraitementUniteLegale: `2025-12-0${1 + (i % 9)}T05:25:38`,
    nombrePeriodesUniteLegale: String(1 + (i % 7)),
    categorieEntreprise: 'PME',
    anneeCategorieEntreprise: '2023',
    dateDebut: '2022-10-01',
    etatAdministratifUniteLegale: change === 'ceased' ? 'C' : 'A',
    nomUniteLegale: person ? `DUPONT${i}` : '',
    denominationUniteLegale: person ? '' : name,
    categorieJuridiqueUniteLegale: person ? '1000' : FORMS[i % 4],
    activitePrincipaleUniteLegale: nafOf(i, change === 'naf'),
    nomenclatureActivitePrincipaleUniteLegale: 'NAFRev2',
    nicSiegeUniteLegale: String(10 + (i % 90)).padStart(5, '0'),
    economieSocialeSolidaireUniteLegale: 'N',
    caractereEmployeurUniteLegale: 'N',
    activitePrincipaleNAF25UniteLegale: '64.19Y',
  };
  if (person && change === 'renamed') values.nomUniteLegale = `DURAND${i}`;
  return COMPANY_COLUMNS.map((c) => values[c] ?? '').join(',');
}

/** The date every generated row's current period starts on (`dateDebut` 2022-10-01), as the log writes it. */
const AT = ' au 01/10/2022';

/** The update-log description expected for row `i` of the changed file (NAF rév. 2 labels, codes in brackets). */
function expectedEntry(i: number): string | undefined {
  const change = changeOf(i);
  if (!change) return undefined;
  if (change === 'ceased') return `Cessation (état administratif C)${AT}`;
  const [from, to] = [nafOf(i, false), nafOf(i, true)];
  if (change === 'naf') return `Code NAF modifié\u00a0: ${nafLabel(from)} → ${nafLabel(to)} (${from} → ${to})${AT}`;
  const person = i % 5 === 0;
  const [before, after] = person ? [`JEAN DUPONT${i}`, `JEAN DURAND${i}`] : [`SOCIETE BENCH ${i}`, `SOCIETE BENCH ${i} RENOMMEE`];
  return `Dénomination modifiée\u00a0: «\u00a0${before}\u00a0» → «\u00a0${after}\u00a0»${AT}`;
}

/** One StockEtablissement line (54 columns) for row `i`. */
function establishmentLine(siren: string, i: number, header: string[]): string {
  const values: Record<string, string> = {
    siren,
    nic: String(10 + (i % 90)).padStart(5, '0'),
    statutDiffusionEtablissement: 'O',
    dateCreationEtablissement: `${1950 + (i % 70)}-0${1 + (i % 9)}-1${i % 10}`,
    trancheEffectifsEtablissement: 'NN',
    dateDernierTraitementEtablissement: '2025-12-06T05:25:38',
    etablissementSiege: i % 3 === 0 ? 'true' : 'false',
    nombrePeriodesEtablissement: '2',
    numeroVoieEtablissement: String(1 + (i % 120)),
    indiceRepetitionEtablissement: i % 17 === 0 ? 'B' : '',
    typeVoieEtablissement: 'RUE',
    libelleVoieEtablissement: `DE LA REPUBLIQUE ${i % 1000}`,
    codePostalEtablissement: String(75001 + (i % 20)),
    libelleCommuneEtablissement: 'PARIS',
    codeCommuneEtablissement: String(75101 + (i % 20)),
    identifiantAdresseEtablissement: `${siren}_B`,
    coordonneeLambertAbscisseEtablissement: '651234.5',
    coordonneeLambertOrdonneeEtablissement: '6861234.5',
    dateDebut: '2022-10-01',
    etatAdministratifEtablissement: i % 4 === 0 ? 'F' : 'A',
    enseigne1Etablissement: i % 2 ? `ENSEIGNE ${i}` : '',
    activitePrincipaleEtablissement: NAF[i % NAF.length],
    nomenclatureActivitePrincipaleEtablissement: 'NAFRev2',
    caractereEmployeurEtablissement: 'N',
    activitePrincipaleNAF25Etablissement: '64.19Y',
  };
  values.siret = siren + values.nic;
  return header.map((c) => values[c] ?? '').join(',');
}

/** Writes `rows` lines made by `line(i)` after `header` to `file`, in 64k-line batches. */
async function writeFile(file: string, header: string, rows: number, line: (i: number) => string): Promise<number> {
  const out = fs.createWriteStream(file);
  out.write(header + '\n');
  for (let start = 0; start < rows; start += 65_536) {
    const parts: string[] = [];
    for (let i = start; i < Math.min(rows, start + 65_536); i++) parts.push(line(i));
    if (!out.write(parts.join('\n') + '\n')) await new Promise<void>((r) => out.once('drain', () => r()));
  }
  await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
  return fs.statSync(file).size;
}

/** `psql \copy` of `file` into a fresh table of `columns` text columns; seconds. */
function psqlCopy(url: string, file: string, columns: readonly string[], unlogged: boolean): number {
  const cols = columns.map((c) => `"${c}" text`).join(', ');
  execFileSync('psql', [url, '-qc', `drop table if exists bench_sirene_copy; create ${unlogged ? 'unlogged ' : ''}table bench_sirene_copy (${cols})`]);
  const t0 = performance.now();
  execFileSync('psql', [url, '-qc', `\\copy bench_sirene_copy from '${file}' with (format csv, header true)`]);
  const seconds = (performance.now() - t0) / 1000;
  execFileSync('psql', [url, '-qc', 'drop table bench_sirene_copy']);
  return seconds;
}

/** Marker of the child process that runs one job (see `runJobChild`). */
const CHILD_FLAG = '--sirene-job-child';

/**
 * Runs `file` through the feed-sirene job in a child process of its own, so that its peak RSS is the job's
 * process alone (the bench process holds the generated SIRENs and the app). The child records a real job
 * row, claims it and runs `sireneJob.run` on a connection of its own, as the queue does (server/jobs/queue.ts).
 * @returns seconds of the run (inside the child), its peak RSS in MB, and the job's result
 */
function runJob(b: FeedBenchContext, file: string, filename: string): { seconds: number; peakRssMb: number; result: Record<string, unknown> } {
  const out = execFileSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), CHILD_FLAG, file, filename], {
    env: { ...process.env, BENCH_DATABASE_URL: b.databaseUrl },
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  const answer = JSON.parse(out.trim().split('\n').pop()!) as { seconds: number; peak_rss_mb: number; result?: Record<string, unknown>; error?: string };
  if (answer.error) throw new Error(`feed-sirene failed: ${answer.error}`);
  return { seconds: answer.seconds, peakRssMb: answer.peak_rss_mb, result: answer.result! };
}

/** The child: one feed-sirene job on `file`, then one JSON line `{seconds, peak_rss_mb, result | error}`. */
async function runJobChild(file: string, filename: string): Promise<void> {
  const database = await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL!, statementTimeoutMs: 5000 });
  const payload: FeedJobPayload = { filename, origin: 'cli', input: { kind: 'path', path: file } };
  const created = await insertJob(database.db, FEED_SIRENE, null, payload, fs.statSync(file).size);
  const job = (await claimJob(database.db, created.id))!;
  const client = await database.pool!.connect();
  await client.query('set statement_timeout = 0');
  const t0 = performance.now();
  let answer: Record<string, unknown>;
  try {
    const out = await sireneJob.run({ job: { ...job, payload }, payload, database, sql: clientSql(client), signal: new AbortController().signal, progress: (rows, bytes) => reportProgress(database.db, job.id, rows, bytes) });
    const seconds = (performance.now() - t0) / 1000;
    await finishJob(database.db, job.id, { state: 'done', ...out });
    answer = { seconds, result: out.result };
  } catch (err) {
    await finishJob(database.db, job.id, { state: 'failed', error: (err as Error).message, kind: 'refused' });
    answer = { seconds: (performance.now() - t0) / 1000, error: (err as Error).message };
  } finally {
    client.release();
    await database.close();
  }
  process.stdout.write(JSON.stringify({ ...answer, peak_rss_mb: Math.round(process.resourceUsage().maxRSS / 1024) }) + '\n');
}

if (process.argv[2] === CHILD_FLAG) await runJobChild(process.argv[3], process.argv[4]);

async function scalar(b: FeedBenchContext, query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await rowsOf<{ n: string | number }>(b.ctx.db, query);
  return Number(row.n);
}

/** Empties the register and the INSEE entries of the log (untimed). */
async function emptyRegister(b: FeedBenchContext, table: 'companies' | 'establishments'): Promise<void> {
  execFileSync('psql', [b.databaseUrl, '-q', '-c', `truncate ${table}`, '-c', `delete from update_log where code = 'INSEE'`, '-c', `vacuum analyze ${table}`, '-c', 'vacuum analyze update_log']);
}

const round = (x: number) => Math.round(x * 100) / 100;

/** Runs the sirene bench cases. */
export async function benchSirene(b: FeedBenchContext): Promise<void> {
  const args = process.argv.slice(2);
  const at = args.indexOf('--sirene-establishments');
  const establishmentRows = at >= 0 ? Number(args[at + 1]) : ROWS;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigie-bench-sirene-'));
  try {
    b.log('feed.sirene: generating 1,000,000 StockUniteLegale rows');
    const sirens = validSirens(ROWS);
    const file = path.join(dir, 'StockUniteLegale_utf8.csv');
    const bytes = await writeFile(file, COMPANY_COLUMNS.join(','), ROWS, (i) => companyLine(sirens[i], i, false));
    const changedFile = path.join(dir, 'StockUniteLegale_utf8_1pct.csv');
    await writeFile(changedFile, COMPANY_COLUMNS.join(','), ROWS, (i) => companyLine(sirens[i], i, true));

    const copySeconds = psqlCopy(b.databaseUrl, file, COMPANY_COLUMNS, false);
    const psqlRate = ROWS / copySeconds;
    b.record('feed.sirene.psql_copy.1m', { seconds: round(copySeconds), rows_per_s: Math.round(psqlRate), file_mb: round(bytes / 1048576) });
    const unloggedSeconds = psqlCopy(b.databaseUrl, file, COMPANY_COLUMNS, true);
    b.record('feed.sirene.psql_copy_unlogged.1m', { seconds: round(unloggedSeconds), rows_per_s: Math.round(ROWS / unloggedSeconds) });

    await emptyRegister(b, 'companies');
    const first = runJob(b, file, 'StockUniteLegale_utf8.csv');
    const r1 = first.result as { lines: number; created: number; log_entries: number; first_load: boolean };
    if (r1.lines !== ROWS || r1.created !== ROWS || r1.log_entries !== 0 || !r1.first_load) throw new Error(`first import: ${JSON.stringify(r1)}`);
    const companiesIndexed = indexedCopySeconds(b.databaseUrl, [{ table: 'companies' }]);
    b.record('feed.sirene.companies.1m', {
      seconds: round(first.seconds),
      rows_per_s: Math.round(ROWS / first.seconds),
      ratio_to_psql_copy: round(ROWS / first.seconds / psqlRate),
      indexed_copy_seconds: round(companiesIndexed),
      ratio_to_indexed_copy: round(companiesIndexed / first.seconds),
      peak_rss_mb: first.peakRssMb,
      log_entries: r1.log_entries,
    });

    // 1% of the rows changed: exactly those changes reach the log.
    const lastId = await scalar(b, sql`select coalesce(max(id), 0) as n from update_log`);
    const second = runJob(b, changedFile, 'StockUniteLegale_utf8.csv');
    const r2 = second.result as { created: number; updated: number; unchanged: number; log_entries: number };
    const expected = new Map<string, string>();
    for (let i = 0; i < ROWS; i++) {
      const e = expectedEntry(i);
      if (e) expected.set(sirens[i], e);
    }
    const entries = await rowsOf<{ siren: string; code: string; description: string }>(b.ctx.db, sql`select siren, code, description from update_log where id > ${lastId}`);
    const wrong = entries.filter((e) => e.code !== 'INSEE' || expected.get(e.siren) !== e.description);
    const exact = entries.length === expected.size && wrong.length === 0 && new Set(entries.map((e) => e.siren)).size === expected.size;
    if (!exact) throw new Error(`1% changed: ${entries.length} entries for ${expected.size} changes, ${wrong.length} wrong, e.g. ${JSON.stringify(wrong.slice(0, 3))}`);
    b.record('feed.sirene.companies.1m_1pct_changed', {
      seconds: round(second.seconds),
      rows_per_s: Math.round(ROWS / second.seconds),
      peak_rss_mb: second.peakRssMb,
      changed_rows: expected.size,
      updated: r2.updated,
      created: r2.created,
      log_entries: r2.log_entries,
      log_entries_exact: exact ? 1 : 0,
    });

    // The same file once more: nothing written.
    const third = runJob(b, changedFile, 'StockUniteLegale_utf8.csv');
    const r3 = third.result as { updated: number; created: number; log_entries: number };
    b.record('feed.sirene.companies.1m_reimport', { seconds: round(third.seconds), updated: r3.updated, created: r3.created, log_entries: r3.log_entries });
    fs.rmSync(changedFile);

    if (establishmentRows > 0) {
      b.log(`feed.sirene: generating ${establishmentRows} StockEtablissement rows`);
      const header = [...ESTABLISHMENT_COLUMNS_2019, ...ESTABLISHMENT_COLUMNS_ADDED];
      const etFile = path.join(dir, 'StockEtablissement_utf8.csv');
      await writeFile(etFile, header.join(','), establishmentRows, (i) => establishmentLine(sirens[i % ROWS], i, header));
      const etCopy = psqlCopy(b.databaseUrl, etFile, header, false);
      await emptyRegister(b, 'establishments');
      const et = runJob(b, etFile, 'StockEtablissement_utf8.csv');
      const etIndexed = indexedCopySeconds(b.databaseUrl, [{ table: 'establishments' }]);
      const n = establishmentRows;
      b.record(`feed.sirene.establishments.${n >= 1_000_000 ? `${n / 1_000_000}m` : `${n / 1000}k`}`, {
        seconds: round(et.seconds),
        rows_per_s: Math.round(n / et.seconds),
        psql_copy_rows_per_s: Math.round(n / etCopy),
        ratio_to_psql_copy: round(etCopy / et.seconds),
        indexed_copy_seconds: round(etIndexed),
        ratio_to_indexed_copy: round(etIndexed / et.seconds),
        peak_rss_mb: et.peakRssMb,
      });
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
