/**
 * The SIRENs of a group (SPEC "Groups"; issue: groups of SIRENs): `POST /api/groups/addsirens {id,
 * sirens[], lines?[]}` (every line validated by the SIREN rule — 9 digits once spaces are removed,
 * Luhn —, all or nothing, idempotent, up to 100,000 SIRENs a call), `POST /api/groups/removesiren/{id}`
 * and `POST /api/groups/filtersirens/{id}?page=n` (server-side pages).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Client, type TestApp } from '../helpers/app';
import { badLuhnSiren, listedCompanies, spaced, validSiren, validSirens } from '../helpers/sirens';
import { rowsOf } from '../../server/db/rows';

const UPDATED = 'Les sirens ont été mis à jour avec succès.';
const GROUP_NOT_FOUND = { message: 'Group does not exist!' };
const SIREN_NOT_FOUND = { message: 'Siren does not exist!' };
const BAD_COLUMN = 'La colonne de tri demandée n’est pas autorisée.';
/** The 100,000-SIREN calls take seconds on PGlite, more when the machine is busy: correctness is checked, not time. */
const BIG_CALL_TIMEOUT = 120_000;
const invalidLine = (line: number, raw: string) => `Ligne ${line}\u00a0: «\u00a0${raw}\u00a0» n’est pas un siren valide.`;

type SirenRow = { id: number; siren: string; company_name: string | null; created_at: string };
type SirenPage = { data: SirenRow[]; from: number | null; to: number | null; total: number; per_page: number; current_page: number; last_page: number };

let t: TestApp;
let root: Client;
let n = 0;
beforeAll(async () => {
  t = await createTestApp();
  root = await t.superAdmin();
});
afterAll(async () => t?.close());

async function newGroup(): Promise<number> {
  const res = await root.post('/api/groups/store', { name: `Groupe ${++n}` });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

async function add(id: number, sirens: string[], lines?: number[]) {
  const res = await root.post('/api/groups/addsirens', lines ? { id, sirens, lines } : { id, sirens });
  expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
  return res.json() as { message: string; added: number; already_present: number; sirens_count: number };
}

/** The SIRENs stored for a group, sorted. */
async function stored(groupId: number): Promise<string[]> {
  const res = await rowsOf<{ siren: string }>(t.ctx.db, sql`select siren from group_sirens where group_id = ${groupId} order by siren`);
  return res.map((r) => r.siren);
}

async function page(groupId: number, body: unknown = {}, p = 1): Promise<SirenPage> {
  const res = await root.post(`/api/groups/filtersirens/${groupId}?page=${p}`, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SirenPage;
}

const figures = (p: SirenPage) => {
  const { data: _data, ...rest } = p;
  return rest;
};

describe('POST /api/groups/addsirens', () => {
  it('adds valid SIRENs, spaces removed, and reports what it did', async () => {
    const id = await newGroup();
    const res = await root.post('/api/groups/addsirens', { id, sirens: ['552 032 534', ' 542051180 ', '572\u00a0093\u00a0920', '380 129 866'] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: UPDATED, added: 4, already_present: 0, sirens_count: 4 });
    expect(await stored(id)).toEqual(['380129866', '542051180', '552032534', '572093920']);
    const read = await root.get(`/api/groups/getGroupRoles/${id}`);
    expect(read.json()).toMatchObject({ id, sirens_count: 4 });
  });

  it('ignores and reports SIRENs already in the group; a SIREN repeated in one call is added once', async () => {
    const id = await newGroup();
    const [a, b, c, d] = validSirens(4, 21_000_000);
    expect(await add(id, [a, b])).toEqual({ message: UPDATED, added: 2, already_present: 0, sirens_count: 2 });
    // b already there; c sent three times (two spellings); d new.
    expect(await add(id, [b, c, spaced(c), d, c])).toEqual({ message: UPDATED, added: 2, already_present: 3, sirens_count: 4 });
    expect(await stored(id)).toEqual([a, b, c, d].sort());
    // The same call again adds nothing.
    expect(await add(id, [a, b, c, d])).toEqual({ message: UPDATED, added: 0, already_present: 4, sirens_count: 4 });
    expect(await stored(id)).toHaveLength(4);
  });

  it('counts a SIREN of another group as new in this one', async () => {
    const first = await newGroup();
    const second = await newGroup();
    const sirens = validSirens(3, 22_000_000);
    await add(first, sirens);
    expect(await add(second, sirens)).toMatchObject({ added: 3, already_present: 0, sirens_count: 3 });
    expect(await stored(first)).toEqual(await stored(second));
  });

  it('applies the SIREN rule to every line: 9 digits once spaces are removed, valid Luhn', async () => {
    const id = await newGroup();
    const accepted: Array<[string, string]> = [
      ['552 032 534', '552032534'],
      ['552032534', '552032534'],
      ['  732 829 320  ', '732829320'],
      ['7 3 2 8 2 9 3 2 0', '732829320'],
      ['542\u00a0051\u202f180', '542051180'],
    ];
    for (const [raw, siren] of accepted) {
      const res = await root.post('/api/groups/addsirens', { id, sirens: [raw] });
      expect(res.statusCode, raw).toBe(200);
      expect(await stored(id), raw).toContain(siren);
    }
    const before = await stored(id);
    for (const raw of ['552032535', '55203253', '5520325340', '552-032-534', '552.032.534', 'A52032534', 'SIREN', '', '   ', '+55203253']) {
      const res = await root.post('/api/groups/addsirens', { id, sirens: [raw] });
      expect(res.statusCode, raw).toBe(422);
      const msg = invalidLine(1, raw.trim());
      expect(res.json(), raw).toEqual({ message: msg, errors: { sirens: [msg] } });
    }
    expect(await stored(id)).toEqual(before);
  });

  it('adds nothing when one line is invalid, and lists each invalid line with its position (1-based)', async () => {
    const id = await newGroup();
    const good = validSirens(5, 23_000_000);
    const bad = badLuhnSiren(7, 23_000_000);
    const sirens = [good[0], 'abc', good[1], bad, good[2], '12345', good[3]];
    const res = await root.post('/api/groups/addsirens', { id, sirens });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: invalidLine(2, 'abc'),
      errors: { sirens: [invalidLine(2, 'abc'), invalidLine(4, bad), invalidLine(6, '12345')] },
    });
    expect(await stored(id)).toEqual([]);
    expect((await root.get(`/api/groups/getGroupRoles/${id}`)).json().sirens_count).toBe(0);
  });

  it('uses the line numbers sent in `lines` (the textarea lines, empty ones dropped)', async () => {
    const id = await newGroup();
    const [a, b] = validSirens(2, 24_000_000);
    // Textarea: 1 a, 2 (empty), 3 "123", 4 (empty), 5 b, 6 "x 9".
    const res = await root.post('/api/groups/addsirens', { id, sirens: [a, '123', b, 'x 9'], lines: [1, 3, 5, 6] });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ sirens: [invalidLine(3, '123'), invalidLine(6, 'x 9')] });
    expect(await stored(id)).toEqual([]);
    // Valid lines with `lines` are added as usual.
    expect(await add(id, [a, b], [1, 5])).toMatchObject({ added: 2, sirens_count: 2 });
  });

  it('lists at most 50 invalid lines, then how many more', async () => {
    const id = await newGroup();
    const sirens = Array.from({ length: 120 }, (_, i) => (i % 2 ? `bad${i}` : validSiren(i, 25_000_000)));
    const res = await root.post('/api/groups/addsirens', { id, sirens });
    expect(res.statusCode).toBe(422);
    const listed = res.json().errors.sirens as string[];
    expect(listed).toHaveLength(51);
    expect(listed.slice(0, 50)).toEqual(Array.from({ length: 50 }, (_, k) => invalidLine(2 * k + 2, `bad${2 * k + 1}`)));
    expect(listed[50]).toBe('… et 10 autre(s) ligne(s) invalide(s).');
    // A long value is shortened in the message.
    const long = await root.post('/api/groups/addsirens', { id, sirens: ['9'.repeat(40)] });
    expect(long.json().errors.sirens).toEqual([invalidLine(1, '9'.repeat(30))]);
    expect(await stored(id)).toEqual([]);
  });

  it('answers 404 for an unknown group and adds nothing', async () => {
    const res = await root.post('/api/groups/addsirens', { id: 999999, sirens: [validSiren(1, 26_000_000)] });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(GROUP_NOT_FOUND);
    expect(await stored(999999)).toEqual([]);
  });

  it('validates the body: a group id and a non-empty list of strings', async () => {
    const id = await newGroup();
    const cases: Array<[unknown, Record<string, string[]>]> = [
      [{ id, sirens: [] }, { sirens: ['Veuillez saisir au moins un siren.'] }],
      [{ id }, { sirens: ['Le champ Sirens est obligatoire.'] }],
      [{ id, sirens: '552032534' }, { sirens: ["Le champ Sirens n’est pas valide."] }],
      [{ sirens: ['552032534'] }, { id: [expect.stringMatching(/^Le champ Groupe /)] }],
      [{ id: 'abc', sirens: ['552032534'] }, { id: ["Le champ Groupe n’est pas valide."] }],
      [{ id: 0, sirens: ['552032534'] }, { id: expect.any(Array) }],
    ];
    for (const [body, errors] of cases) {
      const res = await root.post('/api/groups/addsirens', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors, JSON.stringify(body)).toEqual(errors);
    }
    const numbers = await root.post('/api/groups/addsirens', { id, sirens: [552032534] });
    expect(numbers.statusCode).toBe(422);
    expect(numbers.json().errors).toHaveProperty('sirens');
    expect(await stored(id)).toEqual([]);
  });

  it('adds the 38 SIRENs of the listed French companies', async () => {
    const companies = listedCompanies();
    expect(companies).toHaveLength(38);
    const id = await newGroup();
    // As typed in the textarea: every other one with spaces.
    const typed = companies.map((c, i) => (i % 2 ? spaced(c.siren) : c.siren));
    expect(await add(id, typed)).toEqual({ message: UPDATED, added: 38, already_present: 0, sirens_count: 38 });
    const sorted = companies.map((c) => c.siren).sort();
    expect(await stored(id)).toEqual(sorted);
    const p = await page(id, { orderBy: { column: 'siren', direction: 'asc' }, pagination: { per_page: 50 } });
    expect(p.data.map((r) => r.siren)).toEqual(sorted);
    expect(figures(p)).toEqual({ from: 1, to: 38, total: 38, per_page: 50, current_page: 1, last_page: 1 });
    expect(await add(id, companies.map((c) => c.siren))).toEqual({ message: UPDATED, added: 0, already_present: 38, sirens_count: 38 });
    // Found by their prefix: TotalEnergies.
    const total = companies.find((c) => c.name === 'TOTALENERGIES')!;
    expect((await page(id, { search: total.siren })).data.map((r) => r.siren)).toEqual([total.siren]);
  });

  it('takes 100,000 SIRENs in one call', async () => {
    const id = await newGroup();
    const all = validSirens(100_000, 30_000_000);
    // 1,000 of them are already in the group.
    expect(await add(id, all.filter((_, i) => i % 100 === 0))).toMatchObject({ added: 1000, sirens_count: 1000 });
    const typed = all.map((s, i) => (i % 3 === 0 ? spaced(s) : s));
    expect(await add(id, typed)).toEqual({ message: UPDATED, added: 99_000, already_present: 1000, sirens_count: 100_000 });
    const [stats] = await rowsOf<{ n: number; d: number; lo: string; hi: string; digits: boolean }>(t.ctx.db,
      sql`select count(*)::int as n, count(distinct siren)::int as d, min(siren) as lo, max(siren) as hi, bool_and(siren ~ '^[0-9]{9}$') as digits from group_sirens where group_id = ${id}`,
    );
    expect(stats).toEqual({ n: 100_000, d: 100_000, lo: all[0], hi: all[99_999], digits: true });
    expect(await stored(id)).toEqual(all);
    const first = await page(id, { orderBy: { column: 'siren', direction: 'asc' } });
    expect(first.data.map((r) => r.siren)).toEqual(all.slice(0, 200));
    expect(figures(first)).toEqual({ from: 1, to: 200, total: 100_000, per_page: 200, current_page: 1, last_page: 500 });
    const last = await page(id, { orderBy: { column: 'siren', direction: 'asc' } }, 500);
    expect(last.data.map((r) => r.siren)).toEqual(all.slice(99_800));
    expect((await root.get(`/api/groups/getGroupRoles/${id}`)).json().sirens_count).toBe(100_000);
  }, BIG_CALL_TIMEOUT);

  it('refuses 100,000 SIRENs with one invalid line: nothing added, the line is named', async () => {
    const other = await newGroup();
    const withBad = validSirens(100_000, 40_000_000);
    withBad[73_455] = badLuhnSiren(73_455, 40_000_000);
    const res = await root.post('/api/groups/addsirens', { id: other, sirens: withBad });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ sirens: [invalidLine(73_456, withBad[73_455])] });
    expect(await stored(other)).toEqual([]);
  }, BIG_CALL_TIMEOUT);
});

describe('POST /api/groups/removesiren/{id}', () => {
  it('removes one SIREN row by its id; the SIREN can be added again', async () => {
    const id = await newGroup();
    const sirens = validSirens(3, 27_000_000);
    await add(id, sirens);
    const target = (await page(id, { search: sirens[1] })).data[0];
    expect(target.siren).toBe(sirens[1]);
    const res = await root.post(`/api/groups/removesiren/${target.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Opération effectuée avec succès!' });
    expect(await stored(id)).toEqual([sirens[0], sirens[2]]);
    expect((await root.get(`/api/groups/getGroupRoles/${id}`)).json().sirens_count).toBe(2);
    const again = await root.post(`/api/groups/removesiren/${target.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual(SIREN_NOT_FOUND);
    expect(await add(id, [sirens[1]])).toMatchObject({ added: 1, already_present: 0, sirens_count: 3 });
  });

  it('removes the row of this group only', async () => {
    const a = await newGroup();
    const b = await newGroup();
    const s = validSiren(0, 28_000_000);
    await add(a, [s]);
    await add(b, [s]);
    const rowOfA = (await page(a)).data[0].id;
    expect((await root.post(`/api/groups/removesiren/${rowOfA}`)).statusCode).toBe(200);
    expect(await stored(a)).toEqual([]);
    expect(await stored(b)).toEqual([s]);
  });

  it('answers 404 for an unknown row and 422 for a malformed id', async () => {
    const res = await root.post('/api/groups/removesiren/999999999');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(SIREN_NOT_FOUND);
    const bad = await root.post('/api/groups/removesiren/x1');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty('id');
  });
});

describe('POST /api/groups/filtersirens/{id}', () => {
  let id: number;
  let rows: SirenRow[]; // in id order
  beforeAll(async () => {
    id = await newGroup();
    // 25 SIRENs added one call each, in an order unrelated to their value.
    const sirens = validSirens(25, 29_000_000);
    const order = Array.from({ length: 25 }, (_, i) => (i * 7) % 25);
    for (const i of order) await add(id, [sirens[i]]);
    // Another group holds SIRENs of the same prefix.
    await add(await newGroup(), validSirens(5, 29_000_000));
    const all = await page(id, { orderBy: { column: 'id', direction: 'asc' } });
    rows = all.data;
  });
  const bySiren = () => [...rows].sort((x, y) => (x.siren < y.siren ? -1 : 1));

  it('pages {id, siren, company_name, known_from, head_office_closed, created_at} by id descending, 200 per page by default', async () => {
    expect(rows).toHaveLength(25);
    // company_name: the register's name, null for these SIRENs the register does not know (known_from
    // null, no head office); test/api/company-lookup.test.ts covers the SIRENs it knows.
    expect(rows[0]).toEqual({
      id: expect.any(Number),
      siren: expect.stringMatching(/^\d{9}$/),
      company_name: null,
      known_from: null,
      head_office_closed: false,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect(Object.keys(rows[0]).sort()).toEqual(['company_name', 'created_at', 'head_office_closed', 'id', 'known_from', 'siren']);
    const p = await page(id);
    expect(p.data).toEqual([...rows].reverse());
    expect(figures(p)).toEqual({ from: 1, to: 25, total: 25, per_page: 200, current_page: 1, last_page: 1 });
    const p3 = await page(id, { pagination: { per_page: 10 } }, 3);
    expect(p3.data).toEqual([...rows].reverse().slice(20));
    expect(figures(p3)).toEqual({ from: 21, to: 25, total: 25, per_page: 10, current_page: 3, last_page: 3 });
    // Past the end: the last page.
    const past = await page(id, { pagination: { per_page: 10 } }, 4);
    expect(past).toEqual({ ...p3, current_page: 3 });
  });

  it('sorts on id and siren, both directions; any other column is a 422', async () => {
    expect((await page(id, { orderBy: { column: 'siren', direction: 'asc' } })).data).toEqual(bySiren());
    expect((await page(id, { orderBy: { column: 'siren', direction: 'desc' } })).data).toEqual(bySiren().reverse());
    expect((await page(id, { orderBy: { column: 'id', direction: 'desc' } })).data).toEqual([...rows].reverse());
    const p2 = await page(id, { orderBy: { column: 'siren', direction: 'asc' }, pagination: { per_page: 10 } }, 2);
    expect(p2.data).toEqual(bySiren().slice(10, 20));
    for (const column of ['created_at', 'group_id', 'name']) {
      const res = await root.post(`/api/groups/filtersirens/${id}`, { orderBy: { column, direction: 'asc' } });
      expect(res.statusCode, column).toBe(422);
      expect(res.json(), column).toEqual({ message: BAD_COLUMN, errors: { column: [BAD_COLUMN] } });
    }
  });

  it('searches by the digits of a SIREN prefix, spaces allowed, in this group only', async () => {
    const target = rows[7].siren;
    expect((await page(id, { search: target })).data).toEqual([rows[7]]);
    expect((await page(id, { search: spaced(target) })).data).toEqual([rows[7]]);
    const prefix = target.slice(0, 7);
    const want = bySiren().filter((r) => r.siren.startsWith(prefix));
    const p = await page(id, { search: ` ${prefix.slice(0, 3)} ${prefix.slice(3)} `, orderBy: { column: 'siren', direction: 'asc' } });
    expect(p.data).toEqual(want);
    expect(p.total).toBe(want.length);
    expect(want.length).toBeGreaterThan(1);
    // The whole series shares its first 4 digits.
    expect((await page(id, { search: '2900' })).total).toBe(25);
    for (const search of ['abc', '29x', '1234567890', '%', target.slice(1)]) {
      expect(await page(id, { search }), search).toEqual({ data: [], from: null, to: null, total: 0, per_page: 200, current_page: 1, last_page: 1 });
    }
    expect((await page(id, { search: '   ' })).total).toBe(25);
  });

  it('answers 404 for an unknown group, 422 for a bad page size', async () => {
    const res = await root.post('/api/groups/filtersirens/999999', {});
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(GROUP_NOT_FOUND);
    const size = await root.post(`/api/groups/filtersirens/${id}`, { pagination: { per_page: 30 } });
    expect(size.statusCode).toBe(422);
    expect(size.json().errors).toEqual({ pagination: ['Le nombre de résultats par page doit être 10, 25, 50, 100, 200.'] });
  });
});
