/**
 * `GET /v1/announcements` (server/api/announcements.ts), each page checked against its zod schema: the transaction
 * rows the BODACC importer reads from the real sales bulletin (test/fixtures/bodacc), latest first, each with its
 * notice's page on bodacc.fr and its reference; a row an administrator deleted (`removebodacc`) is no longer served;
 * the siren filter; the cursor walks every row once; a bad cursor is a 400 problem.
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemSchema } from '../../server/http/problem';
import { pageOf, transaction } from '../../server/api/schemas';
import { rowsOf } from '../../server/db/rows';
import { FEED_BODACC } from '../../server/modules/feeds/kinds';
import { createTestApp, type Client, type TestApp } from '../helpers/app';
import { newCustomer, tokenOf, v1 } from '../helpers/customer-api';
import { runFeedFile } from '../helpers/feed-job';

const SALES = path.resolve(import.meta.dirname, '../fixtures/bodacc/RCS-A_BXA20210005_ventes.xml');
const transactionPage = pageOf(transaction, 'ApiTransactionPage');
type TransactionPage = z.output<typeof transactionPage>;

let t: TestApp;
let root: Client;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ FEED_INBOX: 'false' });
  root = await t.superAdmin();
  expect((await runFeedFile(t.ctx, FEED_BODACC, SALES)).state).toBe('done');
  token = await tokenOf(t, await newCustomer(root));
});
afterAll(async () => t?.close());

async function page(query: string): Promise<TransactionPage> {
  const res = await v1(t, token, `/v1/announcements?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  const parsed = transactionPage.safeParse(res.json());
  expect(parsed.error).toBeUndefined();
  return parsed.data!;
}

async function walk(query: string): Promise<TransactionPage['data']> {
  const rows: TransactionPage['data'] = [];
  let cursor = '';
  for (let n = 0; n < 100; n++) {
    const p = await page(`${query}&cursor=${cursor}`);
    rows.push(...p.data);
    if (!p.has_more) {
      expect(p.next_cursor).toBeNull();
      return rows;
    }
    cursor = p.next_cursor!;
  }
  throw new Error('too many pages');
}

async function storedIds(where = sql`true`): Promise<number[]> {
  return (await rowsOf<{ id: number }>(t.ctx.db, sql`select id::int as id from bodacc_transactions where deleted_at is null and ${where} order by id desc`)).map((r) => r.id);
}

describe('GET /v1/announcements', () => {
  it('serves the sales read from the bulletin, latest first, each with its notice on bodacc.fr, every row once across pages', async () => {
    const rows = await walk('limit=5');
    expect(rows.map((r) => r.id)).toEqual(await storedIds());
    expect(rows.length).toBeGreaterThan(20);
    for (const r of rows) {
      expect(r.url).toMatch(/^https:\/\/www\.bodacc\.fr\/pages\/annonces-commerciales-detail\/\?q\.id=id:A20210005\d+$/);
      expect(r.source).toMatch(/^BODACC A n°20210005 du 08\/01\/2021, avis n°\d+$/);
    }
    const sale = rows.find((r) => r.url?.endsWith('A20210005515'));
    expect(sale).toMatchObject({ source: 'BODACC A n°20210005 du 08/01/2021, avis n°515', announced_on: '2021-01-08' });
    expect(sale!.acquirer.siren ?? sale!.siren).toBe('342012002');
  });

  it('filters on a SIREN', async () => {
    const siren = (await rowsOf<{ siren: string }>(t.ctx.db, sql`select siren from bodacc_transactions where siren is not null order by id limit 1`))[0].siren;
    const rows = await walk(`limit=2&siren=${siren}`);
    expect(rows.map((r) => r.id)).toEqual(await storedIds(sql`siren = ${siren}`));
    expect(rows.every((r) => r.siren === siren)).toBe(true);
  });

  it('no longer serves a row an administrator deleted', async () => {
    const before = await walk('limit=100');
    const gone = before[3];
    const res = await root.post('/api/transactions/removebodacc', { id: gone.id });
    expect(res.statusCode, res.body).toBe(200);
    const after = await walk('limit=100');
    expect(after.map((r) => r.id)).toEqual(before.map((r) => r.id).filter((id) => id !== gone.id));
    if (gone.siren) expect((await page(`siren=${gone.siren}`)).data.map((r) => r.id)).not.toContain(gone.id);
  });

  it('answers a 400 problem for a bad cursor', async () => {
    const res = await v1(t, token, '/v1/announcements?cursor=abc');
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(problemSchema.parse(res.json())).toMatchObject({ type: '/v1/problems/invalid-request', errors: [{ name: 'cursor', reason: 'curseur invalide' }] });
  });
});
