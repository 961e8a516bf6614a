/**
 * Deep pages of a `filter` list, through the real route
 * `POST /api/groups/filtersirens/{id}` on a group of 250,010 SIRENs: a page in the second half and the last
 * page give the rows the forward order gives (read backward with a small OFFSET), an OFFSET above 100,000
 * answers 422 errors.page, and a page past the last gives the last page.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Client, type TestApp } from '../helpers/app';
import { rowsOf } from '../../server/db/rows';

const TOTAL = 250_010;
const DEEP = 'Cette page est trop loin dans la liste (au-delà de 100\u202f000 lignes)\u00a0: affinez la recherche ou inversez le tri.';

type Row = { id: number; siren: string; created_at: string };
type Page = { data: Row[]; from: number | null; to: number | null; total: number; per_page: number; current_page: number; last_page: number };

let t: TestApp;
let root: Client;
let groupId: number;
beforeAll(async () => {
  t = await createTestApp();
  root = await t.superAdmin();
  groupId = (await root.post('/api/groups/store', { name: 'Profond' })).json().id;
  // Inserted in a shuffled SIREN order so that id order and SIREN order differ (the column is not checked here).
  await t.ctx.db.execute(sql`insert into group_sirens (group_id, siren)
    select ${groupId}, lpad(((i * 7919) % ${TOTAL})::text, 9, '0') from generate_series(0, ${TOTAL - 1}) i`);
}, 120_000);
afterAll(async () => t?.close());

async function filter(body: object, page: number) {
  return root.post(`/api/groups/filtersirens/${groupId}?page=${page}`, { pagination: { per_page: 10 }, ...body });
}

/** The page as plain forward SQL reads it (the reference). */
async function forward(order: 'id desc' | 'id asc' | 'siren asc' | 'siren desc', offset: number, limit = 10): Promise<number[]> {
  const orderSql = {
    'id desc': sql`order by id desc`,
    'id asc': sql`order by id asc`,
    'siren asc': sql`order by siren asc, id asc`,
    'siren desc': sql`order by siren desc, id desc`,
  }[order];
  const res = await rowsOf<{ id: number }>(t.ctx.db, sql`select id::int as id from group_sirens where group_id = ${groupId} ${orderSql} limit ${limit} offset ${offset}`);
  return res.map((r) => Number(r.id));
}

const ids = (p: Page) => p.data.map((r) => r.id);

describe('deep pages', () => {
  it('the last page and a page of the second half give the rows of the forward order', async () => {
    const lastPage = TOTAL / 10;
    for (const [column, direction] of [['id', 'desc'], ['id', 'asc'], ['siren', 'asc'], ['siren', 'desc']] as const) {
      const order = `${column} ${direction}` as const;
      for (const page of [lastPage, 20_000]) {
        const res = await filter({ orderBy: { column, direction } }, page);
        expect(res.statusCode, `${order} p${page}: ${res.body}`).toBe(200);
        const p = res.json() as Page;
        expect(ids(p), `${order} p${page}`).toEqual(await forward(order, (page - 1) * 10));
        expect({ ...p, data: undefined }).toEqual({ data: undefined, from: (page - 1) * 10 + 1, to: page * 10, total: TOTAL, per_page: 10, current_page: page, last_page: lastPage });
      }
    }
  }, 120_000);

  it('an OFFSET up to 100,000 is read; beyond it (either way) the answer is 422 errors.page in French', async () => {
    // Page 10,001: forward OFFSET 100,000. Page 15,001: backward OFFSET 250,010 - 150,010 = 100,000.
    for (const page of [10_001, 15_001]) {
      const res = await filter({}, page);
      expect(res.statusCode, `p${page}: ${res.body}`).toBe(200);
      expect(ids(res.json())).toEqual(await forward('id desc', (page - 1) * 10));
    }
    for (const page of [10_002, 12_500, 15_000]) {
      const res = await filter({}, page);
      expect(res.statusCode, `p${page}`).toBe(422);
      expect(res.json()).toEqual({ message: DEEP, errors: { page: [DEEP] } });
    }
  }, 60_000);

  it('a page past the last gives the last page, and says so in current_page', async () => {
    const lastPage = TOTAL / 10;
    const want = await forward('id desc', TOTAL - 10);
    for (const page of [lastPage + 1, 999_999, 1_000_000]) {
      const res = await filter({}, page);
      expect(res.statusCode, `p${page}`).toBe(200);
      const p = res.json() as Page;
      expect(ids(p)).toEqual(want);
      expect([p.current_page, p.last_page, p.from, p.to]).toEqual([lastPage, lastPage, TOTAL - 9, TOTAL]);
    }
  }, 60_000);

  it('with a search, pages are counted on the matches', async () => {
    // SIRENs starting with 00012: 000120000 to 000129999, 10,000 matches; page 2,000 is past the last.
    const res = await filter({ search: '00012', orderBy: { column: 'siren', direction: 'asc' } }, 2_000);
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json() as Page;
    expect([p.total, p.current_page, p.last_page, p.data.length]).toEqual([10_000, 1_000, 1_000, 10]);
    expect(p.data.map((r) => r.siren)).toEqual(Array.from({ length: 10 }, (_, i) => String(129_990 + i).padStart(9, '0')));
  });
});
