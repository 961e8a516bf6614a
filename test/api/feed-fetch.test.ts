/**
 * The scheduled fetch, run directly (not waiting for the cron) against a fake feed server
 * on 127.0.0.1 (test/helpers/fake-feed-server.ts) serving the real samples of test/fixtures:
 * - BODACC: the Opendatasoft records endpoint (v2.1), paged day by day since the cursor, a 500 retried, the
 *   notices imported (origin `fetch`), the cursor moved only after a success, a failure after the retries
 *   recorded in `feed_files` and counted by the feed health;
 * - Sirene: the stock zip downloaded with resume after a cut, checked for size, imported, and not downloaded
 *   again while its ETag is unchanged;
 * - the cron schedule is registered in pg-boss only when the URL is configured.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import type { FeedHealth } from '../../contract/feeds';
import { fetchBodacc } from '../../server/modules/feeds/fetch/bodacc';
import type { FetchContext } from '../../server/modules/feeds/fetch/context';
import { fetchSirene } from '../../server/modules/feeds/fetch/sirene';
import { readCursor, writeCursor } from '../../server/modules/feeds/fetch/state';
import { createTestApp, type Client, type TestApp } from '../helpers/app';
import { RECORDS_PATH, startFakeFeedServer, type FakeFeedServer } from '../helpers/fake-feed-server';
import { rowsOf } from '../../server/db/rows';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures');
const v21 = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'bodacc/ods_api_v21_records_registre_880878145.json'), 'utf8')) as {
  results: Array<Record<string, unknown>>;
};
const companiesCsv = fs.readFileSync(path.join(FIXTURES, 'sirene/StockUniteLegale_sample.csv'));

/** A zip holding one file, as INSEE ships the stock. */
async function zipOf(name: string, data: Buffer): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  zip.addBuffer(data, name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const c of zip.outputStream as AsyncIterable<Buffer>) chunks.push(c);
  return Buffer.concat(chunks);
}

let t: TestApp;
let root: Client;
let fake: FakeFeedServer;
let stockZip: Buffer;
beforeAll(async () => {
  t = await createTestApp({ FEED_INBOX: 'false' });
  root = await t.superAdmin();
  stockZip = await zipOf('StockUniteLegale_utf8.csv', companiesCsv);
  fake = await startFakeFeedServer(v21.results, { 'StockUniteLegale_utf8.zip': stockZip });
});
afterAll(async () => {
  await fake?.close();
  await t?.close();
});

/** The fetch context of the test app: quick retries (3 attempts, 5 ms then 10 ms), today fixed at `today`. */
function context(today: string): FetchContext {
  return {
    queue: t.ctx.jobs,
    db: t.ctx.db,
    downloadDir: path.join(t.ctx.config.dataDir, 'feeds'),
    retry: { attempts: 3, backoffMs: 5 },
    now: () => new Date(`${today}T08:00:00Z`),
  };
}

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(t.ctx.db, query);
}

async function health(feed: 'bodacc' | 'sirene'): Promise<FeedHealth> {
  const res = await root.get('/api/supervisions/health');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as FeedHealth[]).find((h) => h.feed === feed)!;
}

describe('BODACC fetch', () => {
  it('reads the week before the first run day by day, retries a 500, imports the notices (origin fetch) and keeps the last publication date', async () => {
    fake.requests.length = 0;
    fake.failNext(RECORDS_PATH, 1, 500);
    const out = await fetchBodacc(context('2022-11-24'), fake.recordsUrl);
    expect(out).toMatchObject({ status: 'done', fetched: 1, jobIds: [expect.any(String)] });
    // 2022-11-17 .. 2022-11-24: eight days, one page each, plus the retried first one.
    const days = fake.requests.map((r) => r.query.get('where'));
    expect(days[0]).toBe(days[1]);
    expect(new Set(days)).toEqual(new Set(Array.from({ length: 8 }, (_, i) => `dateparution = date'2022-11-${String(17 + i).padStart(2, '0')}'`)));
    expect(fake.requests.every((r) => r.query.get('order_by') === 'id' && r.query.get('limit') === '100')).toBe(true);
    expect(await rows(sql`select bulletin, issue, notice_number from announcements order by id`)).toEqual([{ bulletin: 'B', issue: '20220227', notice_number: 446 }]);
    const files = (await root.get('/api/supervisions/bodaccall')).json();
    expect(files[0]).toMatchObject({ filename: 'bodacc-2022-11-17_2022-11-24.json', status: 1, lines: 1, error: null, origin: 'fetch' });
    expect(await readCursor(t.ctx.db, 'bodacc')).toBe('2022-11-23');
    // The downloaded file is removed once imported.
    expect(fs.readdirSync(path.join(t.ctx.config.dataDir, 'feeds', 'bodacc'))).toEqual([]);
  });

  it('starts the next run at the cursor day (read again, deduplicated) and adds nothing twice', async () => {
    fake.requests.length = 0;
    const out = await fetchBodacc(context('2022-11-25'), fake.recordsUrl);
    expect(out).toMatchObject({ status: 'done', fetched: 1 });
    expect(fake.requests.map((r) => r.query.get('where'))).toEqual(["dateparution = date'2022-11-23'", "dateparution = date'2022-11-24'", "dateparution = date'2022-11-25'"]);
    expect(await rows(sql`select count(*)::int as n from announcements`)).toEqual([{ n: 1 }]);
  });

  it('reads every day of the window since an older cursor', async () => {
    await writeCursor(t.ctx.db, 'bodacc', '2021-08-10');
    const out = await fetchBodacc(context('2022-05-09'), fake.recordsUrl);
    expect(out).toMatchObject({ status: 'done', fetched: 2 });
    expect(await rows(sql`select bulletin, issue_date::text as day from announcements order by issue_date`)).toEqual([
      { bulletin: 'C', day: '2021-08-11' },
      { bulletin: 'C', day: '2022-05-08' },
      { bulletin: 'B', day: '2022-11-23' },
    ]);
    expect(await readCursor(t.ctx.db, 'bodacc')).toBe('2022-05-08');
    await writeCursor(t.ctx.db, 'bodacc', '2022-11-23');
  });

  it('pages through a day of 250 notices (offsets 0, 100, 200)', async () => {
    // The real B notice re-numbered 250 times on one day (ids and notice numbers only differ).
    const base = v21.results[0];
    const many = Array.from({ length: 250 }, (_, i) => ({ ...base, id: `B20220230${String(i).padStart(4, '0')}`, numeroannonce: 1000 + i, dateparution: '2022-12-01', parution: '20220230' }));
    const big = await startFakeFeedServer(many);
    try {
      await writeCursor(t.ctx.db, 'bodacc', '2022-12-01');
      const out = await fetchBodacc(context('2022-12-01'), big.recordsUrl);
      expect(out).toMatchObject({ status: 'done', fetched: 250 });
      expect(big.requests.map((r) => r.query.get('offset'))).toEqual(['0', '100', '200']);
      expect(await rows(sql`select count(*)::int as n from announcements where issue = '20220230'`)).toEqual([{ n: 250 }]);
    } finally {
      await big.close();
      await writeCursor(t.ctx.db, 'bodacc', '2022-11-23');
    }
  });

  it('reads a day larger than the API window bulletin by bulletin; a bulletin-day larger still fails in French', async () => {
    const base = v21.results[0];
    const letters = [...'A'.repeat(90), ...'B'.repeat(90), ...'C'.repeat(70)];
    const many = letters.map((l, i) => ({ ...base, id: `${l}20220231${String(i).padStart(4, '0')}`, publicationavis: l, numeroannonce: 2000 + i, dateparution: '2022-12-02', parution: '20220231' }));
    const big = await startFakeFeedServer(many);
    try {
      await writeCursor(t.ctx.db, 'bodacc', '2022-12-02');
      const out = await fetchBodacc({ ...context('2022-12-02'), odsWindow: 100 }, big.recordsUrl);
      expect(out).toMatchObject({ status: 'done', fetched: 250 });
      expect([...new Set(big.requests.map((r) => r.query.get('where')))]).toEqual([
        "dateparution = date'2022-12-02'",
        'dateparution = date\'2022-12-02\' and publicationavis = "A"',
        'dateparution = date\'2022-12-02\' and publicationavis = "B"',
        'dateparution = date\'2022-12-02\' and publicationavis = "C"',
      ]);
      expect(await rows(sql`select bulletin, count(*)::int as n from announcements where issue = '20220231' group by bulletin order by bulletin`)).toEqual([
        { bulletin: 'A', n: 90 },
        { bulletin: 'B', n: 90 },
        { bulletin: 'C', n: 70 },
      ]);
      const tooBig = await fetchBodacc({ ...context('2022-12-02'), odsWindow: 80 }, big.recordsUrl);
      expect(tooBig).toMatchObject({ status: 'failed', error: 'BODACC A du 2022-12-02\u00a0: 90 annonces, au-delà des 80 que l’API sert par requête.' });
      // Read again within the window: done (nothing new), and the failure count is back to 0.
      expect((await fetchBodacc(context('2022-12-02'), big.recordsUrl)).status).toBe('done');
    } finally {
      await big.close();
      await writeCursor(t.ctx.db, 'bodacc', '2022-11-23');
    }
  });

  it('records a failure after the retries (status 0, French error, origin fetch), counted by the feed health, cursor kept', async () => {
    const before = await health('bodacc');
    expect(before).toMatchObject({ consecutive_failures: 0, level: 'green' });
    fake.failNext(RECORDS_PATH, 3, 500);
    const out = await fetchBodacc(context('2022-11-26'), fake.recordsUrl);
    const message = `Lecture de ${fake.recordsUrl}\u00a0: échec après 3 tentatives (HTTP 500).`;
    expect(out).toEqual({ status: 'failed', jobIds: [], error: message, fetched: 0 });
    const files = (await root.get('/api/supervisions/bodaccall')).json();
    expect(files[0]).toMatchObject({ filename: 'bodacc-2022-11-23_2022-11-26.json', status: 0, lines: 0, error: message, origin: 'fetch' });
    expect(await health('bodacc')).toMatchObject({ consecutive_failures: 1, last_success: before.last_success });
    fake.failNext(RECORDS_PATH, 3, 503);
    await fetchBodacc(context('2022-11-26'), fake.recordsUrl);
    expect((await health('bodacc')).consecutive_failures).toBe(2);
    expect(await readCursor(t.ctx.db, 'bodacc')).toBe('2022-11-23');
    // The next success resets the count.
    expect((await fetchBodacc(context('2022-11-26'), fake.recordsUrl)).status).toBe('done');
    expect((await health('bodacc')).consecutive_failures).toBe(0);
  });

  it('refuses an answer that is not the v2.1 records shape, with a French error', async () => {
    const out = await fetchBodacc(context('2022-11-26'), `${fake.origin}/files/StockUniteLegale_utf8.zip`);
    expect(out.status).toBe('failed');
    expect(out.error).toMatch(/n’est pas du JSON|Réponse inattendue/);
  });
});

describe('Sirene fetch', () => {
  const name = 'StockUniteLegale_utf8.zip';
  const filePath = `/files/${name}`;

  it('resumes the .part a previous run left (Range from its size), checks the size, imports it (origin fetch)', async () => {
    const dir = path.join(t.ctx.config.dataDir, 'feeds', 'sirene');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, `${name}.part`), stockZip.subarray(0, 1000));
    fake.requests.length = 0;
    fake.failNext(filePath, 1, 500);
    const out = await fetchSirene(context('2026-11-02'), [fake.fileUrl(name)]);
    expect(out).toMatchObject({ status: 'done', fetched: 1 });
    // HEAD (500, retried), HEAD, GET from byte 1000.
    expect(fake.requests.map((r) => `${r.method} ${r.range ?? ''}`.trim())).toEqual(['HEAD', 'HEAD', 'GET bytes=1000-']);
    expect(await rows(sql`select count(*)::int as n from companies`)).toEqual([{ n: 97 }]);
    const files = (await root.get('/api/supervisions/inseeCompanies')).json();
    expect(files[0]).toMatchObject({ filename: name, status: 1, lines: 97, origin: 'fetch', error: null });
    expect(fs.readdirSync(dir)).toEqual([]);
    expect((await health('sirene')).level).toBe('green');
  });

  it('a transfer cut short is retried until the file has its announced size', async () => {
    fake.setFile(name, stockZip);
    fake.requests.length = 0;
    fake.cutNext(filePath, 1000);
    const out = await fetchSirene(context('2026-11-03'), [fake.fileUrl(name)]);
    expect(out).toMatchObject({ status: 'done', fetched: 1 });
    // HEAD, the cut GET, then a GET that completes it (from what arrived: a Range when bytes reached the disk).
    expect(fake.requests.map((r) => r.method)).toEqual(['HEAD', 'GET', 'GET']);
    expect((await root.get('/api/supervisions/inseeCompanies')).json()[0]).toMatchObject({ filename: name, status: 1, lines: 97 });
  });

  it('does not download the same stock again (same ETag); a new stock is fetched', async () => {
    fake.requests.length = 0;
    expect(await fetchSirene(context('2026-12-02'), [fake.fileUrl(name)])).toMatchObject({ status: 'unchanged', jobIds: [] });
    expect(fake.requests.map((r) => r.method)).toEqual(['HEAD']);
    fake.setFile(name, stockZip);
    expect(await fetchSirene(context('2026-12-02'), [fake.fileUrl(name)])).toMatchObject({ status: 'done', fetched: 1 });
  });

  it('downloads anyway from a server that refuses HEAD (405)', async () => {
    fake.setFile(name, stockZip);
    fake.requests.length = 0;
    fake.failNext(filePath, 1, 405);
    expect(await fetchSirene(context('2026-12-03'), [fake.fileUrl(name)])).toMatchObject({ status: 'done', fetched: 1 });
    expect(fake.requests.map((r) => r.method)).toEqual(['HEAD', 'GET']);
  });

  it('records a failure after the retries under the companies table, counted by the feed health', async () => {
    fake.failNext(filePath, 3, 500);
    const out = await fetchSirene(context('2027-01-02'), [fake.fileUrl(name)]);
    expect(out).toMatchObject({ status: 'failed', error: `Lecture de ${fake.fileUrl(name)}\u00a0: échec après 3 tentatives (HTTP 500).` });
    const files = (await root.get('/api/supervisions/inseeCompanies')).json();
    expect(files[0]).toMatchObject({ filename: name, status: 0, origin: 'fetch', error: out.error });
    expect((await health('sirene')).consecutive_failures).toBe(1);
  });

  it('a download of a missing file fails at once (404 is not retried)', async () => {
    fake.requests.length = 0;
    const out = await fetchSirene(context('2027-01-02'), [fake.fileUrl('StockEtablissement_utf8.zip')]);
    expect(out.error).toBe(`Lecture de ${fake.fileUrl('StockEtablissement_utf8.zip')}\u00a0: le serveur a répondu HTTP 404.`);
    expect(fake.requests).toHaveLength(1);
    const files = (await root.get('/api/supervisions/inseeLocations')).json();
    expect(files[0]).toMatchObject({ filename: 'StockEtablissement_utf8.zip', status: 0, origin: 'fetch' });
  });
});

describe('schedule', () => {
  it('is registered in pg-boss when the URL is configured, and the health says so', async () => {
    const other = await createTestApp({ FEED_INBOX: 'false', FEED_BODACC_URL: fake.recordsUrl, FEED_BODACC_CRON: '15 6 * * *' });
    try {
      const res = await rowsOf<unknown>(other.ctx.db, sql`select name, cron, timezone from pgboss.schedule order by name`);
      expect(res).toEqual([{ name: 'feed-fetch-bodacc', cron: '15 6 * * *', timezone: 'Europe/Paris' }]);
      const client = await other.superAdmin();
      const strip = (await client.get('/api/supervisions/health')).json() as FeedHealth[];
      expect(strip.map((h) => [h.feed, h.scheduled])).toEqual([
        ['bodacc', true],
        ['sirene', false],
      ]);
      // A tick sent as the cron would send it runs the fetch in the app (the fake has nothing this week).
      fake.requests.length = 0;
      await other.ctx.jobs.trigger('feed-fetch-bodacc');
      const end = Date.now() + 20_000;
      let files: Array<{ origin: string; status: number; lines: number }> = [];
      while (!files.length && Date.now() < end) {
        await new Promise((r) => setTimeout(r, 100));
        files = (await client.get('/api/supervisions/bodaccall')).json();
      }
      expect(files).toMatchObject([{ origin: 'fetch', status: 1, lines: 0, error: null }]);
      expect(fake.requests).toHaveLength(8);
    } finally {
      await other.close();
    }
  });

  it('is off by default: no schedule', async () => {
    const res = await rowsOf<unknown>(t.ctx.db, sql`select count(*)::int as n from pgboss.schedule`);
    expect(res).toEqual([{ n: 0 }]);
  });
});
