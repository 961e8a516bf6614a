/**
 * SPEC "Update log" and section 7: `POST /api/messages/filter?page=n` — sort on id, code, name (the
 * SIREN) and created_at; page sizes 10/25/50/100/200; search by SIREN (spaces allowed), code or words of
 * the description, and the quick values `all`, `onlyvip`, `onlyfavoris`; totals read from the rollups
 * (kept right through inserts, deletes and TRUNCATE) or estimated for common free-text terms.
 * Entries are written with `appendLogEntries` (no HTTP call writes the log).
 */
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/client';
import { logCondition, parseLogSearch } from '../../server/modules/update-log/search';
import { COMMON_HITS, PROBE_SIZE } from '../../server/http/sampled-search';
import { appendLogEntries } from '../../server/modules/update-log/service';
import { createTestApp, type Client, type TestApp } from '../helpers/app';
import { listedCompanies, spaced, validSiren, validSirens } from '../helpers/sirens';
import { rowsOf } from '../../server/db/rows';

type Entry = { id: number; code: string; name: string; description: string; created_at: string; source: { label: string; url: string | null } | null };
type LogPage = {
  data: Entry[];
  from: number | null;
  to: number | null;
  total: number;
  per_page: number;
  current_page: number;
  last_page: number;
  total_is_estimate?: boolean;
};
type Seed = { code: string; siren: string; description: string; createdAt: Date };

const BAD_COLUMN = 'La colonne de tri demandée n’est pas autorisée.';
const BAD_PAGE_SIZE = 'Le nombre de résultats par page doit être 10, 25, 50, 100, 200.';

let t: TestApp;
let root: Client;
beforeAll(async () => {
  t = await createTestApp();
  root = await t.superAdmin();
});
afterAll(async () => t?.close());

async function query<T>(q: SQL): Promise<T[]> {
  return rowsOf<T>(t.ctx.db, q);
}

/** Empties the log (through DELETE, so the rollup triggers run) and the groups. */
async function reset() {
  await t.ctx.db.execute(sql`delete from update_log`);
  await t.ctx.db.execute(sql`delete from groups`);
}

/** Appends entries and returns them as the API shows them, in id order. */
async function seed(entries: Seed[]): Promise<Entry[]> {
  const [{ max }] = await query<{ max: number }>(sql`select coalesce(max(id), 0)::int as max from update_log`);
  expect(await appendLogEntries(t.ctx.db, entries)).toBe(entries.length);
  const rows = await query<{ id: number; code: string; name: string; description: string; ms: number }>(
    sql`select id::int as id, code, siren as name, description, (extract(epoch from created_at) * 1000)::float8 as ms
        from update_log where id > ${max} order by id`,
  );
  // Entries appended by hand name no source (only a feed's do).
  return rows.map(({ ms, ...r }) => ({ ...r, created_at: new Date(Number(ms)).toISOString(), source: null }));
}

async function filterRes(body: unknown, page: number | string = 1) {
  return root.post(`/api/messages/filter?page=${page}`, body);
}

/** One page; fails unless the answer is 200. */
async function filter(body: unknown, page = 1): Promise<LogPage> {
  const res = await filterRes(body, page);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as LogPage;
}

const ids = (entries: Entry[]) => entries.map((e) => e.id);
const newestFirst = (entries: Entry[]) => [...entries].sort((a, b) => b.id - a.id);
const at = (iso: string) => new Date(iso);
const minutes = (n: number) => new Date(Date.UTC(2026, 2, 1, 8, 0) + n * 60_000);

/** Pagination fields of a page (everything but data). */
const figures = (p: LogPage) => {
  const { data: _data, ...rest } = p;
  return rest;
};

/** Creates a group through the API with the given SIRENs; returns its id. */
async function group(name: string, sirens: string[], status = 1): Promise<number> {
  const res = await root.post('/api/groups/store', { name, status });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().id as number;
  if (sirens.length) {
    const add = await root.post('/api/groups/addsirens', { id, sirens });
    expect(add.statusCode, add.body).toBe(200);
  }
  return id;
}

describe('answer and pagination', () => {
  beforeAll(reset);

  it('an empty log gives an empty first page', async () => {
    const empty = { data: [], from: null, to: null, total: 0, per_page: 200, current_page: 1, last_page: 1 };
    expect(await filter({})).toEqual(empty);
    expect(await filter({ pagination: null, orderBy: null, search: null })).toEqual(empty);
    expect(await filter({ search: 'all' }, 1)).toEqual(empty);
  });

  it('returns each entry as {id, code, name, description, created_at, source} (ISO, UTC), newest id first by default', async () => {
    const rows = await seed([
      { code: 'RNE', siren: '552032534', description: 'Mise à jour des dirigeants', createdAt: at('2026-03-05T08:09:10.123Z') },
      { code: 'BODACC', siren: '542051180', description: 'Dépôt des comptes annuels', createdAt: at('2025-12-31T23:30:00Z') },
      { code: 'INPI', siren: '380129866', description: 'Modification du capital', createdAt: at('2026-01-15T00:00:00Z') },
    ]);
    const page = await filter({});
    expect(page.data).toEqual([
      { id: rows[2].id, code: 'INPI', name: '380129866', description: 'Modification du capital', created_at: '2026-01-15T00:00:00.000Z', source: null },
      { id: rows[1].id, code: 'BODACC', name: '542051180', description: 'Dépôt des comptes annuels', created_at: '2025-12-31T23:30:00.000Z', source: null },
      { id: rows[0].id, code: 'RNE', name: '552032534', description: 'Mise à jour des dirigeants', created_at: '2026-03-05T08:09:10.123Z', source: null },
    ]);
    expect(Object.keys(page.data[0]).sort()).toEqual(['code', 'created_at', 'description', 'id', 'name', 'source']);
    expect(figures(page)).toEqual({ from: 1, to: 3, total: 3, per_page: 200, current_page: 1, last_page: 1 });
    // The pagination figures the client echoes back are ignored.
    const echoed = await filter({ pagination: { from: 7, to: 9, total: 99, per_page: 10, current_page: 4, last_page: 12 } });
    expect(figures(echoed)).toEqual({ from: 1, to: 3, total: 3, per_page: 10, current_page: 1, last_page: 1 });
  });

  it('pages through 233 entries with each allowed page size (default 200)', async () => {
    await reset();
    const sirens = validSirens(7);
    const rows = newestFirst(
      await seed(Array.from({ length: 233 }, (_, i) => ({ code: 'RNE', siren: sirens[i % 7], description: `Entrée ${i}`, createdAt: minutes(i) }))),
    );
    const p1 = await filter({});
    expect(ids(p1.data)).toEqual(ids(rows.slice(0, 200)));
    expect(figures(p1)).toEqual({ from: 1, to: 200, total: 233, per_page: 200, current_page: 1, last_page: 2 });
    const p2 = await filter({}, 2);
    expect(ids(p2.data)).toEqual(ids(rows.slice(200)));
    expect(figures(p2)).toEqual({ from: 201, to: 233, total: 233, per_page: 200, current_page: 2, last_page: 2 });

    for (const perPage of [10, 25, 50, 100, 200]) {
      const last = Math.ceil(233 / perPage);
      for (const page of [1, 2, last]) {
        const p = await filter({ pagination: { per_page: perPage } }, page);
        const start = (page - 1) * perPage;
        const expected = rows.slice(start, start + perPage);
        expect(ids(p.data), `${perPage} p${page}`).toEqual(ids(expected));
        expect(figures(p), `${perPage} p${page}`).toEqual({
          from: start + 1,
          to: start + expected.length,
          total: 233,
          per_page: perPage,
          current_page: page,
          last_page: last,
        });
      }
      // Past the end: the last page.
      const past = await filter({ pagination: { per_page: perPage } }, last + 1);
      expect(ids(past.data)).toEqual(ids(rows.slice((last - 1) * perPage)));
      expect(figures(past)).toEqual({ from: (last - 1) * perPage + 1, to: 233, total: 233, per_page: perPage, current_page: last, last_page: last });
    }
    // A page size sent as a string is accepted.
    expect((await filter({ pagination: { per_page: '25' } })).per_page).toBe(25);
  });

  it('refuses any other page size (422 errors.pagination) and a page below 1 (422 errors.page)', async () => {
    for (const perPage of [0, 1, 5, 15, 20, 150, 201, 500, 1000, -10]) {
      const res = await filterRes({ pagination: { per_page: perPage } });
      expect(res.statusCode, String(perPage)).toBe(422);
      expect(res.json(), String(perPage)).toEqual({ message: BAD_PAGE_SIZE, errors: { pagination: [BAD_PAGE_SIZE] } });
    }
    const text = await filterRes({ pagination: { per_page: 'abc' } });
    expect(text.statusCode).toBe(422);
    expect(text.json().errors).toHaveProperty('pagination');
    for (const page of ['0', '-1', 'abc', '1.5']) {
      const res = await filterRes({}, page);
      expect(res.statusCode, page).toBe(422);
      expect(res.json(), page).toMatchObject({ message: expect.any(String), errors: { page: [expect.any(String)] } });
    }
  });

  it('refuses a search longer than 500 characters (422 errors.search)', async () => {
    const res = await filterRes({ search: 'x'.repeat(501) });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ errors: { search: [expect.any(String)] } });
    expect((await filter({ search: 'x'.repeat(500) })).total).toBe(0);
  });
});

describe('sorting', () => {
  let rows: Entry[];
  beforeAll(async () => {
    await reset();
    const codes = ['RNE', 'INPI', 'BODACC', 'INSEE'];
    const sirens = validSirens(16, 70_000_000).reverse(); // SIRENs in the opposite order of the ids
    // created_at: not in id order, with ties (i % 5 repeats) so that the id tie-breaker shows.
    rows = await seed(
      Array.from({ length: 16 }, (_, i) => ({
        code: codes[i % 4],
        siren: sirens[i % 8],
        description: `Traitement ${i}`,
        createdAt: minutes(((i * 7) % 5) * 10),
      })),
    );
  });

  const key: Record<string, (e: Entry) => string | number> = {
    id: (e) => e.id,
    code: (e) => e.code,
    name: (e) => e.name,
    created_at: (e) => e.created_at,
  };
  const expectedOrder = (column: string, direction: 'asc' | 'desc') =>
    [...rows]
      .sort((a, b) => {
        const ka = key[column](a);
        const kb = key[column](b);
        const c = ka < kb ? -1 : ka > kb ? 1 : a.id - b.id;
        return direction === 'asc' ? c : -c;
      })
      .map((e) => e.id);

  it('sorts on id, code, name and created_at, ascending and descending, ties broken by id in the same direction', async () => {
    for (const column of ['id', 'code', 'name', 'created_at']) {
      for (const direction of ['asc', 'desc'] as const) {
        const p = await filter({ orderBy: { column, direction } });
        expect(ids(p.data), `${column} ${direction}`).toEqual(expectedOrder(column, direction));
        expect(p.total).toBe(16);
      }
    }
    // The sort holds across pages.
    const p2 = await filter({ orderBy: { column: 'code', direction: 'asc' }, pagination: { per_page: 10 } }, 2);
    expect(ids(p2.data)).toEqual(expectedOrder('code', 'asc').slice(10));
  });

  it('defaults to id descending; without a direction sorts descending', async () => {
    expect(ids((await filter({})).data)).toEqual(expectedOrder('id', 'desc'));
    expect(ids((await filter({ orderBy: { column: null, direction: null } })).data)).toEqual(expectedOrder('id', 'desc'));
    expect(ids((await filter({ orderBy: { column: 'name' } })).data)).toEqual(expectedOrder('name', 'desc'));
  });

  it('refuses any other column with 422 errors.column, and a direction other than asc/desc', async () => {
    for (const column of ['siren', 'description', 'status', 'ID', 'l.id', '__proto__', 'constructor', 'id; drop table update_log']) {
      const res = await filterRes({ orderBy: { column, direction: 'asc' } });
      expect(res.statusCode, column).toBe(422);
      expect(res.json(), column).toEqual({ message: BAD_COLUMN, errors: { column: [BAD_COLUMN] } });
    }
    const res = await filterRes({ orderBy: { column: 'id', direction: 'up' } });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: 'Le sens du tri doit être asc ou desc.', errors: { orderBy: ['Le sens du tri doit être asc ou desc.'] } });
    expect((await filter({})).total).toBe(16);
  });
});

describe('free-text search', () => {
  const [s1, s2, s3, absent] = [listedCompanies()[0].siren, listedCompanies()[1].siren, listedCompanies()[2].siren, listedCompanies()[3].siren];
  let rows: Entry[];
  beforeAll(async () => {
    await reset();
    rows = await seed([
      { code: 'RNE', siren: s1, description: 'Changement de dirigeant', createdAt: minutes(1) },
      { code: 'BODACC', siren: s2, description: 'Dépôt des comptes annuels', createdAt: minutes(2) },
      { code: 'RNE', siren: s1, description: 'Comptes annuels consolidés', createdAt: minutes(3) },
      { code: 'INPI', siren: s3, description: 'Modification du capital social', createdAt: minutes(4) },
      { code: 'INPI', siren: s1, description: 'Nouveau DIRIGEANT nommé, capital augmenté', createdAt: minutes(5) },
      { code: 'BODACC', siren: s3, description: 'Taux de détention 100%', createdAt: minutes(6) },
      { code: 'RNE', siren: s2, description: 'Taux de détention 1000 actions', createdAt: minutes(7) },
      { code: 'RNE', siren: s2, description: 'Radiation du registre', createdAt: minutes(8) },
    ]);
  });

  /** The ids (newest first) of the seeded entries matching `pick`. */
  const expected = (pick: (e: Entry) => boolean) => ids(newestFirst(rows.filter(pick)));

  /** Searches and checks that the page holds exactly `want` with an exact total. */
  async function expectSearch(search: string, want: number[], extra: Record<string, unknown> = {}) {
    const p = await filter({ search, ...extra });
    expect(ids(p.data), search).toEqual(want);
    expect(p.total, search).toBe(want.length);
    expect(p.total_is_estimate, search).toBeUndefined();
    expect(p.last_page, search).toBe(1);
    return p;
  }

  it('a SIREN, with or without spaces, gives the entries of that SIREN', async () => {
    const want = expected((e) => e.name === s1);
    expect(want).toHaveLength(3);
    for (const search of [s1, spaced(s1), `  ${s1} `, s1.replace(/(\d{3})(\d{3})(\d{3})/, '$1\u00a0$2\u00a0$3'), s1.split('').join(' ')]) {
      const p = await expectSearch(search, want);
      expect(p.data.every((e) => e.name === s1)).toBe(true);
    }
    await expectSearch(absent, []);
    await expectSearch(spaced(absent), []);
  });

  it('a code, in any case, gives the entries of that code', async () => {
    await expectSearch('BODACC', expected((e) => e.code === 'BODACC'));
    await expectSearch('bodacc', expected((e) => e.code === 'BODACC'));
    await expectSearch(' Inpi ', expected((e) => e.code === 'INPI'));
    await expectSearch('RNE', expected((e) => e.code === 'RNE'));
  });

  it('words of the description: case-insensitive, in any order, every word must appear', async () => {
    const has = (...words: string[]) => (e: Entry) => words.every((w) => e.description.toLowerCase().includes(w));
    await expectSearch('COMPTES annuels', expected(has('comptes', 'annuels')));
    await expectSearch('annuels   comptes', expected(has('comptes', 'annuels')));
    expect(expected(has('comptes', 'annuels'))).toHaveLength(2);
    await expectSearch('dirigeant', expected(has('dirigeant')));
    expect(expected(has('dirigeant'))).toHaveLength(2);
    await expectSearch('Dirigeant CAPITAL', expected(has('dirigeant', 'capital')));
    expect(expected(has('dirigeant', 'capital'))).toHaveLength(1);
    await expectSearch('DÉPÔT', expected(has('dépôt')));
    expect(expected(has('dépôt'))).toHaveLength(1);
    await expectSearch('comptes dirigeant', []);
    await expectSearch('inexistant', []);
  });

  it('LIKE wildcards in the term are literal', async () => {
    await expectSearch('100%', expected((e) => e.description.includes('100%')));
    expect(expected((e) => e.description.includes('100%'))).toHaveLength(1);
    await expectSearch('d_tention', []);
  });

  it('combines with sorting and pagination', async () => {
    const want = rows.filter((e) => e.code === 'RNE').sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id));
    const p1 = await filter({ search: 'rne', orderBy: { column: 'name', direction: 'asc' }, pagination: { per_page: 10 } });
    expect(ids(p1.data)).toEqual(ids(want));
    expect(figures(p1)).toEqual({ from: 1, to: want.length, total: want.length, per_page: 10, current_page: 1, last_page: 1 });
  });

  it('a blank search or `all` gives every entry', async () => {
    for (const search of ['', '   ', 'all', ' all ', null]) {
      const p = await filter({ search });
      expect(ids(p.data), String(search)).toEqual(expected(() => true));
      expect(p.total, String(search)).toBe(rows.length);
      expect(p.total_is_estimate).toBeUndefined();
    }
  });
});

describe('estimated totals of common terms', () => {
  // The server samples the newest PROBE_SIZE entries; a term with COMMON_HITS matches or more there is
  // "common" (0.5 %: 100 of 20,000). The data below is sized from these constants.
  /** 1,000 entries, `matches` of which (spread evenly, all inside the sample) mention "liquidation". */
  async function thousandWith(matches: number) {
    await reset();
    const sirens = validSirens(20, 30_000_000);
    const step = Math.floor(1000 / matches);
    const rows = await seed(
      Array.from({ length: 1000 }, (_, i) => ({
        code: 'RNE',
        siren: sirens[i % 20],
        description: i % step === 0 && i / step < matches ? `Liquidation judiciaire n°${i}` : `Dépôt des comptes annuels ${i}`,
        createdAt: minutes(i),
      })),
    );
    const want = newestFirst(rows.filter((e) => e.description.startsWith('Liquidation')));
    expect(want).toHaveLength(matches);
    return want;
  }

  it('a rare term gives an exact total without total_is_estimate', async () => {
    for (const matches of [5, COMMON_HITS - 1]) {
      const want = await thousandWith(matches);
      const p = await filter({ search: 'liquidation', pagination: { per_page: 10 } });
      expect(p).toEqual({ data: want.slice(0, 10), from: 1, to: Math.min(10, matches), total: matches, per_page: 10, current_page: 1, last_page: Math.ceil(matches / 10) });
      expect(p).not.toHaveProperty('total_is_estimate');
    }
  });

  it('from COMMON_HITS matches in the sample on, the total is flagged total_is_estimate', async () => {
    expect(COMMON_HITS / PROBE_SIZE).toBe(0.005); // the threshold of a common term: 100 of 20,000
    expect(PROBE_SIZE).toBeGreaterThanOrEqual(1000); // the 1,000 entries below all fall in the sample
    const want = await thousandWith(COMMON_HITS);
    const p = await filter({ search: 'LIQUIDATION', pagination: { per_page: 10 } });
    // Here the sample holds the whole log, so the estimate is exact.
    expect(p).toEqual({ data: want.slice(0, 10), from: 1, to: 10, total: COMMON_HITS, per_page: 10, current_page: 1, last_page: Math.ceil(COMMON_HITS / 10), total_is_estimate: true });
  });

  it('a common term (300 matches among 1,000 entries) is flagged total_is_estimate and still pages the matching rows', async () => {
    await reset();
    const sirens = validSirens(20, 30_000_000);
    // 300 matches among 1,000 entries, interleaved.
    const rows = await seed(
      Array.from({ length: 1000 }, (_, i) => ({
        code: i % 2 ? 'RNE' : 'INPI',
        siren: sirens[i % 20],
        description: i % 10 < 3 ? `Nomination d'un nouveau dirigeant (${i})` : `Dépôt des comptes annuels (${i})`,
        createdAt: minutes(1000 - i),
      })),
    );
    const matching = newestFirst(rows.filter((e) => e.description.includes('dirigeant')));
    expect(matching).toHaveLength(300);
    for (const search of ['dirigeant', 'DIRIGEANT nouveau']) {
      for (const page of [1, 2, 3]) {
        const p = await filter({ search, pagination: { per_page: 100 } }, page);
        expect(p.data, `${search} p${page}`).toEqual(matching.slice((page - 1) * 100, page * 100));
        expect(figures(p), `${search} p${page}`).toEqual({
          from: (page - 1) * 100 + 1,
          to: page * 100,
          total: 300,
          per_page: 100,
          current_page: page,
          last_page: 3,
          total_is_estimate: true,
        });
      }
      // Past the end: the (estimated) last page, read forward: an estimate gives no position to read backward from.
      const past = await filter({ search, pagination: { per_page: 100 } }, 4);
      expect(past).toEqual({ data: matching.slice(200, 300), from: 201, to: 300, total: 300, per_page: 100, current_page: 3, last_page: 3, total_is_estimate: true });
    }
    // Another sort: created_at ascending (the oldest entries have the highest ids here).
    const byDate = [...matching].sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.id - b.id));
    const p2 = await filter({ search: 'dirigeant', orderBy: { column: 'created_at', direction: 'asc' }, pagination: { per_page: 50 } }, 2);
    expect(ids(p2.data)).toEqual(ids(byDate.slice(50, 100)));
    expect(p2.total_is_estimate).toBe(true);
    // The flag is only for free text: `all` and a SIREN are exact.
    const all = await filter({});
    expect([all.total, all.total_is_estimate]).toEqual([1000, undefined]);
    const one = await filter({ search: spaced(sirens[3]) });
    expect([one.total, one.total_is_estimate, one.data.every((e) => e.name === sirens[3])]).toEqual([50, undefined, true]);
  });

  it('beyond the sample: a common term is extrapolated to the whole log, a rare term older than the sample is found and counted exactly', async () => {
    await reset();
    const sirens = validSirens(50, 40_000_000);
    const n = Math.ceil((PROBE_SIZE + 4000) / 8) * 8;
    const rows = await seed(
      Array.from({ length: n }, (_, i) => ({
        code: 'RNE',
        siren: sirens[i % 50],
        // 1 in 8 mentions a dirigeant, evenly; 3 old entries (outside the sample) a radiation.
        description: i >= 1 && i <= 3 ? `Radiation d'office ${i}` : i % 8 === 0 ? `Changement de dirigeant ${i}` : `Comptes annuels ${i}`,
        createdAt: minutes(i),
      })),
    );
    const common = newestFirst(rows.filter((e) => e.description.includes('dirigeant')));
    expect(common).toHaveLength(n / 8);
    const inSample = common.filter((e) => e.id > rows[n - PROBE_SIZE - 1].id).length;
    const p = await filter({ search: 'dirigeant' });
    expect(p.data).toEqual(common.slice(0, 200));
    expect(p.total_is_estimate).toBe(true);
    // Matches of the sample scaled to the whole log: here, evenly spread, that is the true count (± rounding).
    expect(p.total).toBe(Math.round((inSample / PROBE_SIZE) * n));
    expect(Math.abs(p.total - common.length)).toBeLessThanOrEqual(Math.ceil(n / PROBE_SIZE));
    expect(figures(p)).toMatchObject({ from: 1, to: 200, per_page: 200, current_page: 1, last_page: Math.ceil(p.total / 200) });

    const rare = newestFirst(rows.slice(1, 4));
    const r = await filter({ search: 'radiation' });
    expect(r).toEqual({ data: rare, from: 1, to: 3, total: 3, per_page: 200, current_page: 1, last_page: 1 });
    expect((await filter({ search: 'all', pagination: { per_page: 10 } })).total).toBe(n);
  }, 120_000); // thousands of entries: seconds on PGlite, more on a busy machine (correctness is checked, not time)
});

describe('quick searches onlyvip and onlyfavoris', () => {
  const [v1, v2, f1, o1] = validSirens(4, 50_000_000);
  let rows: Entry[];
  beforeAll(async () => {
    await reset();
    // v2 is in both groups; o1 in no quick-search group.
    const sirens = [v1, v2, f1, o1, v1, o1, v2, f1, o1, v1, v1, v2];
    rows = await seed(sirens.map((siren, i) => ({ code: 'RNE', siren, description: `Entrée ${i}`, createdAt: minutes(i) })));
  });
  const of = (...sirens: string[]) => ids(newestFirst(rows.filter((e) => sirens.includes(e.name))));

  async function expectQuick(search: string, want: number[]) {
    const p = await filter({ search });
    expect(ids(p.data), search).toEqual(want);
    expect(figures(p), search).toEqual({
      from: want.length ? 1 : null,
      to: want.length ? want.length : null,
      total: want.length,
      per_page: 200,
      current_page: 1,
      last_page: 1,
    });
  }

  it('with no such group, give no entries', async () => {
    await expectQuick('onlyvip', []);
    await expectQuick('onlyfavoris', []);
  });

  it('keep the entries whose SIREN belongs to the active group VIP / Favoris (name in any case)', async () => {
    await group('vip', [v1, spaced(v2)]);
    await group('FAVORIS', [f1, v2]);
    await group('VIP clients', [o1]); // another name: ignored
    await group('Favoris 2', [o1, v1]);
    await expectQuick('onlyvip', of(v1, v2));
    await expectQuick('onlyfavoris', of(f1, v2));
    await expectQuick('all', of(v1, v2, f1, o1));
    // Paged and sorted.
    const byName = rows
      .filter((e) => e.name === v1 || e.name === v2)
      .sort((a, b) => (a.name < b.name ? 1 : a.name > b.name ? -1 : b.id - a.id));
    const p = await filter({ search: 'onlyvip', orderBy: { column: 'name', direction: 'desc' }, pagination: { per_page: 10 } });
    expect(ids(p.data)).toEqual(ids(byName));
    expect(figures(p)).toEqual({ from: 1, to: 7, total: 7, per_page: 10, current_page: 1, last_page: 1 });
  });

  it('follow the SIRENs added to and removed from the group', async () => {
    const vip = (await root.get('/api/groups/all')).json().find((g: { name: string }) => g.name === 'vip').id as number;
    expect((await root.post('/api/groups/addsirens', { id: vip, sirens: [o1] })).json()).toMatchObject({ added: 1 });
    await expectQuick('onlyvip', of(v1, v2, o1));
    const page = await root.post(`/api/groups/filtersirens/${vip}`, { search: o1 });
    const rowId = page.json().data[0].id as number;
    expect((await root.post(`/api/groups/removesiren/${rowId}`)).statusCode).toBe(200);
    await expectQuick('onlyvip', of(v1, v2));
  });

  it('a disabled group gives no entries, and its entries come back once it is reactivated', async () => {
    const all = (await root.get('/api/groups/all')).json() as Array<{ id: number; name: string }>;
    const vip = all.find((g) => g.name === 'vip')!.id;
    const fav = all.find((g) => g.name === 'FAVORIS')!.id;
    expect((await root.post(`/api/groups/togglestatus/${vip}`)).json().status).toBe(0);
    await expectQuick('onlyvip', []);
    await expectQuick('onlyfavoris', of(f1, v2));
    expect((await root.post(`/api/groups/togglestatus/${vip}`)).json().status).toBe(1);
    await expectQuick('onlyvip', of(v1, v2));
    // Deleted group: nothing.
    expect((await root.post(`/api/groups/removegroup/${fav}`)).statusCode).toBe(200);
    await expectQuick('onlyfavoris', []);
    // A group created disabled.
    await group('Favoris', [f1], 0);
    await expectQuick('onlyfavoris', []);
  });
});

describe('totals kept by the rollups', () => {
  const [a, b, c, d] = validSirens(4, 60_000_000);

  /** Every total the API reads from a rollup (and a SIREN search) against a count of the log itself. */
  async function expectTotalsRight() {
    const count = async (where: SQL) => Number((await query<{ n: number }>(sql`select count(*)::int as n from update_log l where ${where}`))[0].n);
    const inGroup = (name: string) =>
      sql`l.siren in (select gs.siren from group_sirens gs join groups g on g.id = gs.group_id where lower(g.name) = ${name} and g.status = 1)`;
    const cases: Array<[string, SQL]> = [
      ['all', sql`true`],
      ['onlyvip', inGroup('vip')],
      ['onlyfavoris', inGroup('favoris')],
      [spaced(a), sql`l.siren = ${a}`],
    ];
    for (const [search, where] of cases) {
      const want = await count(where);
      const p = await filter({ search, pagination: { per_page: 10 } });
      expect(p.total, search).toBe(want);
      expect(p.last_page, search).toBe(Math.max(1, Math.ceil(want / 10)));
    }
    // The rollups themselves equal the aggregates of the log (zero rows may stay).
    const daily = await query<{ day: string; n: number }>(
      sql`select to_char(day, 'YYYY-MM-DD') as day, entries::int as n from update_log_daily where entries <> 0 order by day`,
    );
    const dailyWant = await query<{ day: string; n: number }>(
      sql`select to_char((created_at at time zone 'Europe/Paris')::date, 'YYYY-MM-DD') as day, count(*)::int as n from update_log group by 1 order by 1`,
    );
    expect(daily).toEqual(dailyWant);
    const perSiren = await query<{ siren: string; n: number }>(
      sql`select siren, entries::int as n from update_log_siren_counts where entries <> 0 order by siren`,
    );
    const perSirenWant = await query<{ siren: string; n: number }>(sql`select siren, count(*)::int as n from update_log group by 1 order by 1`);
    expect(perSiren).toEqual(perSirenWant);
    const negative = await query(sql`select 1 from update_log_daily where entries < 0 union all select 1 from update_log_siren_counts where entries < 0`);
    expect(negative).toEqual([]);
  }

  beforeEach(reset);

  it('stay right after inserts, deletes and a rolled-back insert', async () => {
    await group('VIP', [a, b]);
    await group('Favoris', [c]);
    await expectTotalsRight();
    const mk = (n: number, offset = 0) =>
      Array.from({ length: n }, (_, i) => ({
        code: 'RNE',
        siren: [a, b, c, d][i % 4],
        description: `Entrée ${offset + i}`,
        // spread over several Paris days, some around midnight
        createdAt: new Date(Date.UTC(2026, 0, 1 + (i % 5), 22 + (i % 3), 30)),
      }));
    await seed(mk(37));
    await expectTotalsRight();
    expect((await filter({ search: 'all' })).total).toBe(37);
    await seed(mk(23, 100));
    await expectTotalsRight();
    expect((await filter({ search: 'onlyvip' })).total).toBe(31); // a: 10 + 6, b: 9 + 6

    // Deletes: by SIREN, by id, by day.
    await t.ctx.db.execute(sql`delete from update_log where siren = ${b}`);
    await expectTotalsRight();
    expect((await filter({ search: 'onlyvip' })).total).toBe(16);
    await t.ctx.db.execute(sql`delete from update_log where id in (select id from update_log order by id limit 7)`);
    await expectTotalsRight();
    await t.ctx.db.execute(sql`delete from update_log where (created_at at time zone 'Europe/Paris')::date = '2026-01-02'`);
    await expectTotalsRight();

    // A rolled-back insert leaves no trace in the rollups.
    const before = (await filter({})).total;
    await expect(
      t.ctx.db.transaction(async (tx) => {
        await appendLogEntries(tx as unknown as Db, mk(10, 500));
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect((await filter({})).total).toBe(before);
    await expectTotalsRight();

    // Insert again after deletes, then delete everything.
    await seed(mk(9, 900));
    await expectTotalsRight();
    await t.ctx.db.execute(sql`delete from update_log`);
    await expectTotalsRight();
    expect(await filter({ search: 'onlyfavoris' })).toEqual({ data: [], from: null, to: null, total: 0, per_page: 200, current_page: 1, last_page: 1 });
  });

  it('stay right after TRUNCATE of the log', async () => {
    await group('VIP', [a]);
    await seed(Array.from({ length: 12 }, (_, i) => ({ code: 'RNE', siren: [a, b][i % 2], description: `E${i}`, createdAt: minutes(i) })));
    expect((await filter({ search: 'onlyvip' })).total).toBe(6);
    await t.ctx.db.execute(sql`truncate update_log`);
    await expectTotalsRight();
    for (const search of ['all', 'onlyvip']) {
      expect(await filter({ search }), search).toEqual({ data: [], from: null, to: null, total: 0, per_page: 200, current_page: 1, last_page: 1 });
    }
    await seed([{ code: 'RNE', siren: a, description: 'Après', createdAt: minutes(1) }]);
    await expectTotalsRight();
    expect((await filter({ search: 'onlyvip' })).total).toBe(1);
  });

  it('the log is append-only: changing an entry’s SIREN or date is refused, its description may change', async () => {
    await seed([{ code: 'RNE', siren: a, description: 'Avant', createdAt: minutes(1) }]);
    await expect(t.ctx.db.execute(sql`update update_log set siren = ${b}`)).rejects.toThrow();
    await expect(t.ctx.db.execute(sql`update update_log set created_at = now()`)).rejects.toThrow();
    await t.ctx.db.execute(sql`update update_log set description = 'Après'`);
    const p = await filter({ search: a });
    expect(p.data).toEqual([expect.objectContaining({ name: a, description: 'Après', created_at: minutes(1).toISOString() })]);
    await expectTotalsRight();
  });
});

describe('SIREN of a search term', () => {
  it('a SIREN typed with spaces becomes an equality on the 9 digits, answered by the (siren, id) index', async () => {
    expect(parseLogSearch(' 552 032\u00a0534 ')).toEqual({ kind: 'siren', siren: '552032534' });
    const cond = logCondition(parseLogSearch('552 032 534'))!;
    const plan = await t.ctx.db.transaction(async (tx) => {
      // On a small table the planner would rather scan it: forbid that to see which index fits.
      await tx.execute(sql`set local enable_seqscan = off`);
      return rowsOf<unknown>(tx, sql`explain select l.id from update_log l where ${cond} order by l.id desc limit 200`);
    });
    expect(JSON.stringify(plan)).toContain('update_log_siren_id_idx');
  });

  it('a 9-digit term failing the Luhn check is free text, not a SIREN', async () => {
    await reset();
    const s = validSiren(1, 80_000_000);
    const wrong = s.slice(0, 8) + String((Number(s[8]) + 1) % 10);
    await seed([
      { code: 'RNE', siren: s, description: `Référence ${wrong}`, createdAt: minutes(1) },
      { code: 'RNE', siren: s, description: 'Autre', createdAt: minutes(2) },
    ]);
    const p = await filter({ search: wrong });
    expect(p.data.map((e) => e.description)).toEqual([`Référence ${wrong}`]);
    expect((await filter({ search: s })).total).toBe(2);
  });
});
