/**
 * The legal-announcement transaction rows (`POST /api/transactions/filterbodacc`, `removebodacc`; SPEC sections 2,
 * 3 "Legal-announcement transaction row", 7, 8): the 29 real sales of BODACC A n°20210005
 * imported by the BODACC importer (test/fixtures/bodacc), plus one row with all 37 columns filled, answered
 * as `{id, b1..b37}` in the spec's order; search by SIREN (whole or first digits); sort by id or SIREN; the total
 * kept by triggers; remove with 404 for an unknown id. A removed row is kept, hidden: listed by `filterdeletedbodacc`
 * with its date and author, put back by `restorebodacc`, and still deleted after its bulletin is imported again.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODACC_FIELDS, type BodaccRow } from '../../contract/deal-lists';
import { findJob } from '../../server/jobs/store';
import { bodaccJobDefinition } from '../../server/modules/feeds/jobs';
import type { FeedJobPayload } from '../../server/modules/feeds/kinds';
import { createTestApp, type Client, type TestApp } from '../helpers/app';
import { rowsOf } from '../../server/db/rows';

const SALES = path.join(__dirname, '../fixtures/bodacc/RCS-A_BXA20210005_ventes.xml');
const ISSUE_A = 'BODACC A n°20210005 du 08/01/2021';
type Page = { data: BodaccRow[]; from: number | null; to: number | null; total: number; per_page: number; current_page: number; last_page: number };

let t: TestApp;
let root: Client;
/** The row with every column filled (b1..b37 = distinct values). */
let full: BodaccRow;

async function rows<T>(q: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(t.ctx.db, q);
}

/** Imports the real sales bulletin with the BODACC importer's job and waits for its end. */
async function importSales(): Promise<void> {
  const payload: FeedJobPayload = { filename: path.basename(SALES), origin: 'cli', input: { kind: 'path', path: SALES } };
  const job = await t.ctx.jobs.create(bodaccJobDefinition, null, payload);
  await t.ctx.jobs.dispatch(job, fs.statSync(SALES).size);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const row = await findJob(t.ctx.db, job.id);
    if (row?.state === 'done') return;
    if (row?.state === 'failed' || Date.now() > deadline) throw new Error(`import ${row?.state}: ${row?.error}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function filter(body: Record<string, unknown>, page = 1): Promise<Page> {
  const res = await root.post(`/api/transactions/filterbodacc?page=${page}`, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
}

beforeAll(async () => {
  t = await createTestApp();
  root = await t.superAdmin();
  await importSales();
  // One row with every column filled: text columns get their b number, so that the order shows.
  const [a] = await rows<{ id: number }>(sql`insert into announcements (bulletin, issue, issue_date, notice_number, family, family_label, raw)
    values ('A', '20990001', '2099-01-02', 1, 'vente', 'Ventes et cessions', '{}'::jsonb) returning id::int as id`);
  const [r] = await rows<{ id: number }>(sql`insert into bodacc_transactions (announcement_id, siren, company_name, role, transaction_number, announced_on,
      deal_type1, deal_type2, amount, currency, stake, target_name, target_siren, target_country, target_naf, acquirer_name, acquirer_siren,
      acquirer_country, acquirer_naf, seller_name, seller_sirens, seller_country, seller_naf, adviser_name, adviser_siren, adviser_country,
      french_investment_abroad, foreign_investment_in_france, buyer_iso1, buyer_iso2, buyer_iso3, target_iso1, target_iso2, target_iso3,
      description, description_complement, url, source)
    values (${a.id}, '999999990', 'b2', 'b3', 'b4', '2099-01-02', 'b6', 'b7', 1234567.89, 'EUR', 12.5, 'b11', '999999991', 'b13', '64.20Z',
      'b15', '999999992', 'b17', '70.10Z', 'b19', '{999999993,999999995}', 'b21', '66.30Z', 'b23', '999999994', 'b25', 1, 2,
      'FR', 'BE', 'DE', 'US', 'GB', 'IT', 'b34', 'b35', 'https://example.com/b36', 'b37') returning id::int as id`);
  full = {
    id: r.id,
    b1: '999999990', b2: 'b2', b3: 'b3', b4: 'b4', b5: '2099-01-02', b6: 'b6', b7: 'b7', b8: 1234567.89, b9: 'EUR', b10: 12.5,
    b11: 'b11', b12: '999999991', b13: 'b13', b14: '64.20Z', b15: 'b15', b16: '999999992', b17: 'b17', b18: '70.10Z',
    b19: 'b19', b20: '999999993, 999999995', b21: 'b21', b22: '66.30Z', b23: 'b23', b24: '999999994', b25: 'b25', b26: 1, b27: 2,
    b28: 'FR', b29: 'BE', b30: 'DE', b31: 'US', b32: 'GB', b33: 'IT', b34: 'b34', b35: 'b35', b36: 'https://example.com/b36', b37: 'b37',
  }; // prettier-ignore
});
afterAll(async () => t?.close());

describe('the rows', () => {
  it('lists the 30 rows newest first, with the total kept by the triggers', async () => {
    const page = await filter({});
    expect(page).toMatchObject({ from: 1, to: 30, total: 30, per_page: 200, current_page: 1, last_page: 1 });
    const ids = page.data.map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(page.data[0]).toEqual(full);
    const [{ n }] = await rows<{ n: number }>(sql`select rows::int as n from bodacc_transaction_counts`);
    expect(n).toBe(30);
  });

  it('answers id and b1..b37 in the spec order, each field from its column', async () => {
    const [first] = (await filter({})).data;
    expect(Object.keys(first)).toEqual(['id', ...BODACC_FIELDS.map((f) => f.key)]);
    expect(BODACC_FIELDS.map((f) => f.key)).toEqual(Array.from({ length: 37 }, (_, i) => `b${i + 1}`));
  });

  it('maps a real imported sale (notice 1: Jérémie Laminette contributes his business to BELLEVUE, valued at 192 691 €)', async () => {
    const [row] = (await filter({ search: '892606575' })).data;
    expect(row).toEqual({
      id: expect.any(Number),
      b1: '892606575',
      b2: 'BELLEVUE',
      b3: 'Acquéreur',
      b4: 'A202100051',
      b5: '2021-01-08',
      b6: 'Apport de fonds en société',
      b7: "Achat d'un établissement principal par une personne morale lors de l'immatriculation",
      b8: 192691,
      b9: 'EUR',
      b10: null,
      b11: null,
      b12: null,
      b13: 'France',
      b14: null,
      b15: 'BELLEVUE',
      b16: '892606575',
      b17: 'France',
      b18: null,
      b19: 'Jérémie Laminette',
      b20: '753166792',
      b21: 'France',
      b22: null,
      b23: null,
      b24: null,
      b25: null,
      // The notice states no investment direction: empty, not NO.
      b26: null,
      b27: null,
      b28: null,
      b29: null,
      b30: null,
      b31: null,
      b32: null,
      b33: null,
      b34: 'Jérémie Laminette apporte un fonds de commerce à BELLEVUE, évalué à 192\u202f691\u00a0€.',
      b35: null,
      b36: 'https://www.bodacc.fr/pages/annonces-commerciales-detail/?q.id=id:A202100051',
      b37: `${ISSUE_A}, avis n°1`,
    });
  });

  it('gives every seller of notice 515 and the SIREN the notice gives (b19, b20)', async () => {
    const [row] = (await filter({ search: '342012002' })).data;
    expect(row).toMatchObject({
      b6: 'Achat de fonds par le locataire-gérant',
      b19: "Jean Léon Elie ROQUES, Thierry Bernard ROQUES, Pascale Dominique Sylvie ROQUES (nom d’usage ROLLAND)",
      b20: '312118755',
      b21: null,
    });
  });
});

describe('search and sort', () => {
  it('finds a SIREN, spaces and blanks ignored', async () => {
    const page = await filter({ search: ' 891 341 901 ' });
    expect(page.total).toBe(1);
    expect(page.data[0]).toMatchObject({ b1: '891341901', b2: 'AUTO SERVICES CROSNIER', b19: 'TBO PNEUS' });
  });

  it('finds a whole SIREN among the sellers too (TENORD, seller in three sales of the bulletin)', async () => {
    const sold = await rows<{ id: number }>(sql`select id::int as id from bodacc_transactions where '447861741' = any(seller_sirens) order by id desc`);
    expect(sold).toHaveLength(3);
    const page = await filter({ search: '447 861 741' });
    expect(page.total).toBe(3);
    expect(page.data.map((r) => r.id)).toEqual(sold.map((r) => r.id));
    expect(page.data.every((r) => r.b20 === '447861741')).toBe(true);
    // The index that serves it is there (an online index, built after the migrations).
    expect(await rows(sql`select 1 from pg_indexes where indexname = 'bodacc_transactions_seller_sirens_idx'`)).toHaveLength(1);
    // Any of the sellers, not only the first.
    const second = await filter({ search: '999999995' });
    expect(second.data.map((r) => r.id)).toEqual([full.id]);
  });

  it('finds the SIRENs starting with some digits', async () => {
    const [{ n }] = await rows<{ n: number }>(sql`select count(*)::int as n from bodacc_transactions where siren like '89%'`);
    const page = await filter({ search: '89' });
    expect(n).toBeGreaterThan(1);
    expect(page.total).toBe(n);
    expect(page.data.every((r) => r.b1?.startsWith('89'))).toBe(true);
  });

  it('matches nothing for a term that is not digits, or an unknown SIREN', async () => {
    expect((await filter({ search: 'BELLEVUE' })).total).toBe(0);
    expect(await filter({ search: '111111118' })).toEqual({ data: [], from: null, to: null, total: 0, per_page: 200, current_page: 1, last_page: 1 });
  });

  it('sorts by SIREN both ways and by id ascending', async () => {
    const sirens = (await filter({ orderBy: { column: 'b1', direction: 'asc' } })).data.map((r) => r.b1);
    expect(sirens).toEqual([...sirens].sort());
    const down = (await filter({ orderBy: { column: 'b1', direction: 'desc' } })).data.map((r) => r.b1);
    expect(down).toEqual([...sirens].reverse());
    const ids = (await filter({ orderBy: { column: 'id', direction: 'asc' } })).data.map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it('refuses another sort column with a 422', async () => {
    const res = await root.post('/api/transactions/filterbodacc?page=1', { orderBy: { column: 'b5', direction: 'asc' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ column: ['La colonne de tri demandée n’est pas autorisée.'] });
  });

  it('pages with the chosen page size', async () => {
    const p3 = await filter({ pagination: { per_page: 10 } }, 3);
    expect(p3).toMatchObject({ from: 21, to: 30, total: 30, per_page: 10, current_page: 3, last_page: 3 });
    expect(p3.data).toHaveLength(10);
  });
});

describe('removebodacc', () => {
  it('removes a row: 200 with the success message, gone from the list and the total', async () => {
    const res = await root.post('/api/transactions/removebodacc', { ...full, id: full.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Opération effectuée avec succès!' });
    const page = await filter({});
    expect(page.total).toBe(29);
    expect(page.data.some((r) => r.id === full.id)).toBe(false);
  });

  it('answers 404 Item does not exist! for an unknown or removed id', async () => {
    for (const id of [full.id, 987654321]) {
      const res = await root.post('/api/transactions/removebodacc', { id });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Item does not exist!' });
    }
  });

  it('answers 422 for a missing or malformed id, and needs the CSRF token and a session', async () => {
    for (const body of [{}, { id: 'x' }, { id: -1 }, { id: 1.5 }]) {
      expect((await root.post('/api/transactions/removebodacc', body)).statusCode).toBe(422);
    }
    expect((await root.post('/api/transactions/removebodacc', { id: 1 }, { noCsrf: true })).statusCode).toBe(419);
    expect((await t.anon().post('/api/transactions/removebodacc', { id: 1 })).statusCode).toBe(401);
  });

  it('keeps the total exact when the importer’s announcements are deleted (cascade)', async () => {
    await t.ctx.db.execute(sql`delete from announcements where id in (select announcement_id from bodacc_transactions order by id limit 3)`);
    const [{ n, kept }] = await rows<{ n: number; kept: number }>(sql`select count(*)::int as n, (select rows::int from bodacc_transaction_counts) as kept from bodacc_transactions`);
    expect(kept).toBe(n);
    expect((await filter({})).total).toBe(26);
  });
});

type DeletedRow = BodaccRow & { deleted_at: string; deleted_by: string | null };

async function filterDeleted(body: Record<string, unknown> = {}): Promise<{ data: DeletedRow[]; total: number }> {
  const res = await root.post('/api/transactions/filterdeletedbodacc?page=1', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: DeletedRow[]; total: number };
}

/** Rows stored (deleted ones included), and the count the triggers keep. */
async function stored(): Promise<{ n: number; kept: number }> {
  const [row] = await rows<{ n: number; kept: number }>(sql`select count(*)::int as n, (select rows::int from bodacc_transaction_counts) as kept from bodacc_transactions`);
  return row;
}

describe('deleted rows: « Lignes supprimées » (filterdeletedbodacc) and restorebodacc', () => {
  it('keeps a removed row, hidden from the list and its total, listed among the deleted rows with its date and author', async () => {
    const deleted = await filterDeleted({ orderBy: { column: 'deleted_at', direction: 'desc' } });
    expect(deleted.total).toBe(1);
    expect(deleted.data).toEqual([{ ...full, deleted_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/), deleted_by: expect.any(String) }]);
    expect(Date.now() - Date.parse(deleted.data[0].deleted_at)).toBeLessThan(10 * 60_000);
    // Still stored: the triggers' count is every stored row; the list's total leaves the deleted one out.
    const { n, kept } = await stored();
    expect(kept).toBe(n);
    const page = await filter({});
    expect(page.total).toBe(n - 1);
    expect(page.data.some((r) => r.id === full.id)).toBe(false);
    expect((await filter({ search: String(full.b1) })).data).toEqual([]);
    expect((await filterDeleted({ search: String(full.b1) })).data.map((r) => r.id)).toEqual([full.id]);
    expect((await root.post('/api/transactions/filterdeletedbodacc?page=1', { orderBy: { column: 'b2' } })).statusCode).toBe(422);
  });

  it('restores a deleted row: back in the list and its total, gone from the deleted rows; 404 when not deleted', async () => {
    const before = (await filter({})).total;
    const res = await root.post('/api/transactions/restorebodacc', { id: full.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Opération effectuée avec succès!' });
    const page = await filter({});
    expect(page.total).toBe(before + 1);
    expect(page.data[0]).toEqual(full);
    expect(await filterDeleted()).toMatchObject({ data: [], total: 0 });
    for (const id of [full.id, 987654321]) {
      const again = await root.post('/api/transactions/restorebodacc', { id });
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({ message: 'Item does not exist!' });
    }
    for (const body of [{}, { id: 'x' }, { id: 0 }]) expect((await root.post('/api/transactions/restorebodacc', body)).statusCode).toBe(422);
    expect((await root.post('/api/transactions/restorebodacc', { id: full.id }, { noCsrf: true })).statusCode).toBe(419);
    expect((await t.anon().post('/api/transactions/restorebodacc', { id: full.id })).statusCode).toBe(401);
    expect((await t.anon().post('/api/transactions/filterdeletedbodacc?page=1', {})).statusCode).toBe(401);
  });

  it('leaves a deleted row deleted when its bulletin is imported again (the notices removed since come back)', async () => {
    const [victim] = await rows<{ id: number; announcement_id: number }>(sql`select id::int as id, announcement_id::int as announcement_id from bodacc_transactions
      where announcement_id in (select id from announcements where bulletin = 'A' and issue = '20210005') order by id limit 1`);
    expect((await root.post('/api/transactions/removebodacc', { id: victim.id })).statusCode).toBe(200);
    const before = (await filter({})).total;
    const missing = await rows<{ n: number }>(sql`select 29 - count(*)::int as n from announcements where bulletin = 'A' and issue = '20210005' and family = 'vente'`);

    expect(missing[0].n).toBeGreaterThan(0);
    await importSales();
    // The notices the cascade test removed are stored again with their rows; the deleted row's notice is known: no row.
    expect((await filter({})).total).toBe(before + missing[0].n);
    expect((await filterDeleted()).data.map((r) => r.id)).toEqual([victim.id]);
    const [{ n }] = await rows<{ n: number }>(sql`select count(*)::int as n from bodacc_transactions where announcement_id = ${victim.announcement_id}`);
    expect(n).toBe(1);
    const counts = await stored();
    expect(counts.kept).toBe(counts.n);

    expect((await root.post('/api/transactions/restorebodacc', { id: victim.id })).statusCode).toBe(200);
    expect((await filter({})).total).toBe(before + missing[0].n + 1);
  });
});
