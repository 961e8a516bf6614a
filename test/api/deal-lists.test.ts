/**
 * The deals list (`POST /api/transactions/filter`; SPEC sections 2 "/transactions", 3 "Deal entity", 4 "Sorting"): one row per deal entity with its deal's columns, sorted on every column both ways (ties by
 * id), searched by SIREN (whole or first digits), Company Name, Company Role, Deal ID and Deal Type (trimmed),
 * paginated with the shared list answer; 422 for a sort key outside the whitelist.
 * Deals are written by SQL (a local factory), as the deals service stores them: entities carry copies of the
 * deal's listed columns and of their role's name.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DealListRow } from '../../contract/deal-lists';
import { createTestApp, type Client, type TestApp } from '../helpers/app';
import { validSiren } from '../helpers/sirens';
import { rowsOf } from '../../server/db/rows';

type Named = { id: number; name: string };
type EntitySpec = { siren: string | null; name: string | null; role: Named | null; stake: string | null };
type DealSpec = { identifier: string; date: string | null; type1: Named | null; type2: Named | null; amount: string | null; currency: string; entities: EntitySpec[] };
type Page = { data: DealListRow[]; from: number | null; to: number | null; total: number; per_page: number; current_page: number; last_page: number; total_is_estimate?: boolean };

let t: TestApp;
let root: Client;
/** Every row the list should show, as the API answers it. */
const expected: DealListRow[] = [];

async function one<T>(q: ReturnType<typeof sql>): Promise<T> {
  return (await rowsOf<T>(t.ctx.db, q))[0];
}

/** Inserts a deal and its entities (with the list's copies), as the deals service stores them; records the rows. */
async function createDeal(d: DealSpec): Promise<number> {
  const { id } = await one<{ id: number }>(sql`insert into deals (deal_identifier, deal_date, deal_type1_id, deal_type2_id, amount, currency)
    values (${d.identifier}, ${d.date}, ${d.type1?.id ?? null}, ${d.type2?.id ?? null}, ${d.amount}, ${d.currency}) returning id::int as id`);
  for (const [position, e] of d.entities.entries()) {
    const row = await one<{ id: number }>(sql`insert into deal_entities (deal_id, position, siren, name, role_id, stake_percent, deal_identifier, deal_date,
        role_name, type1_name, type2_name, amount, currency)
      values (${id}, ${position}, ${e.siren}, ${e.name}, ${e.role?.id ?? null}, ${e.stake}, ${d.identifier}, ${d.date}, ${e.role?.name ?? null},
        ${d.type1?.name ?? null}, ${d.type2?.name ?? null}, ${d.amount}, ${d.currency}) returning id::int as id`);
    expected.push({
      id: row.id,
      deal_id: id,
      deal: {
        id,
        deal_identifier: d.identifier,
        deal_date: d.date,
        amount: d.amount === null ? null : Number(d.amount),
        currency: d.currency,
        type1: d.type1 ? { name: d.type1.name } : null,
        type2: d.type2 ? { name: d.type2.name } : null,
      },
      siren: e.siren,
      name: e.name,
      role: e.role ? { name: e.role.name } : null,
      stake_percent: e.stake === null ? null : Number(e.stake),
    });
  }
  return id;
}

async function filter(body: Record<string, unknown>, page = 1): Promise<Page> {
  const res = await root.post(`/api/transactions/filter?page=${page}`, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
}

/** The value a sort key orders by. */
const sortValue: Record<string, (r: DealListRow) => string | number | null> = {
  id: (r) => r.id,
  deal_identifier: (r) => r.deal.deal_identifier,
  deal_date: (r) => r.deal.deal_date,
  siren: (r) => r.siren,
  name: (r) => r.name,
  role_name: (r) => r.role?.name ?? null,
  type1_name: (r) => r.deal.type1?.name ?? null,
  type2_name: (r) => r.deal.type2?.name ?? null,
  amount: (r) => r.deal.amount,
  currency: (r) => r.deal.currency,
  stake_percent: (r) => r.stake_percent,
};

/** The expected ids in PostgreSQL's order: ascending puts nulls last, descending first; ties by id the same way. */
function expectedOrder(column: string, direction: 'asc' | 'desc'): number[] {
  const value = sortValue[column];
  const sign = direction === 'asc' ? 1 : -1;
  return [...expected]
    .sort((a, b) => {
      const x = value(a);
      const y = value(b);
      if (x !== y) {
        if (x === null) return sign; // nulls are "largest"
        if (y === null) return -sign;
        return (x < y ? -1 : 1) * sign;
      }
      return (a.id - b.id) * sign;
    })
    .map((r) => r.id);
}

const ids = (p: Page) => p.data.map((r) => r.id);
const sirenA = validSiren(501);
const sirenB = validSiren(502);
const sirenC = validSiren(503, 30_000_000);

beforeAll(async () => {
  t = await createTestApp();
  root = await t.superAdmin();
  const role = async (name: string) => one<Named>(sql`insert into deal_roles (name, display_name) values (${name}, ${name + ' (affiché)'}) returning id, name`);
  const type = async (name: string) => one<Named>(sql`insert into deal_types (name) values (${name}) returning id, name`);
  const [acquirer, target, adviser] = [await role('Acquirer'), await role('Target'), await role('Adviser')];
  const [acquisition, merger, buyout] = [await type('Acquisition'), await type('Merger'), await type('Buyout')];
  // ASCII names and identifiers of one shape: their order does not depend on the database's collation.
  await createDeal({
    identifier: 'DEAL03',
    date: '2024-03-01',
    type1: acquisition,
    type2: buyout,
    amount: '1500000.50',
    currency: 'EUR',
    entities: [
      { siren: sirenA, name: 'Alpha', role: acquirer, stake: '60.00' },
      { siren: sirenB, name: 'Bravo', role: target, stake: '40.50' },
      { siren: null, name: 'Kilo Conseil', role: adviser, stake: null },
    ],
  });
  await createDeal({
    identifier: 'DEAL01',
    date: '2023-11-15',
    type1: merger,
    type2: null,
    amount: null,
    currency: 'USD',
    entities: [
      { siren: sirenC, name: 'Charlie', role: acquirer, stake: '100.00' },
      { siren: sirenA, name: 'Alpha', role: null, stake: '0.00' },
    ],
  });
  await createDeal({
    identifier: 'DEAL07',
    date: null,
    type1: null,
    type2: null,
    amount: '0.00',
    currency: 'GBP',
    entities: [{ siren: validSiren(504), name: null, role: target, stake: '12.25' }],
  });
  await createDeal({
    identifier: '123456',
    date: '2025-01-31',
    type1: buyout,
    type2: acquisition,
    amount: '25000.00',
    currency: 'CHF',
    entities: [
      { siren: validSiren(505), name: 'Delta', role: target, stake: '33.33' },
      { siren: validSiren(506), name: 'Echo', role: acquirer, stake: '66.67' },
    ],
  });
});
afterAll(async () => t?.close());

describe('the rows', () => {
  it('answers one row per deal entity, newest first, with the deal columns and the total from the rollup', async () => {
    const page = await filter({});
    expect(page).toEqual({
      data: [...expected].sort((a, b) => b.id - a.id),
      from: 1,
      to: expected.length,
      total: expected.length,
      per_page: 200,
      current_page: 1,
      last_page: 1,
    });
    const [{ rows }] = await rowsOf<{ rows: number }>(t.ctx.db, sql`select rows::int as rows from deal_entity_counts`);
    expect(rows).toBe(expected.length);
  });

  it('gives each row its deal id for the edit link, nulls for the empty cells and numbers for amount and stake', async () => {
    const page = await filter({ search: 'DEAL07' });
    expect(page.data).toHaveLength(1);
    const [row] = page.data;
    expect(row.deal_id).toBe(row.deal.id);
    expect(row).toMatchObject({ name: null, deal: { deal_date: null, amount: 0, currency: 'GBP', type1: null, type2: null }, stake_percent: 12.25, role: { name: 'Target' } });
  });
});

describe('sorting', () => {
  for (const column of Object.keys(sortValue)) {
    for (const direction of ['asc', 'desc'] as const) {
      it(`sorts by ${column} ${direction}, ties by id`, async () => {
        const page = await filter({ orderBy: { column, direction } });
        expect(ids(page)).toEqual(expectedOrder(column, direction));
      });
    }
  }

  it('accepts role, type1 and type2 for role_name, type1_name and type2_name', async () => {
    for (const [alias, column] of [['role', 'role_name'], ['type1', 'type1_name'], ['type2', 'type2_name']]) {
      expect(ids(await filter({ orderBy: { column: alias, direction: 'desc' } }))).toEqual(expectedOrder(column, 'desc'));
    }
  });

  it('refuses a column outside the whitelist with a 422 on errors.column', async () => {
    for (const column of ['deal_id', 'description', 'e.id; drop table deals', 'published_revision']) {
      const res = await root.post('/api/transactions/filter?page=1', { orderBy: { column, direction: 'asc' } });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message: 'La colonne de tri demandée n’est pas autorisée.', errors: { column: ['La colonne de tri demandée n’est pas autorisée.'] } });
    }
    const res = await root.post('/api/transactions/filter?page=1', { orderBy: { column: 'id', direction: 'up' } });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: 'Le sens du tri doit être asc ou desc.', errors: { orderBy: ['Le sens du tri doit être asc ou desc.'] } });
  });
});

describe('search', () => {
  const matching = (pred: (r: DealListRow) => boolean) =>
    expected
      .filter(pred)
      .map((r) => r.id)
      .sort((a, b) => b - a);

  it('by a whole SIREN, spaces and surrounding blanks ignored', async () => {
    const page = await filter({ search: `  ${sirenA.slice(0, 3)} ${sirenA.slice(3, 6)} ${sirenA.slice(6)} ` });
    expect(ids(page)).toEqual(matching((r) => r.siren === sirenA));
    expect(page.total).toBe(2);
  });

  it('by the first digits of a SIREN', async () => {
    const page = await filter({ search: sirenC.slice(0, 2) });
    expect(ids(page)).toEqual(matching((r) => r.siren?.startsWith(sirenC.slice(0, 2)) ?? false));
    expect(page.total).toBe(1);
    expect(ids(await filter({ search: '1000' }))).toEqual(matching((r) => r.siren?.startsWith('1000') ?? false));
  });

  it('by a Deal ID made of digits, as well as by SIREN', async () => {
    const page = await filter({ search: '123456' });
    expect(ids(page)).toEqual(matching((r) => r.deal.deal_identifier === '123456'));
  });

  it('by Company Name, ignoring case', async () => {
    const page = await filter({ search: 'lph' });
    expect(ids(page)).toEqual(matching((r) => r.name === 'Alpha'));
    expect(page.total).toBe(2);
  });

  it('by Company Role (its name or display name)', async () => {
    expect(ids(await filter({ search: 'target' }))).toEqual(matching((r) => r.role?.name === 'Target'));
    expect(ids(await filter({ search: 'adviser (affiché)' }))).toEqual(matching((r) => r.role?.name === 'Adviser'));
  });

  it('by Company Role or Deal Type, accents and case aside', async () => {
    const targets = matching((r) => r.role?.name === 'Target');
    await t.ctx.db.execute(sql`update deal_roles set display_name = 'Société cédée' where name = 'Target'`);
    try {
      expect(ids(await filter({ search: 'societe cedee' }))).toEqual(targets);
      expect(ids(await filter({ search: 'SOCIÉTÉ CÉDÉE' }))).toEqual(targets);
    } finally {
      await t.ctx.db.execute(sql`update deal_roles set display_name = 'Target (affiché)' where name = 'Target'`);
    }
    expect(ids(await filter({ search: 'tàrget' }))).toEqual(targets);
    expect(ids(await filter({ search: 'BÜYOUT' }))).toEqual(matching((r) => r.deal.type1?.name === 'Buyout' || r.deal.type2?.name === 'Buyout'));
  });

  it('by Deal ID', async () => {
    const page = await filter({ search: 'deal0' });
    expect(ids(page)).toEqual(matching((r) => r.deal.deal_identifier.startsWith('DEAL0')));
    expect(ids(await filter({ search: 'DEAL03' }))).toEqual(matching((r) => r.deal.deal_identifier === 'DEAL03'));
  });

  it('by Deal Type 1 or 2', async () => {
    expect(ids(await filter({ search: 'buyout' }))).toEqual(matching((r) => r.deal.type1?.name === 'Buyout' || r.deal.type2?.name === 'Buyout'));
    expect(ids(await filter({ search: 'Merg' }))).toEqual(matching((r) => r.deal.type1?.name === 'Merger'));
  });

  it('sorts the matches like the whole list', async () => {
    const page = await filter({ search: 'acqui', orderBy: { column: 'name', direction: 'asc' } });
    const hits = new Set(matching((r) => r.role?.name === 'Acquirer' || r.deal.type1?.name === 'Acquisition' || r.deal.type2?.name === 'Acquisition'));
    expect(ids(page)).toEqual(expectedOrder('name', 'asc').filter((id) => hits.has(id)));
  });

  it('takes % and _ literally, and answers an empty page for no match', async () => {
    expect(await filter({ search: '%' })).toEqual({ data: [], from: null, to: null, total: 0, per_page: 200, current_page: 1, last_page: 1 });
    expect((await filter({ search: 'zz_unknown' })).total).toBe(0);
  });

  it('ignores a blank search', async () => {
    expect((await filter({ search: '   ' })).total).toBe(expected.length);
  });
});

describe('pagination', () => {
  beforeAll(async () => {
    // 25 more entities in one deal: 33 rows.
    const role = await one<Named>(sql`insert into deal_roles (name, display_name) values ('Investor', 'Investor') returning id, name`);
    await createDeal({
      identifier: 'DEAL99',
      date: '2022-06-30',
      type1: null,
      type2: null,
      amount: '10.00',
      currency: 'EUR',
      entities: Array.from({ length: 25 }, (_, i) => ({ siren: validSiren(600 + i), name: `Fund${String(i).padStart(2, '0')}`, role, stake: '1.00' })),
    });
  });

  it('cuts pages of per_page rows with from, to and last_page', async () => {
    const all = expectedOrder('id', 'desc');
    expect(all).toHaveLength(33);
    const p1 = await filter({ pagination: { per_page: 10 } });
    expect({ ...p1, data: ids(p1) }).toEqual({ data: all.slice(0, 10), from: 1, to: 10, total: 33, per_page: 10, current_page: 1, last_page: 4 });
    const p2 = await filter({ pagination: { per_page: 10 }, orderBy: { column: 'id', direction: 'desc' } }, 2);
    expect({ ...p2, data: ids(p2) }).toEqual({ data: all.slice(10, 20), from: 11, to: 20, total: 33, per_page: 10, current_page: 2, last_page: 4 });
    const p4 = await filter({ pagination: { per_page: 10 } }, 4);
    expect({ ...p4, data: ids(p4) }).toEqual({ data: all.slice(30), from: 31, to: 33, total: 33, per_page: 10, current_page: 4, last_page: 4 });
  });

  it('answers the last page for a page past it, and sorted pages read backward match the forward order', async () => {
    const past = await filter({ pagination: { per_page: 25 }, orderBy: { column: 'name', direction: 'asc' } }, 9);
    expect(past.current_page).toBe(2);
    expect(ids(past)).toEqual(expectedOrder('name', 'asc').slice(25));
  });

  it('pages a search', async () => {
    const p2 = await filter({ pagination: { per_page: 10 }, search: 'fund' }, 2);
    expect(p2).toMatchObject({ from: 11, to: 20, total: 25, current_page: 2, last_page: 3 });
    expect(p2.data.every((r) => r.name?.startsWith('Fund'))).toBe(true);
  });

  it('estimates the total of a common term (25 hits in the sample) and reads its rows by either plan, in order', async () => {
    const funds = (dir: 'asc' | 'desc') => expectedOrder('name', dir).filter((id) => expected.find((r) => r.id === id)!.name?.startsWith('Fund'));
    const byId = await filter({ search: 'fund' });
    expect(byId).toMatchObject({ total: 25, total_is_estimate: true, from: 1, to: 25 });
    expect(ids(byId)).toEqual(expectedOrder('id', 'desc').filter((id) => funds('asc').includes(id)));
    // By name: 25 matches among the first rows in name order, fewer than 200 (read through the search indexes and
    // sorted), more than 10 (read by walking the name index).
    expect(ids(await filter({ search: 'fund', orderBy: { column: 'name', direction: 'asc' } }))).toEqual(funds('asc'));
    expect(ids(await filter({ search: 'fund', orderBy: { column: 'name', direction: 'desc' }, pagination: { per_page: 10 } }))).toEqual(funds('desc').slice(0, 10));
  });

  it('refuses a page size outside 10, 25, 50, 100, 200 and a page that is not a positive integer', async () => {
    const res = await root.post('/api/transactions/filter?page=1', { pagination: { per_page: 7 } });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: 'Le nombre de résultats par page doit être 10, 25, 50, 100, 200.', errors: { pagination: ['Le nombre de résultats par page doit être 10, 25, 50, 100, 200.'] } });
    expect((await root.post('/api/transactions/filter?page=0', {})).statusCode).toBe(422);
    expect((await root.post('/api/transactions/filter?page=x', {})).statusCode).toBe(422);
  });

  it('needs a session', async () => {
    const anon = t.anon();
    expect((await anon.post('/api/transactions/filter?page=1', {})).statusCode).toBe(401);
  });
});
