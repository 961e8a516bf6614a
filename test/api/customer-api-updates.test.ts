/**
 * `GET /v1/updates` (server/api/updates.ts), each page checked against its zod schema: the update log written by the
 * real feeds (the BODACC sales bulletin, an INSEE legal-units file loaded then loaded again with one company renamed)
 * and by the RNE's code (entries appended with `appendLogEntries`, as the RNE worker's commit writes them), oldest
 * first; walking every page with limit=2 gives every entry exactly once and a later entry resumes from the last
 * cursor; the siren and code filters; a bad cursor is a 400 problem; writing transactions ordered as numbers (9 before 10).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemSchema } from '../../server/http/problem';
import { pageOf, update } from '../../server/api/schemas';
import { rowsOf } from '../../server/db/rows';
import { FEED_BODACC, FEED_SIRENE } from '../../server/modules/feeds/kinds';
import { RNE_LOG_CODE } from '../../server/modules/rne/worker/describe';
import { appendLogEntries } from '../../server/modules/update-log/service';
import { createTestApp, type TestApp } from '../helpers/app';
import { newCustomer, tokenOf, v1, waitForUpdatesFeed } from '../helpers/customer-api';
import { runFeedFile } from '../helpers/feed-job';
import { sireneFixture, sireneTable } from '../helpers/feed-sirene';

const SALES = path.resolve(import.meta.dirname, '../fixtures/bodacc/RCS-A_BXA20210005_ventes.xml');
const UL = 'StockUniteLegale_sample.csv';
const updatePage = pageOf(update, 'ApiUpdatePage');
type UpdatePage = z.output<typeof updatePage>;

let t: TestApp;
let token: string;
let tmp: string;
beforeAll(async () => {
  t = await createTestApp({ FEED_INBOX: 'false' });
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'vigie-v1-updates-'));
  expect((await runFeedFile(t.ctx, FEED_BODACC, SALES)).state).toBe('done');
  // A first load (silent), then the same file with one company renamed: one INSEE entry.
  fs.writeFileSync(path.join(tmp, UL), sireneFixture(UL));
  expect((await runFeedFile(t.ctx, FEED_SIRENE, path.join(tmp, UL))).state).toBe('done');
  const table = sireneTable(UL);
  table.set('017051186', 'denominationUniteLegale', 'PENNEQUIN HOLDING');
  fs.writeFileSync(path.join(tmp, `2-${UL}`), table.bytes());
  expect((await runFeedFile(t.ctx, FEED_SIRENE, path.join(tmp, `2-${UL}`), 'StockUniteLegale 2026-11.csv')).state).toBe('done');
  await appendLogEntries(t.ctx.db, [
    { code: RNE_LOG_CODE, siren: '342012002', description: 'Dirigeants modifiés' },
    { code: RNE_LOG_CODE, siren: '017051186', description: 'Dépôt de comptes' },
  ]);
  token = await tokenOf(t, await newCustomer(await t.superAdmin()));
  // On PostgreSQL, a writer of another database of the cluster can hold the feed back for a while.
  await waitForUpdatesFeed(t.ctx.db, 50_000);
}, 120_000);
afterAll(async () => {
  await t?.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

async function page(query: string): Promise<UpdatePage> {
  const res = await v1(t, token, `/v1/updates?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  const parsed = updatePage.safeParse(res.json());
  expect(parsed.error).toBeUndefined();
  return parsed.data!;
}

/** Every entry after `since`, page by page. */
async function walk(query: string, since = ''): Promise<{ ids: number[]; pages: number; cursor: string; entries: UpdatePage['data'] }> {
  const entries: UpdatePage['data'] = [];
  let cursor = since;
  let pages = 0;
  for (;;) {
    const p = await page(`${query}&since=${encodeURIComponent(cursor)}`);
    pages++;
    entries.push(...p.data);
    expect(p.next_cursor).toMatch(/^\d+\.\d+$/);
    cursor = p.next_cursor!;
    if (!p.has_more) break;
    expect(p.data).toHaveLength(2);
    expect(pages).toBeLessThan(500);
  }
  return { ids: entries.map((e) => e.id), pages, cursor, entries };
}

/** The log's ids in the feed's order (writing transaction, then id). */
async function logIds(where = sql`true`): Promise<number[]> {
  return (await rowsOf<{ id: number }>(t.ctx.db, sql`select id::int as id from update_log where ${where} order by xid, id`)).map((r) => r.id);
}

describe('GET /v1/updates', () => {
  it('walks the whole log oldest first, limit=2 a page, each entry exactly once, and resumes after a new entry', async () => {
    const all = await logIds();
    expect(all.length).toBeGreaterThan(20);
    const { ids, pages, cursor, entries } = await walk('limit=2');
    expect(ids).toEqual(all);
    expect(new Set(ids).size).toBe(ids.length);
    // The page after the last full one is never asked: a page reads one entry more to know whether another follows.
    expect(pages).toBe(Math.ceil(all.length / 2));
    // Oldest first: the BODACC bulletin, then the INSEE entry, then the RNE ones.
    const firstInsee = entries.findIndex((e) => e.code === 'INSEE');
    expect(entries.slice(0, firstInsee).every((e) => e.code === 'BODACC')).toBe(true);
    expect(entries.slice(-2).map((e) => [e.code, e.siren])).toEqual([['RNE', '342012002'], ['RNE', '017051186']]);
    const created = entries.map((e) => Date.parse(e.created_at));
    expect(created).toEqual([...created].sort((a, b) => a - b));
    // Nothing after the end; a new entry comes after the last cursor, alone.
    expect(await page(`since=${cursor}`)).toEqual({ data: [], next_cursor: cursor, has_more: false });
    await appendLogEntries(t.ctx.db, [{ code: 'MANUEL', siren: '552032534', description: 'Saisie manuelle' }]);
    await waitForUpdatesFeed(t.ctx.db);
    const next = await page(`since=${cursor}`);
    expect(next.data).toEqual([expect.objectContaining({ code: 'MANUEL', siren: '552032534', description: 'Saisie manuelle', source: null })]);
    expect(next.has_more).toBe(false);
  });

  it('gives each entry its source: a BODACC notice on bodacc.fr, an INSEE file and line', async () => {
    const bodacc = await page('siren=342012002&code=BODACC');
    expect(bodacc.data).toEqual([
      expect.objectContaining({
        code: 'BODACC',
        siren: '342012002',
        description: 'Vente et cession — BODACC A n°20210005 du 08/01/2021',
        source: { label: 'BODACC A n°20210005 du 08/01/2021, avis n°515', url: 'https://www.bodacc.fr/pages/annonces-commerciales-detail/?q.id=id:A20210005515' },
      }),
    ]);
    expect((await page('code=INSEE')).data).toEqual([
      expect.objectContaining({ code: 'INSEE', siren: '017051186', source: expect.objectContaining({ label: 'Fichier INSEE StockUniteLegale 2026-11.csv, ligne 3' }) }),
    ]);
  });

  it('filters on a SIREN (a SIRET read as its SIREN) and on the code family, with the cursor', async () => {
    const bySiren = await walk('limit=2&siren=017051186');
    expect(bySiren.ids).toEqual(await logIds(sql`siren = '017051186'`));
    expect(bySiren.entries.map((e) => e.code)).toEqual(['INSEE', 'RNE']);
    expect((await page('siren=01705118600009')).data.map((e) => e.id)).toEqual(bySiren.ids);
    for (const code of ['BODACC', 'INSEE', 'RNE']) {
      const { ids, entries } = await walk(`limit=2&code=${code}`);
      expect(ids, code).toEqual(await logIds(sql`split_part(code, '-', 1) = ${code}`));
      expect(entries.every((e) => e.code.split('-')[0] === code), code).toBe(true);
      expect(ids.length, code).toBeGreaterThan(0);
    }
    expect((await page('siren=342012002&code=RNE')).data.map((e) => e.description)).toEqual(['Dirigeants modifiés']);
  });

  it('answers a 400 problem for a bad cursor, code, siren or limit', async () => {
    const outOfRange = ['since=99999999999999999999.1', 'since=1.9999999999999999999', 'since=18446744073709551616.0'];
    for (const [query, name] of [['since=abc', 'since'], ['since=1.2.3', 'since'], ...outOfRange.map((q) => [q, 'since']), ['code=MANUEL', 'code'], ['siren=123456789', 'siren'], ['limit=0', 'limit'], ['limit=1001', 'limit']]) {
      const res = await v1(t, token, `/v1/updates?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      const body = problemSchema.parse(res.json());
      expect(body.type).toBe('/v1/problems/invalid-request');
      expect(body.errors?.map((e) => e.name.split('.').at(-1)), query).toContain(name);
    }
  });

  it('orders the writing transactions as numbers, not as text: xid 9 before xid 10, and a cursor on 9 gives 10', async () => {
    // Entries written with explicit transaction ids, below every running one: '10' < '9' as text, 9 < 10 as xid8.
    await t.ctx.db.execute(sql`insert into update_log (code, siren, description, xid) values
      (${RNE_LOG_CODE}, '552100554', 'xid 10', '10'::xid8), (${RNE_LOG_CODE}, '552100554', 'xid 9', '9'::xid8)`);
    const first = await page('siren=552100554&limit=1');
    expect(first.data.map((e) => e.description)).toEqual(['xid 9']);
    expect((await page(`siren=552100554&since=${first.next_cursor}`)).data.map((e) => e.description)).toEqual(['xid 10']);
  });
});
