/**
 * `npm run feed:sirene -- FILE…` / `npm run feed:bodacc -- FILE…` as a child process on the
 * embedded database of a temporary DATA_DIR (a copy of an already migrated one), on the real samples of test/fixtures: one job per file (origin
 * `cli`), exit code 0 when all succeed, 1 otherwise with the French error printed; refused with a pointer to
 * the inbox while another process holds the embedded database.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, pgliteDirOf } from '../../server/db/client';
import { migratedDataDir } from '../helpers/migrated-data-dir';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'vigie-feed-cli-'));
const dataDir = await migratedDataDir(tmp);
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** Runs the CLI; resolves with its exit code and output. */
function feed(kind: string, ...files: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli/feed.ts', kind, ...files], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Rows of a query on the CLI's embedded database (opened once the CLI has exited). */
async function query<T>(text: string): Promise<T[]> {
  const database = await openDatabase({ pgliteDir: pgliteDirOf(dataDir) });
  try {
    return (await database.pglite!.query<T>(text)).rows;
  } finally {
    await database.close();
  }
}

describe('feed CLI', () => {
  it('imports real INSEE files, one job per file (origin cli), and exits 0', async () => {
    const res = await feed('sirene', path.join(FIXTURES, 'sirene/StockUniteLegale_sample.csv'), path.join(FIXTURES, 'sirene/StockEtablissement_sample.csv'));
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toContain('✓ StockUniteLegale_sample.csv\u00a0: 97 lignes lues');
    // The first load of an empty register says why it logged no creation.
    expect(res.stdout).toMatch(/StockUniteLegale_sample.csv\u00a0: 97 lignes lues \(97 créées.*chargement initial du répertoire\u00a0: les créations ne sont pas inscrites au journal\)/);
    expect(res.stdout).toContain('✓ StockEtablissement_sample.csv\u00a0: 72 lignes lues');
    expect(await query('select count(*)::int as n from companies')).toEqual([{ n: 97 }]);
    expect(await query('select count(*)::int as n from establishments')).toEqual([{ n: 72 }]);
    expect(await query('select feed, filename, status, lines::int as lines, origin from feed_files order by id')).toEqual([
      { feed: 'sirene-companies', filename: 'StockUniteLegale_sample.csv', status: 1, lines: 97, origin: 'cli' },
      { feed: 'sirene-establishments', filename: 'StockEtablissement_sample.csv', status: 1, lines: 72, origin: 'cli' },
    ]);
    expect(await query("select kind, state, payload->>'origin' as origin from jobs order by created_at")).toEqual([
      { kind: 'feed-sirene', state: 'done', origin: 'cli' },
      { kind: 'feed-sirene', state: 'done', origin: 'cli' },
    ]);
  });

  it('exits 1 when one file fails, printing its French error; the good file is imported', async () => {
    const broken = path.join(dataDir, 'casse.xml');
    fs.writeFileSync(broken, fs.readFileSync(path.join(FIXTURES, 'bodacc/RCS-A_BXA20210005_ventes.xml')).subarray(0, 3000));
    const res = await feed('bodacc', path.join(FIXTURES, 'bodacc/RCS-A_BXA20210005_ventes.xml'), broken, path.join(dataDir, 'absent.xml'));
    expect(res.code).toBe(1);
    expect(res.stdout).toContain('✓ RCS-A_BXA20210005_ventes.xml\u00a0: 29 lignes lues');
    expect(res.stderr).toMatch(/✗ casse\.xml\u00a0: Le fichier XML est mal formé/);
    expect(res.stderr).toContain(`✗ absent.xml\u00a0: fichier introuvable (${path.join(dataDir, 'absent.xml')}).`);
    expect(await query("select filename, status from feed_files where feed = 'bodacc' order by id")).toEqual([
      { filename: 'RCS-A_BXA20210005_ventes.xml', status: 1 },
      { filename: 'casse.xml', status: 0 },
    ]);
    expect(await query("select count(*)::int as n from update_log where code = 'BODACC'")).not.toEqual([{ n: 0 }]);
  });

  it('refuses a file of the wrong type and prints the usage without files', async () => {
    const wrong = await feed('bodacc', path.join(FIXTURES, 'sirene/StockUniteLegale_sample.csv'));
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('Seuls les fichiers .xml et .json sont acceptés pour le BODACC.');
    const usage = await feed('sirene');
    expect(usage.code).toBe(1);
    expect(usage.stderr).toContain('Usage\u00a0: npm run feed:sirene -- FICHIER…');
  });

  it('prints the control characters of a file name, a path and an error escaped, never raw', async () => {
    const titled = path.join(dataDir, 'titre\x1b]2;pris\x07.csv');
    fs.writeFileSync(titled, 'nom\x1b]2;pwned\x07,prenom\na,b\n');
    const res = await feed('sirene', titled, path.join(dataDir, 'absent\x1b[2J.csv'));
    expect(res.code).toBe(1);
    const printed = res.stdout + res.stderr;
    // eslint-disable-next-line no-control-regex -- no control character but the line feed may reach the terminal
    expect(printed).not.toMatch(/[\x00-\x09\x0b-\x1f\x7f-\x9f]/);
    expect(res.stderr).toContain('✗ titre\\x1b]2;pris\\x07.csv\u00a0: En-tête non reconnu');
    expect(res.stderr).toContain(`✗ absent\\x1b[2J.csv\u00a0: fichier introuvable (${dataDir}/absent\\x1b[2J.csv).`);
    expect(printed).not.toContain('pwned');
  });

  it('says so, and points to the inbox, while another process holds the embedded database', async () => {
    const holder = await openDatabase({ pgliteDir: pgliteDirOf(dataDir) });
    try {
      const res = await feed('sirene', path.join(FIXTURES, 'sirene/StockUniteLegale_sample.csv'));
      expect(res.code).toBe(1);
      expect(res.stderr).toContain(`est utilisée par le serveur vigie en marche`);
      expect(res.stderr).toContain(path.join(dataDir, 'inbox', 'sirene'));
    } finally {
      await holder.close();
    }
  });
});
