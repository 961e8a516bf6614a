/**
 * vigie's calls to outside services under hostile answers (server/lib/outside-http.ts), each service faked by a
 * real server on 127.0.0.1 (test/helpers/hostile-server.ts):
 * - RNE account check (`syncInpiAccount`): a login answer of 50 MB, a redirect to another host or to an internal
 *   port (never followed, the password never resent, the target never named), a body dribbled past the time limit;
 * - RNE worker: a company record past the byte cap, a record of more officers than RNE_MAX_ITEMS (parked with a
 *   French reason, the next SIREN processed), a redirect on a bearer GET;
 * - BODACC fetch: a page past the byte cap, a page dribbled 1 byte at a time (failed within the limit, recorded and
 *   counted by the feed health), and through pg-boss the next run still happens;
 * - Sirene fetch: a size announced above FEED_SIRENE_MAX_BYTES refused before any download, an endless body
 *   dropped, a stalled download resumed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import type { FeedHealth } from '../../contract/feeds';
import type { RneSyncResult } from '../../contract/rne';
import { rowsOf } from '../../server/db/rows';
import { fetchBodacc } from '../../server/modules/feeds/fetch/bodacc';
import type { FetchContext } from '../../server/modules/feeds/fetch/context';
import { fetchSirene } from '../../server/modules/feeds/fetch/sirene';
import { drainQueue } from '../../server/modules/rne/worker/drain';
import { workerDeps } from '../../server/modules/rne/worker/options';
import { createTestApp, type Client, type TestApp } from '../helpers/app';
import { generatedCompany } from '../helpers/fake-rne-server';
import { dribble, flood, redirect, startHostileServer, type HostileServer } from '../helpers/hostile-server';
import { validSirens } from '../helpers/sirens';

const MB = 1024 * 1024;
const FIXTURES = path.resolve(import.meta.dirname, '../fixtures');

let rne: HostileServer;
let elsewhere: HostileServer;
let feed: HostileServer;
let t: TestApp;
let root: Client;

beforeAll(async () => {
  rne = await startHostileServer();
  elsewhere = await startHostileServer();
  feed = await startHostileServer();
  t = await createTestApp({ RNE_API_URL: rne.url, RNE_TIMEOUT_MS: '1500', RNE_MAX_RESPONSE_BYTES: String(MB), RNE_MAX_ITEMS: '10', FEED_INBOX: 'false' });
  root = await t.superAdmin();
});
afterAll(async () => {
  await t?.close();
  await rne?.close();
  await elsewhere?.close();
  await feed?.close();
});

const rows = <T>(query: ReturnType<typeof sql>) => rowsOf<T>(t.ctx.db, query);

describe('RNE account check', () => {
  let id: number;
  beforeAll(async () => {
    const res = await root.post('/api/supervisions/rne/accounts', { pool: 'officers', email: 'hostile@example.com', password: 'the-rne-password' });
    expect(res.statusCode, res.body).toBe(201);
    id = res.json().id;
  });
  beforeEach(() => {
    elsewhere.requests.length = 0;
    elsewhere.handler = (_req, res) => void res.writeHead(500).end('internal');
  });
  const sync = async () => {
    const res = await root.get(`/api/supervisions/syncInpiAccount/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as RneSyncResult;
  };

  it('a login answer of 50 MB is dropped at the cap with a French reason, and the server keeps answering', async () => {
    rne.handler = (_req, res) => flood(res, 50 * MB, { prefix: '{"token":"', fill: 'a' });
    const out = await sync();
    expect(out).toMatchObject({ result: 'unreachable', message: 'Réponse du service RNE trop volumineuse (plus de 1\u00a0Mo), abandonnée.' });
    expect(out.account).toMatchObject({ token: 0, last_error: out.message });
    expect((await root.get('/api/supervisions/inpiall')).statusCode).toBe(200);
  });

  it('a redirect to another host (302 or 307) is not followed: the password is not resent, the target not named', async () => {
    for (const status of [302, 307]) {
      rne.handler = (_req, res) => redirect(res, `${elsewhere.url}/steal`, status);
      const out = await sync();
      expect(out).toMatchObject({ result: 'unreachable', status, message: `Le service RNE a répondu par une redirection (HTTP ${status}), non suivie.` });
      expect(out.account.last_error).toBe(out.message);
    }
    expect(elsewhere.requests).toHaveLength(0);
  });

  it('a redirect to an internal port does not leak that port’s answer into the toast', async () => {
    rne.handler = (_req, res) => redirect(res, `${elsewhere.url}/admin`);
    const out = await sync();
    expect(out.message).toBe('Le service RNE a répondu par une redirection (HTTP 302), non suivie.');
    expect(JSON.stringify(out)).not.toContain(new URL(elsewhere.url).port);
    expect(JSON.stringify(out)).not.toContain('500');
  });

  it('the time limit covers the body: a token dribbled 1 byte every 100 ms fails at 1.5 s', async () => {
    rne.handler = (_req, res) => dribble(res, JSON.stringify({ token: 'x'.repeat(60) }), 100);
    const started = Date.now();
    const out = await sync();
    expect(out).toMatchObject({ result: 'unreachable', message: 'Service RNE injoignable (délai dépassé).' });
    expect(Date.now() - started).toBeLessThan(4000);
  });
});

describe('RNE worker', () => {
  const sirens = validSirens(4, 41_200_017);
  const [big, many, moved, fine] = sirens;
  beforeAll(async () => {
    await t.ctx.db.execute(sql`delete from rne_accounts`);
    await t.ctx.db.execute(sql`insert into rne_accounts (pool, email, password_enc, status, token_ok) values ('officers', 'worker@example.com', ${t.ctx.box.encrypt('pw')}, 1, 1)`);
    for (const siren of sirens) await t.ctx.db.execute(sql`insert into rne_queue (queue, siren, reason) values ('officers', ${siren}, 'Saisie manuelle')`);
    const crowded = generatedCompany(many) as { formality: { content: { personneMorale: { composition: { pouvoirs: unknown[] } } } } };
    const one = crowded.formality.content.personneMorale.composition.pouvoirs[0];
    crowded.formality.content.personneMorale.composition.pouvoirs = Array.from({ length: 11 }, () => one);
    elsewhere.requests.length = 0;
    rne.handler = (req, res) => {
      if (req.path === '/api/sso/login') return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"token":"tok-1"}');
      if (req.path === `/api/companies/${big}`) return flood(res, 3 * MB, { prefix: '{"formality":"', fill: 'a' });
      if (req.path === `/api/companies/${moved}`) return redirect(res, `${elsewhere.url}/api/companies/${moved}`);
      const siren = req.path.split('/').pop()!;
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(siren === many ? crowded : generatedCompany(siren)));
    };
  });

  it('parks a record past the byte cap or with more officers than RNE_MAX_ITEMS, fails a redirect, and moves on', async () => {
    const stats = await drainQueue(workerDeps(t.ctx, { backoffBaseMs: 200_000 }), 'officers', new AbortController().signal);
    expect(stats).toMatchObject({ processed: 1 });
    const state = await rows<{ siren: string; state: string; error: string | null }>(sql`select siren, state, error from rne_queue where queue = 'officers' order by id`);
    expect(state).toEqual([
      { siren: big, state: 'parked', error: 'Réponse du service RNE trop volumineuse (plus de 1\u00a0Mo), abandonnée.' },
      { siren: many, state: 'parked', error: 'Fiche RNE refusée\u00a0: 11 pouvoirs (dirigeants), au-delà de la limite de 10 éléments par liste (RNE_MAX_ITEMS).' },
      { siren: moved, state: 'waiting', error: 'Le service RNE a répondu par une redirection (HTTP 302), non suivie.' },
      { siren: fine, state: 'done', error: null },
    ]);
    expect(elsewhere.requests).toHaveLength(0);
    expect(await rows(sql`select count(*)::int as n from rne_officers where siren = ${many}`)).toEqual([{ n: 0 }]);
  });
});

/** A zip holding one file, as INSEE ships the stock. */
async function zipOf(name: string, data: Buffer): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  zip.addBuffer(data, name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const c of zip.outputStream as AsyncIterable<Buffer>) chunks.push(c);
  return Buffer.concat(chunks);
}

describe('scheduled fetch', () => {
  /** Quick retries (2 attempts, 5 ms apart) and small limits. */
  function context(today: string, http: Partial<NonNullable<FetchContext['http']>> = {}): FetchContext {
    return {
      queue: t.ctx.jobs,
      db: t.ctx.db,
      downloadDir: path.join(t.ctx.config.dataDir, 'feeds'),
      retry: { attempts: 2, backoffMs: 5 },
      http: { ...t.ctx.config.feedHttp, timeoutMs: 400, idleMs: 300, bodaccMaxBytes: MB, sireneMaxBytes: MB, ...http },
      now: () => new Date(`${today}T08:00:00Z`),
    };
  }
  const health = async (which: 'bodacc' | 'sirene') => ((await root.get('/api/supervisions/health')).json() as FeedHealth[]).find((h) => h.feed === which)!;
  const records = `${'/api/explore/v2.1/catalog/datasets/annonces-commerciales/records'}`;

  it('BODACC: a page past the byte cap fails in French, recorded and counted by the feed health', async () => {
    feed.handler = (_req, res) => flood(res, 5 * MB, { prefix: '{"total_count":1,"results":[' });
    const before = (await health('bodacc')).consecutive_failures;
    const out = await fetchBodacc(context('2026-11-20'), feed.url + records);
    expect(out).toMatchObject({ status: 'failed', error: `Lecture de ${feed.url}${records}\u00a0: réponse trop volumineuse (plus de 1\u00a0Mo).` });
    expect((await health('bodacc')).consecutive_failures).toBe(before + 1);
  });

  it('BODACC: a page dribbled 1 byte at a time fails at the time limit, recorded and counted; the next run goes on', async () => {
    feed.handler = (_req, res) => dribble(res, JSON.stringify({ total_count: 0, results: [] }), 50);
    const before = (await health('bodacc')).consecutive_failures;
    const started = Date.now();
    const out = await fetchBodacc(context('2026-11-21'), feed.url + records);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(out).toMatchObject({ status: 'failed', error: `Lecture de ${feed.url}${records}\u00a0: échec après 2 tentatives (délai dépassé (0,4\u00a0s)).` });
    const files = (await root.get('/api/supervisions/bodaccall')).json();
    expect(files[0]).toMatchObject({ status: 0, error: out.error, origin: 'fetch' });
    expect((await health('bodacc')).consecutive_failures).toBe(before + 1);
    // A server that answers again: the next run succeeds.
    feed.handler = (_req, res) => void res.writeHead(200, { 'content-type': 'application/json' }).end('{"total_count":0,"results":[]}');
    expect((await fetchBodacc(context('2026-11-21'), feed.url + records)).status).toBe('done');
  });

  it('BODACC through pg-boss: a stalled server fails each run within the limit, so the next tick runs', async () => {
    feed.handler = (_req, res) => dribble(res, JSON.stringify({ total_count: 0, results: [] }), 200);
    const other = await createTestApp({
      FEED_INBOX: 'false',
      FEED_BODACC_URL: feed.url + records,
      FEED_HTTP_TIMEOUT_MS: '300',
      FEED_FETCH_ATTEMPTS: '1',
      FEED_FETCH_BACKOFF_MS: '0',
    });
    try {
      const client = await other.superAdmin();
      const failuresAfter = async (n: number) => {
        const end = Date.now() + 20_000;
        let files: Array<{ status: number; error: string | null }> = [];
        while (files.length < n && Date.now() < end) {
          await new Promise((r) => setTimeout(r, 100));
          files = (await client.get('/api/supervisions/bodaccall')).json();
        }
        return files;
      };
      await other.ctx.jobs.trigger('feed-fetch-bodacc');
      expect(await failuresAfter(1)).toMatchObject([{ status: 0, error: expect.stringContaining('délai dépassé (0,3\u00a0s)') }]);
      await other.ctx.jobs.trigger('feed-fetch-bodacc');
      expect(await failuresAfter(2)).toHaveLength(2);
      const strip = (await client.get('/api/supervisions/health')).json() as FeedHealth[];
      expect(strip.find((h) => h.feed === 'bodacc')!.consecutive_failures).toBe(2);
    } finally {
      await other.close();
    }
  });

  describe('Sirene', () => {
    const name = 'StockUniteLegale_utf8.zip';
    let stock: Buffer;
    beforeAll(async () => {
      stock = await zipOf('StockUniteLegale_utf8.csv', fs.readFileSync(path.join(FIXTURES, 'sirene/StockUniteLegale_sample.csv')));
    });
    const dir = () => path.join(t.ctx.config.dataDir, 'feeds', 'sirene');

    it('refuses a size announced above FEED_SIRENE_MAX_BYTES before downloading anything', async () => {
      feed.requests.length = 0;
      feed.handler = (req, res) => {
        res.writeHead(200, { 'content-length': String(5 * 1024 ** 3), etag: '"huge"' });
        if (req.method === 'HEAD') return void res.end();
        res.write(Buffer.alloc(1000));
      };
      const out = await fetchSirene(context('2026-12-02'), [`${feed.url}/files/${name}`]);
      expect(out).toMatchObject({
        status: 'failed',
        error: `Téléchargement de ${feed.url}/files/${name}\u00a0: fichier trop volumineux (5\u00a0Go annoncés, limite 1\u00a0Mo).`,
      });
      expect(feed.requests.map((r) => r.method)).toEqual(['HEAD']);
      expect(fs.existsSync(path.join(dir(), `${name}.part`))).toBe(false);
      expect((await health('sirene')).consecutive_failures).toBeGreaterThan(0);
    });

    it('drops an endless body without a size past the cap, and leaves no .part', async () => {
      feed.requests.length = 0;
      feed.handler = (req, res) => (req.method === 'HEAD' ? void res.writeHead(405).end() : flood(res, 20 * MB));
      const out = await fetchSirene(context('2026-12-02'), [`${feed.url}/files/${name}`]);
      expect(out).toMatchObject({ status: 'failed', error: `Téléchargement de ${feed.url}/files/${name}\u00a0: réponse trop volumineuse (plus de 1\u00a0Mo).` });
      expect(fs.existsSync(path.join(dir(), `${name}.part`))).toBe(false);
    });

    it('a download that stalls fails at the idle limit and resumes from its .part', async () => {
      feed.requests.length = 0;
      let stalled = false;
      feed.handler = (req, res) => {
        const headers = { etag: '"v1"', 'accept-ranges': 'bytes', 'content-type': 'application/zip' };
        if (req.method === 'HEAD') return void res.writeHead(200, { ...headers, 'content-length': String(stock.length) }).end();
        const from = Number(/^bytes=(\d+)-$/.exec(String(req.headers.range ?? ''))?.[1] ?? 0);
        const body = stock.subarray(from);
        res.writeHead(from ? 206 : 200, { ...headers, 'content-length': String(body.length), ...(from ? { 'content-range': `bytes ${from}-${stock.length - 1}/${stock.length}` } : {}) });
        if (!stalled) {
          stalled = true;
          return void res.write(body.subarray(0, 1000)); // then nothing: the server stalls
        }
        res.end(body);
      };
      const out = await fetchSirene(context('2026-12-03'), [`${feed.url}/files/${name}`]);
      expect(out).toMatchObject({ status: 'done', fetched: 1 });
      expect(feed.requests.map((r) => `${r.method} ${String(r.headers.range ?? '')}`.trim())).toEqual(['HEAD', 'GET', 'GET bytes=1000-']);
    });
  });
});
