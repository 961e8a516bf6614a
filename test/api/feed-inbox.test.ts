/**
 * The inbox folders: `DATA_DIR/inbox/{sirene,bodacc}/` watched while the server runs.
 * A file copied in slowly (written in pieces with pauses shorter than the quiet time) is taken only once
 * complete, and exactly once, also with two watchers on the same folder (two processes); it is imported by
 * the feed job (origin `inbox`) and moved to `done/`, or to `failed/` with its error beside it. A file left in
 * `processing/` by a stopped server is taken again at the next start. Real samples of test/fixtures.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FeedInbox, inboxDir } from '../../server/modules/feeds/inbox';
import { createTestApp, type TestApp } from '../helpers/app';
import { rowsOf } from '../../server/db/rows';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));
/** Quiet time of the test watchers, in ms: the slow copy pauses for a quarter of it between pieces. */
const STABLE_MS = 1200;

let t: TestApp;
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
  const w = new FeedInbox({ queue: t.ctx.jobs, db: t.ctx.db, dataDir: t.ctx.config.dataDir, stableMs: STABLE_MS });
  watchers.push(w);
  await w.start();
  return w;
}

const dir = (feed: 'sirene' | 'bodacc', sub = '') => path.join(inboxDir(t.ctx.config.dataDir, feed), sub);
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
    expect(await rows(sql`select status, lines::int from feed_files where filename = 'lent.csv' order by id`)).toEqual([
      { status: 1, lines: 40 },
      { status: 1, lines: 97 },
    ]);
    expect(names('sirene', 'done').filter((n) => n === 'lent.csv')).toHaveLength(1);
    expect(fs.readFileSync(path.join(dir('sirene', 'done'), fs.readdirSync(dir('sirene', 'done')).find((n) => n.endsWith('lent.csv'))!))).toEqual(
      fixture('sirene/StockUniteLegale_sample.csv'),
    );
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

  it('at start, takes again a file a stopped server left in processing/ without a job', async () => {
    for (const w of watchers.splice(0)) await w.stop();
    fs.writeFileSync(path.join(dir('sirene', 'processing'), '1700000000000-StockUniteLegale_sample.csv'), fixture('sirene/StockUniteLegale_sample.csv'));
    await watcher();
    await until('StockUniteLegale_sample.csv in done/', () => names('sirene', 'done').includes('StockUniteLegale_sample.csv'));
    expect(await rows(sql`select status, lines::int, origin from feed_files where filename = 'StockUniteLegale_sample.csv'`)).toEqual([{ status: 1, lines: 97, origin: 'inbox' }]);
    expect(names('sirene', 'processing')).toEqual([]);
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
