/**
 * The shared list helper (server/http/listing.ts; CONVENTIONS.md section 3 "Lists"): filter body
 * parsing, whitelisted sorting, pagination figures and search, run against the real `admins` table.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admins } from '../../server/db/schema';
import { AppError } from '../../server/lib/errors';
import { filterBody, pageQuery } from '../../contract/listing';
import { runList, type ListSpec } from '../../server/http/listing';
import { createTestApp, type TestApp } from '../helpers/app';

type Row = { id: number; name: string; email: string };

/** Only the rows made here (the super admin is left out by `where`). */
const spec: ListSpec = {
  select: sql`t.id, t.name, t.email`,
  from: sql`admins t`,
  sortable: { id: sql`t.id`, name: sql`t.name`, email: sql`t.email` },
  where: sql`t.email like 'list-%'`,
  search: (term) => sql`(t.name ilike ${'%' + term + '%'} or t.email ilike ${'%' + term + '%'})`,
};

let t: TestApp;
let ids: number[]; // in insertion order
beforeAll(async () => {
  t = await createTestApp();
  // 23 rows; names in groups of five, in the opposite order of the ids: 1-5 'Nom Z', 6-10 'Nom Y', ... 21-23 'Nom V'.
  const rows = Array.from({ length: 23 }, (_, i) => ({
    name: `Nom ${String.fromCharCode(90 - Math.floor(i / 5))}`,
    email: `list-${String(i + 1).padStart(3, '0')}@example.com`,
    passwordHash: 'not-a-real-hash',
  }));
  ids = (await t.ctx.db.insert(admins).values(rows).returning({ id: admins.id })).map((r) => r.id);
});
afterAll(async () => t?.close());

const list = (body: unknown, page = 1) => runList<Row>(t.ctx.db, spec, filterBody.parse(body), page);
const idsOf = (rows: Row[]) => rows.map((r) => Number(r.id));
const desc = () => [...ids].reverse();

describe('filterBody', () => {
  it('defaults to an empty filter', () => {
    expect(filterBody.parse(undefined)).toEqual({});
  });

  it('accepts page sizes 10, 25, 50, 100 and 200 only', () => {
    for (const per_page of [10, 25, 50, 100, 200, '25']) {
      expect(filterBody.parse({ pagination: { per_page } }).pagination?.per_page).toBe(Number(per_page));
    }
    for (const per_page of [0, 1, 15, 201, 500, -10, '30']) {
      const r = filterBody.safeParse({ pagination: { per_page } });
      expect(r.success, String(per_page)).toBe(false);
      expect(r.error?.issues[0].message, String(per_page)).toBe('Le nombre de résultats par page doit être 10, 25, 50, 100, 200.');
    }
    expect(filterBody.safeParse({ pagination: { per_page: 'abc' } }).success).toBe(false);
  });

  it('ignores the pagination figures the client echoes back, and checks the direction', () => {
    const parsed = filterBody.parse({ pagination: { from: 1, to: 10, total: 23, per_page: 10, current_page: 1, last_page: 3 }, orderBy: { column: 'name', direction: 'asc' }, search: 'x' });
    expect(parsed).toEqual({ pagination: { per_page: 10 }, orderBy: { column: 'name', direction: 'asc' }, search: 'x' });
    const bad = filterBody.safeParse({ orderBy: { column: 'name', direction: 'up' } });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0].message).toBe('Le sens du tri doit être asc ou desc.');
  });

  it('treats a missing or null body as the default filter', () => {
    expect(filterBody.parse(undefined)).toEqual({});
    expect(filterBody.parse(null)).toEqual({});
  });

  it('pageQuery defaults to page 1 and refuses page 0', () => {
    expect(pageQuery.parse({})).toEqual({ page: 1 });
    expect(pageQuery.parse({ page: '3' })).toEqual({ page: 3 });
    expect(pageQuery.safeParse({ page: '0' }).success).toBe(false);
  });
});

describe('runList sorting', () => {
  it('sorts by id descending by default, 200 per page', async () => {
    const page = await list(undefined);
    expect(idsOf(page.data)).toEqual(desc());
    expect(page.data[0]).toEqual({ id: ids[22], name: 'Nom V', email: 'list-023@example.com' });
    expect({ ...page, data: undefined }).toEqual({ data: undefined, from: 1, to: 23, total: 23, per_page: 200, current_page: 1, last_page: 1 });
  });

  it('sorts ascending and descending on a whitelisted column, ties broken by id in the same direction', async () => {
    expect(idsOf((await list({ orderBy: { column: 'id', direction: 'asc' } })).data)).toEqual(ids);
    expect(idsOf((await list({ orderBy: { column: 'email', direction: 'desc' } })).data)).toEqual(desc());
    // Names: V (ids 21-23) < W (16-20) < X < Y < Z (1-5).
    const byNameAsc = idsOf((await list({ orderBy: { column: 'name', direction: 'asc' } })).data);
    expect(byNameAsc).toEqual([...ids.slice(20), ...ids.slice(15, 20), ...ids.slice(10, 15), ...ids.slice(5, 10), ...ids.slice(0, 5)]);
    const byNameDesc = idsOf((await list({ orderBy: { column: 'name', direction: 'desc' } })).data);
    expect(byNameDesc).toEqual([...byNameAsc].reverse());
    // No direction: descending.
    expect(idsOf((await list({ orderBy: { column: 'name' } })).data)).toEqual(byNameDesc);
  });

  it('refuses a column outside the whitelist with a 422 errors.column', async () => {
    for (const column of ['password_hash', 'status', 'constructor', '__proto__', 'toString', 'id; drop table admins', 'NAME']) {
      const err = await list({ orderBy: { column, direction: 'asc' } }).catch((e: unknown) => e);
      expect(err, column).toBeInstanceOf(AppError);
      expect(err, column).toMatchObject({ statusCode: 422, errors: { column: ['La colonne de tri demandée n’est pas autorisée.'] } });
    }
    expect((await list(undefined)).total).toBe(23);
  });
});

describe('runList pagination', () => {
  it('gives from/to/total/last_page on the first, a middle and the last page', async () => {
    const body = { pagination: { per_page: 10 } };
    const p1 = await list(body, 1);
    expect(idsOf(p1.data)).toEqual(desc().slice(0, 10));
    expect({ from: p1.from, to: p1.to, total: p1.total, per_page: p1.per_page, current_page: p1.current_page, last_page: p1.last_page }).toEqual({
      from: 1, to: 10, total: 23, per_page: 10, current_page: 1, last_page: 3,
    });
    const p2 = await list(body, 2);
    expect(idsOf(p2.data)).toEqual(desc().slice(10, 20));
    expect([p2.from, p2.to, p2.current_page, p2.last_page]).toEqual([11, 20, 2, 3]);
    const p3 = await list(body, 3);
    expect(idsOf(p3.data)).toEqual(desc().slice(20));
    expect([p3.from, p3.to, p3.total, p3.current_page, p3.last_page]).toEqual([21, 23, 23, 3, 3]);
  });

  it('a page past the end gives the last page (current_page says which)', async () => {
    const p = await list({ pagination: { per_page: 25 } }, 2);
    expect(p).toEqual({ ...(await list({ pagination: { per_page: 25 } }, 1)), current_page: 1, last_page: 1 });
    expect([p.from, p.to, p.total, p.current_page]).toEqual([1, 23, 23, 1]);
    const p9 = await list({ pagination: { per_page: 10 } }, 9);
    expect(idsOf(p9.data)).toEqual(desc().slice(20));
    expect([p9.from, p9.to, p9.current_page, p9.last_page]).toEqual([21, 23, 3, 3]);
  });

  it('every page of every order gives the rows of the forward order (second halves are read backward)', async () => {
    for (const column of ['id', 'name', 'email']) {
      for (const direction of ['asc', 'desc'] as const) {
        for (const search of [undefined, 'nom']) {
          const all = idsOf((await list({ orderBy: { column, direction }, search })).data);
          for (const perPage of [10, 25]) {
            for (let page = 1; page <= Math.ceil(all.length / perPage); page++) {
              const p = await list({ orderBy: { column, direction }, search, pagination: { per_page: perPage } }, page);
              expect(idsOf(p.data), `${column} ${direction} ${search} ${perPage} p${page}`).toEqual(all.slice((page - 1) * perPage, page * perPage));
              expect([p.from, p.to]).toEqual([(page - 1) * perPage + 1, Math.min(page * perPage, all.length)]);
            }
          }
        }
      }
    }
  });
});

describe('runList search', () => {
  it('narrows case-insensitively on name or email, and counts only the matches', async () => {
    const z = await list({ search: '  nom z ' });
    expect(idsOf(z.data)).toEqual(ids.slice(0, 5).reverse());
    expect([z.total, z.from, z.to, z.last_page]).toEqual([5, 1, 5, 1]);
    const one = await list({ search: 'LIST-007' });
    expect(one.data).toEqual([{ id: ids[6], name: 'Nom Y', email: 'list-007@example.com' }]);
    const paged = await list({ search: 'nom', pagination: { per_page: 10 } }, 3);
    expect([paged.data.length, paged.from, paged.to, paged.total, paged.last_page]).toEqual([3, 21, 23, 23, 3]);
  });

  it('a blank search is ignored', async () => {
    expect((await list({ search: '   ' })).total).toBe(23);
    expect((await list({ search: null })).total).toBe(23);
  });

  it('no match gives an empty page: from/to null, last_page 1', async () => {
    expect(await list({ search: 'nobody-matches-this' })).toEqual({ data: [], from: null, to: null, total: 0, per_page: 200, current_page: 1, last_page: 1 });
  });
});

describe('runList total', () => {
  it('uses the list\'s own total query when it gives one, count(*) otherwise', async () => {
    const withTotal: ListSpec = { ...spec, total: (term) => (term ? undefined : sql`select 1000::bigint as total`) };
    const fast = await runList<Row>(t.ctx.db, withTotal, filterBody.parse({ pagination: { per_page: 100 } }), 1);
    expect([fast.data.length, fast.total, fast.last_page]).toEqual([23, 1000, 10]);
    const searched = await runList<Row>(t.ctx.db, withTotal, filterBody.parse({ search: 'nom z' }), 1);
    expect([searched.data.length, searched.total, searched.last_page]).toEqual([5, 5, 1]);
  });
});
