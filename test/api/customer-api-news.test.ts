/**
 * `GET /v1/news` (server/api/news.ts), each page checked against its zod schema: the articles published by
 * « Synchroniser » (`GET /api/news/syncall`) after a CSV import and Process, latest published first, each with its
 * stable identifier and its category's French name as theme; news still pending are not served; the siren filter;
 * the cursor walks every article once; a bad cursor is a 400 problem.
 */
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemSchema } from '../../server/http/problem';
import { article, pageOf } from '../../server/api/schemas';
import { createTestApp, type Client, type TestApp } from '../helpers/app';
import { newCustomer, tokenOf, v1 } from '../helpers/customer-api';
import { createCategory, csvText, importDone, utf8, type Category } from '../helpers/news';
import { validSiren } from '../helpers/sirens';

const articlePage = pageOf(article, 'ApiArticlePage');
type ArticlePage = z.output<typeof articlePage>;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const S = [0, 1, 2].map((i) => validSiren(i, 47_000_000));

let t: TestApp;
let root: Client;
let token: string;
let agri: Category;
let bank: Category;
let seq = 0;
beforeAll(async () => {
  t = await createTestApp();
  root = await t.superAdmin();
  agri = await createCategory(root, 'Agriculture', 'Farming');
  bank = await createCategory(root, 'Banque', 'Banking');
  token = await tokenOf(t, await newCustomer(root));
});
afterAll(async () => t?.close());

/** Puts news in the pending list as operators do: a CSV import by an administrator, then Process. */
async function pend(items: Array<{ siren: string; title: string; category: Category }>): Promise<void> {
  const a = await t.newAdmin();
  const rows = items.map((i) => [i.siren, `Société ${i.siren}`, i.title, i.category.name_en, 'Le Journal', `https://www.example.com/news/${++seq}`, '10/03/2026']);
  await importDone(a.client, 'news.csv', utf8(csvText(rows)));
  const res = await a.client.get('/api/news/process');
  expect(res.statusCode, res.body).toBe(200);
}

async function syncall(): Promise<void> {
  const res = await root.get('/api/news/syncall');
  expect(res.statusCode, res.body).toBe(200);
}

async function page(query: string): Promise<ArticlePage> {
  const res = await v1(t, token, `/v1/news?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  const parsed = articlePage.safeParse(res.json());
  expect(parsed.error).toBeUndefined();
  return parsed.data!;
}

async function walk(query: string): Promise<ArticlePage['data']> {
  const items: ArticlePage['data'] = [];
  let cursor = '';
  for (let n = 0; n < 50; n++) {
    const p = await page(`${query}&cursor=${cursor}`);
    items.push(...p.data);
    if (!p.has_more) return items;
    cursor = p.next_cursor!;
  }
  throw new Error('too many pages');
}

describe('GET /v1/news', () => {
  it('serves the published articles only, latest published first, with identifier and theme; the cursor walks them once', async () => {
    expect(await page('')).toEqual({ data: [], next_cursor: null, has_more: false });
    await pend([
      { siren: S[0], title: 'Alpha : récolte record', category: agri },
      { siren: S[1], title: 'Beta : nouveau crédit', category: bank },
    ]);
    await syncall();
    await pend([{ siren: S[0], title: 'Alpha : deuxième article', category: bank }]);
    await syncall();
    // Pending, not published: not served.
    await pend([{ siren: S[2], title: 'Gamma : en attente', category: agri }]);

    const all = await walk('limit=1');
    expect(all.map((a) => a.title)).toHaveLength(3);
    expect(all[0]).toMatchObject({ siren: S[0], title: 'Alpha : deuxième article', theme: 'Banque', name: `Société ${S[0]}`, source: 'Le Journal' });
    expect(all.slice(1).map((a) => a.title).sort()).toEqual(['Alpha : récolte record', 'Beta : nouveau crédit']);
    expect(all.find((a) => a.siren === S[1])).toMatchObject({ theme: 'Banque' });
    expect(all.find((a) => a.title === 'Alpha : récolte record')).toMatchObject({ theme: 'Agriculture' });
    for (const a of all) {
      expect(a.identifier).toMatch(UUID);
      expect(a.url).toMatch(/^https:\/\/www\.example\.com\/news\/\d+$/);
      // 10/03/2026 in the file: midnight in Paris.
      expect(a.posted).toBe('2026-03-09T23:00:00.000Z');
      expect(Date.parse(a.published_at)).not.toBeNaN();
    }
    expect(new Set(all.map((a) => a.identifier)).size).toBe(3);
    expect(all.some((a) => a.siren === S[2])).toBe(false);
    // The same identifier at each read.
    expect((await page('limit=10')).data.map((a) => a.identifier)).toEqual(all.map((a) => a.identifier));
  });

  it('filters on a SIREN', async () => {
    const items = await walk(`limit=1&siren=${S[0]}`);
    expect(items.map((a) => a.title)).toEqual(['Alpha : deuxième article', 'Alpha : récolte record']);
    expect((await page(`siren=${S[2]}`)).data).toEqual([]);
  });

  it('answers a 400 problem for a bad cursor or SIREN', async () => {
    for (const [query, name] of [['cursor=x1', 'cursor'], [`siren=${S[0].slice(0, 8)}${(Number(S[0][8]) + 1) % 10}`, 'siren']]) {
      const res = await v1(t, token, `/v1/news?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(problemSchema.parse(res.json()).errors?.map((e) => e.name.split('.').at(-1))).toContain(name);
    }
  });
});
