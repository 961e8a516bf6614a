/**
 * The inbox folders: `DATA_DIR/inbox/{sirene,bodacc}/` watched while the server runs.
 * A file copied in slowly (written in pieces with pauses shorter than the quiet time) is taken only once
 * complete, and exactly once, also with two watchers on the same folder (two processes); it is imported by
 * the feed job (origin `inbox`) and moved to `done/`, or to `failed/` with its error beside it. A file left in
 * `processing/` by a stopped server is taken again at the next start. Real samples of test/fixtures.
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FeedInbox, inboxDir } from '../../server/modules/feeds/inbox';
import { startFeedJob } from '../../server/modules/feeds/start';
import { waitForJob } from '../../server/jobs/store';
import { createTestApp, type TestApp } from '../helpers/app';
import { rowsOf } from '../../server/db/rows';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));
/** Quiet time of the test watchers, in ms: the slow copy pauses for a quarter of it between pieces. */
const STABLE_MS = 1200;

let t: TestApp;
/** What the watchers logged (message and fields), in order. */
const logged: Array<{ msg?: string } & Record<string, unknown>> = [];
const log = { info: (obj: object, msg?: string) => logged.push({ ...obj, msg }), error: (obj: object, msg?: string) => logged.push({ ...obj, msg }) };
const watchers: FeedInbox[] = [];
beforeAll(async () => {
  t = await createTestApp({ FEED_INBOX: 'false' });
});
afterAll(async () => {
  for (const w of watchers) await w.stop();
  await t?.close();
});

/** A watcher on the test app's data folder, started. */
async function watcher(): Promise<FeedInbox> {
  const w = new FeedInbox({ queue: t.ctx.jobs, db: t.ctx.db, dataDir: t.ctx.config.dataDir, stableMs: STABLE_MS, log });
  watchers.push(w);
  await w.start();
  return w;
}

const dir = (feed: 'sirene' | 'bodacc', sub = '') => path.join(inboxDir(t.ctx.config.dataDir, feed), sub);
const CHANGED = 'Fichier modifié pendant la lecture\u00a0; il sera repris.';
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Writes `data` to `file` in `pieces` pieces, pausing `pauseMs` after each but the last. */
async function slowCopy(file: string, data: Buffer, pieces: number, pauseMs: number): Promise<void> {
  const fh = await fs.promises.open(file, 'w');
  try {
    const size = Math.ceil(data.length / pieces);
    for (let i = 0; i < pieces; i++) {
      await fh.write(data.subarray(i * size, (i + 1) * size));
      await fh.sync();
      if (i < pieces - 1) await pause(pauseMs);
    }
  } finally {
    await fh.close();
  }
}

/** Waits until `check()` holds (polled), or fails after 30 s. */
async function until(what: string, check: () => boolean | Promise<boolean>): Promise<void> {
  const end = Date.now() + 30_000;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`still waiting: ${what}`);
    await pause(50);
  }
}

/** Names in a subfolder, without their `<ms>-` prefix. */
const names = (feed: 'sirene' | 'bodacc', sub: string) => fs.readdirSync(dir(feed, sub)).map((n) => n.replace(/^\d+-/, '')).sort();

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(t.ctx.db, query);
}

describe('inbox', () => {
  it('takes a file copied in slowly only once complete, exactly once, even with two watchers; imports it (origin inbox) and moves it to done/', async () => {
    const a = await watcher();
    const b = await watcher();
    const data = fixture('bodacc/RCS-A_BXA20210005_ventes.xml');
    await slowCopy(path.join(dir('bodacc'), 'ventes.xml'), data, 8, STABLE_MS / 4);
    await until('ventes.xml in done/', () => names('bodacc', 'done').includes('ventes.xml'));
    await a.idle();
    await b.idle();
    const jobs = await rows<{ state: string; bytes_total: number; origin: string }>(
      sql`select state, bytes_total::int, payload->>'origin' as origin from jobs where payload->>'filename' = 'ventes.xml'`,
    );
    expect(jobs).toEqual([{ state: 'done', bytes_total: data.length, origin: 'inbox' }]);
    expect(await rows(sql`select filename, status, lines::int, origin from feed_files where filename = 'ventes.xml'`)).toEqual([
      { filename: 'ventes.xml', status: 1, lines: 29, origin: 'inbox' },
    ]);
    expect(fs.readdirSync(dir('bodacc')).sort()).toEqual(['done', 'failed', 'processing']);
    expect(names('bodacc', 'processing')).toEqual([]);
  });

  it('a copy that pauses longer than the quiet time is taken early, then taken again once it is whole: imported whole', async () => {
    await watcher();
    const lines = fixture('sirene/StockUniteLegale_sample.csv').toString('utf8').split('\n');
    const file = path.join(dir('sirene'), 'lent.csv');
    const fh = await fs.promises.open(file, 'w');
    await fh.write(lines.slice(0, 41).join('\n') + '\n');
    await fh.sync();
    // The first 40 companies are imported (the file was quiet for longer than the quiet time)...
    await until('a first record of lent.csv', async () => (await rows(sql`select 1 from feed_files where filename = 'lent.csv'`)).length > 0);
    // ... then the copy goes on, into the file the watcher took.
    await fh.write(lines.slice(41).join('\n'));
    await fh.close();
    await until('lent.csv in done/', () => names('sirene', 'done').includes('lent.csv'));
    // The first import committed the 40 companies the file held before the copy went on: it stays done, as it
    // was; the file taken again once whole brings the rest.
    expect(await rows(sql`select status, lines::int, error from feed_files where filename = 'lent.csv' order by id`)).toEqual([
      { status: 1, lines: 40, error: null },
      { status: 1, lines: 97, error: null },
    ]);
    expect(await rows(sql`select state, error from jobs where payload->>'filename' = 'lent.csv' order by created_at`)).toEqual([
      { state: 'done', error: null },
      { state: 'done', error: null },
    ]);
    expect(names('sirene', 'done').filter((n) => n === 'lent.csv')).toHaveLength(1);
    expect(fs.readFileSync(path.join(dir('sirene', 'done'), fs.readdirSync(dir('sirene', 'done')).find((n) => n.endsWith('lent.csv'))!))).toEqual(
      fixture('sirene/StockUniteLegale_sample.csv'),
    );
  });

  it('a file that changes while its import reads it is not committed: the job fails with the message, nothing of it written', async () => {
    const file = path.join(t.ctx.config.dataDir, 'change-pendant.csv');
    const lines = fixture('sirene/StockUniteLegale_sample.csv').toString('utf8').split('\n');
    fs.writeFileSync(file, lines.slice(0, 11).join('\n') + '\n');
    const taken = fs.lstatSync(file);
    // The copy goes on after the file was taken (size and time recorded), before the import commits.
    fs.appendFileSync(file, lines.slice(11).join('\n'));
    const sirens = lines.slice(1, 11).map((l) => l.split(',')[0]);
    await t.ctx.db.execute(sql`delete from companies where siren = any(${sql.param(sirens)}::text[])`);
    const job = await startFeedJob(t.ctx.jobs, t.ctx.db, {
      feed: 'sirene',
      filename: 'change-pendant.csv',
      origin: 'inbox',
      input: { path: file, size: taken.size, mtimeMs: taken.mtimeMs },
    });
    const end = await waitForJob(t.ctx.db, job.id, { pollMs: 50 });
    expect({ state: end.state, error: end.error, kind: end.failureKind }).toEqual({ state: 'failed', error: CHANGED, kind: 'interrupted' });
    expect(await rows(sql`select siren from companies where siren = any(${sql.param(sirens)}::text[])`)).toEqual([]);
  });

  it('moves a broken file to failed/ with its French error beside it, recorded with status 0', async () => {
    const broken = fixture('bodacc/RCS-A_BXA20210005_first30_other_avis.xml').subarray(0, 4000);
    fs.writeFileSync(path.join(dir('bodacc'), 'tronque.xml'), broken);
    await until('tronque.xml in failed/', () => names('bodacc', 'failed').includes('tronque.xml.erreur.txt'));
    const [row] = await rows<{ status: number; error: string }>(sql`select status, error from feed_files where filename = 'tronque.xml'`);
    expect(row.status).toBe(0);
    const errorFile = fs.readdirSync(dir('bodacc', 'failed')).find((n) => n.endsWith('tronque.xml.erreur.txt'))!;
    expect(fs.readFileSync(path.join(dir('bodacc', 'failed'), errorFile), 'utf8')).toBe(`${row.error}\n`);
  });

  it('moves a file of the wrong type to failed/, with a record saying so', async () => {
    fs.writeFileSync(path.join(dir('sirene'), 'notes.txt'), 'pas un stock');
    await until('notes.txt in failed/', () => names('sirene', 'failed').includes('notes.txt'));
    expect(await rows(sql`select feed, status, error, origin from feed_files where filename = 'notes.txt'`)).toEqual([
      { feed: 'sirene-companies', status: 0, error: 'Seuls les fichiers .csv et .zip sont acceptés pour INSEE Sirene.', origin: 'inbox' },
    ]);
  });

  it('leaves hidden and partial files alone', async () => {
    fs.writeFileSync(path.join(dir('sirene'), '.StockEtablissement.csv.tmp123'), 'x');
    fs.writeFileSync(path.join(dir('sirene'), 'StockEtablissement.csv.part'), 'x');
    // An INSEE file dropped after them is taken, so the watcher had its chance at the first two.
    fs.writeFileSync(path.join(dir('sirene'), 'StockEtablissement_sample.csv'), fixture('sirene/StockEtablissement_sample.csv'));
    await until('StockEtablissement_sample.csv in done/', () => names('sirene', 'done').includes('StockEtablissement_sample.csv'));
    expect(fs.readdirSync(dir('sirene')).sort()).toEqual(['.StockEtablissement.csv.tmp123', 'StockEtablissement.csv.part', 'done', 'failed', 'processing']);
    expect(await rows(sql`select filename, status, lines::int from feed_files where feed = 'sirene-establishments'`)).toEqual([
      { filename: 'StockEtablissement_sample.csv', status: 1, lines: 72 },
    ]);
  });

  it('a BODACC file taken half-copied fails, then is taken again once whole instead of staying in failed/', async () => {
    await watcher();
    const data = fixture('bodacc/RCS-A_BXA20210005_ventes.xml');
    const file = path.join(dir('bodacc'), 'moitie.xml');
    const fh = await fs.promises.open(file, 'w');
    await fh.write(data.subarray(0, Math.floor(data.length / 2)));
    await fh.sync();
    await until('a first record of moitie.xml', async () => (await rows(sql`select 1 from feed_files where filename = 'moitie.xml'`)).length > 0);
    await fh.write(data.subarray(Math.floor(data.length / 2)));
    await fh.close();
    await until('moitie.xml in done/', () => names('bodacc', 'done').includes('moitie.xml'));
    expect(names('bodacc', 'failed').filter((n) => n.startsWith('moitie.xml'))).toEqual([]);
    expect(await rows(sql`select status, error from feed_files where filename = 'moitie.xml' order by id`)).toEqual([
      { status: 0, error: CHANGED },
      { status: 1, error: null },
    ]);
  });

  it('takes regular files only: a symbolic link (to the app key), a folder and a FIFO are left alone, each reported once in the log', async () => {
    for (const w of watchers.splice(0)) await w.stop();
    logged.length = 0;
    await watcher();
    const secret = `base64:${crypto.randomBytes(32).toString('base64')}`;
    const keyFile = path.join(t.ctx.config.dataDir, 'cle-test.key');
    fs.writeFileSync(keyFile, `${secret}\n`, { mode: 0o600 });
    fs.symlinkSync(keyFile, path.join(dir('sirene'), 'appkey.csv'));
    fs.mkdirSync(path.join(dir('sirene'), 'dossier.csv'));
    execFileSync('mkfifo', [path.join(dir('sirene'), 'tube.csv')]);
    // A regular file dropped after them is taken, so the watcher had its chances at the three others.
    fs.writeFileSync(path.join(dir('sirene'), 'apres.csv'), fixture('sirene/StockUniteLegale_sample.csv'));
    await until('apres.csv in done/', () => names('sirene', 'done').includes('apres.csv'));
    await pause(STABLE_MS);
    expect(fs.readdirSync(dir('sirene')).filter((n) => ['appkey.csv', 'dossier.csv', 'tube.csv'].includes(n)).sort()).toEqual(['appkey.csv', 'dossier.csv', 'tube.csv']);
    expect(await rows(sql`select filename from feed_files where filename in ('appkey.csv', 'dossier.csv', 'tube.csv')`)).toEqual([]);
    const skippedLines = logged.filter((l) => l.msg === 'inbox entry skipped: not a regular file');
    expect(skippedLines.map((l) => [l.file, l.type]).sort()).toEqual([
      ['appkey.csv', 'symlink'],
      ['dossier.csv', 'directory'],
      ['tube.csv', 'fifo'],
    ]);
    expect(JSON.stringify(logged)).not.toContain(secret.slice(7, 20));
    expect(fs.readdirSync(dir('sirene', 'failed')).some((n) => n.includes('appkey'))).toBe(false);
    for (const n of ['appkey.csv', 'dossier.csv', 'tube.csv']) fs.rmSync(path.join(dir('sirene'), n), { recursive: true });
  });

  it('an error never quotes a first line that is not a CSV header, and quotes a header cut at 80 characters', async () => {
    await watcher();
    const secret = `base64:${crypto.randomBytes(32).toString('base64')}`;
    fs.writeFileSync(path.join(dir('sirene'), 'cle.csv'), `${secret}\n`);
    fs.writeFileSync(path.join(dir('sirene'), 'titre.csv'), `nom\x1b]2;titre\x07,prenom\na,b\n`);
    const columns = Array.from({ length: 20 }, (_, i) => `colonne_${String(i + 1).padStart(2, '0')}`);
    fs.writeFileSync(path.join(dir('sirene'), 'long.csv'), `${columns.join(',')}\n${columns.map(() => 'a').join(',')}\n`);
    const files = ['cle.csv', 'titre.csv', 'long.csv'];
    await until('all three in failed/', () => files.every((n) => names('sirene', 'failed').includes(`${n}.erreur.txt`)));
    const errors = Object.fromEntries(
      (await rows<{ filename: string; error: string }>(sql`select filename, error from feed_files where filename in ('cle.csv', 'titre.csv', 'long.csv')`)).map((r) => [r.filename, r.error]),
    );
    for (const part of [secret, secret.slice(7, 17), secret.slice(-12, -2)]) expect(errors['cle.csv']).not.toContain(part);
    expect(errors['cle.csv']).toContain('En-tête non reconnu');
    // eslint-disable-next-line no-control-regex -- no control character may be quoted
    expect(errors['titre.csv']).not.toMatch(/[\x00-\x1f\x7f]|titre/);
    const quoted = /\u00a0: (colonne_01, .*)\.$/.exec(errors['long.csv'].replace(' Rien n’a été importé.', ''))?.[1];
    expect(quoted?.startsWith('colonne_01, colonne_02, colonne_03')).toBe(true);
    expect(quoted?.endsWith('…')).toBe(true);
    expect(quoted!.length).toBeLessThanOrEqual(80);
    for (const n of files) {
      const errorFile = fs.readdirSync(dir('sirene', 'failed')).find((f) => f.endsWith(`${n}.erreur.txt`))!;
      expect(fs.readFileSync(path.join(dir('sirene', 'failed'), errorFile), 'utf8')).toBe(`${errors[n]}\n`);
    }
  });

  it('at start, takes again a file a stopped server left in processing/ without a job', async () => {
    for (const w of watchers.splice(0)) await w.stop();
    fs.writeFileSync(path.join(dir('sirene', 'processing'), '1700000000000-StockUniteLegale_sample.csv'), fixture('sirene/StockUniteLegale_sample.csv'));
    await watcher();
    await until('StockUniteLegale_sample.csv in done/', () => names('sirene', 'done').includes('StockUniteLegale_sample.csv'));
    expect(await rows(sql`select status, lines::int, origin from feed_files where filename = 'StockUniteLegale_sample.csv'`)).toEqual([{ status: 1, lines: 97, origin: 'inbox' }]);
    expect(names('sirene', 'processing')).toEqual([]);
  });
});

describe('inbox leftovers', () => {
  it('at start, a file a stopped server left in processing/ after its import ended goes to done/, not imported again', async () => {
    for (const w of watchers.splice(0)) await w.stop();
    fs.mkdirSync(dir('bodacc', 'processing'), { recursive: true });
    const taken = path.join(dir('bodacc', 'processing'), '1700000000001-fini.xml');
    fs.writeFileSync(taken, fixture('bodacc/RCS-A_BXA20210005_ventes.xml'));
    const job = await startFeedJob(t.ctx.jobs, t.ctx.db, { feed: 'bodacc', filename: 'fini.xml', origin: 'inbox', input: { path: taken } });
    expect((await waitForJob(t.ctx.db, job.id)).state).toBe('done');
    const w = await watcher();
    await w.idle();
    await pause(STABLE_MS * 2);
    expect(names('bodacc', 'done').filter((n) => n === 'fini.xml')).toHaveLength(1);
    expect(names('bodacc', 'processing')).toEqual([]);
    expect(await rows(sql`select status from feed_files where filename = 'fini.xml'`)).toEqual([{ status: 1 }]);
  });
});

describe('the app watches the inbox by default', () => {
  it('imports a file dropped in DATA_DIR/inbox/bodacc/', async () => {
    const app = await createTestApp();
    try {
      const inbox = inboxDir(app.ctx.config.dataDir, 'bodacc');
      fs.writeFileSync(path.join(inbox, 'ods.json'), fixture('bodacc/ods_api_v1_search_registre_880878145.json'));
      await until('ods.json in done/', () => fs.readdirSync(path.join(inbox, 'done')).some((n) => n.endsWith('-ods.json')));
      const res = await rowsOf<unknown>(app.ctx.db, sql`select status, lines::int, origin from feed_files`);
      expect(res).toEqual([{ status: 1, lines: 3, origin: 'inbox' }]);
    } finally {
      await app.close();
    }
  });
});
