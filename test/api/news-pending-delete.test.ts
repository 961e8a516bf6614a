/**
 * Deleting pending news (SPEC section 2 "/news"; contract/bulk.ts): one row (`POST /api/news/pending/{id}/delete`),
 * a selection or every row of the list's search minus the unticked ones (`POST /api/news/pending/bulkdelete`),
 * every row of one import (Process keeps each row's import job; `GET /api/news/pending/imports` lists them, search
 * `import:<id>` lists and deletes their rows), the 422 of a bad body, and 100,000 rows deleted in one transaction.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../server/db/rows';
import { createTestApp, type Client, type TestApp } from '../helpers/app';
import { createCategory, csvText, importDone, utf8, type Category } from '../helpers/news';
import { validSiren } from '../helpers/sirens';

let t: TestApp;
let root: Client;
let category: Category;
let seq = 0;
beforeAll(async () => {
  t = await createTestApp();
  root = await t.superAdmin();
  category = await createCategory(root, 'Effacements', 'Deletions');
});
afterAll(async () => t?.close());

type Page = { data: { id: number; title: string }[]; total: number };
type Import = { id: string; filename: string; created_at: string; count: number };

/** Imports `titles` as pending news (CSV upload by a new administrator, then Process); answers the import job's id. */
async function pend(filename: string, titles: string[]): Promise<string> {
  const a = await t.newAdmin();
  const rows = titles.map((title) => [validSiren(++seq, 42_000_000), '', title, category.name_en, 'Source', `https://www.example.com/pending-delete/${seq}`, '2026-01-02']);
  const job = await importDone(a.client, filename, utf8(csvText(rows)));
  const res = await a.client.get('/api/news/process');
  expect(res.statusCode, res.body).toBe(200);
  return job.id;
}

async function list(search = ''): Promise<Page> {
  const res = await root.post('/api/news/filter?page=1', { pagination: { per_page: 200 }, search });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
}

async function bulk(body: Record<string, unknown>) {
  return root.post('/api/news/pending/bulkdelete', body);
}

async function newsCount(): Promise<{ rows: number; counter: number }> {
  const [row] = await rowsOf<{ rows: number; counter: number }>(t.ctx.db, sql`select (select count(*)::int from news) as rows, (select rows::int from news_counts where id = 1) as counter`);
  return { rows: Number(row.rows), counter: Number(row.counter) };
}

describe('pending news deletion', () => {
  it('deletes one row, then answers 404 for it; needs a signed-in administrator', async () => {
    await pend('un.csv', ['Une ligne à effacer PD1']);
    const [row] = (await list('PD1')).data;
    expect((await t.anon().post(`/api/news/pending/${row.id}/delete`)).statusCode).toBe(401);
    const res = await root.post(`/api/news/pending/${row.id}/delete`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Opération effectuée avec succès!' });
    expect((await list('PD1')).total).toBe(0);
    const again = await root.post(`/api/news/pending/${row.id}/delete`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Cette news en attente n’existe pas (déjà effacée ou publiée\u00a0?).');
  });

  it('deletes the ticked rows, then every row of a search except the unticked ones', async () => {
    await pend('selection.csv', ['Sélection PD2 a', 'Sélection PD2 b', 'Sélection PD2 c', 'Garder PD3']);
    const rows = (await list('PD2')).data;
    expect(rows).toHaveLength(3);
    const before = await newsCount();
    const res = await bulk({ ids: [rows[0].id, rows[1].id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ count: 2, message: '2 news en attente effacées.' });
    expect((await list('PD2')).data.map((r) => r.id)).toEqual([rows[2].id]);
    expect(await newsCount()).toEqual({ rows: before.rows - 2, counter: before.counter - 2 });

    await pend('tout.csv', ['Tout PD4 a', 'Tout PD4 b', 'Tout PD4 c']);
    const all = (await list('PD4')).data;
    const kept = all[1].id;
    const everything = await bulk({ all: true, search: 'PD4', except: [kept] });
    expect(everything.json()).toEqual({ count: 2, message: '2 news en attente effacées.' });
    expect((await list('PD4')).data.map((r) => r.id)).toEqual([kept]);
    expect((await list('PD3')).total).toBe(1);
  });

  it('keeps each row’s import: the imports are listed with their file and count, and one import is deleted whole', async () => {
    const first = await pend('premier-import.csv', ['Import PD5 a', 'Import PD5 b', 'Import PD5 c']);
    const second = await pend('second-import.csv', ['Import PD5 d']);
    const res = await root.get('/api/news/pending/imports');
    expect(res.statusCode, res.body).toBe(200);
    const imports = res.json() as Import[];
    expect(imports.slice(0, 2).map(({ id, filename, count }) => ({ id, filename, count }))).toEqual([
      { id: second, filename: 'second-import.csv', count: 1 },
      { id: first, filename: 'premier-import.csv', count: 3 },
    ]);
    expect(imports[0].created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect((await list(`import:${first}`)).data.map((r) => r.title).sort()).toEqual(['Import PD5 a', 'Import PD5 b', 'Import PD5 c']);

    const deleted = await bulk({ all: true, search: `import:${first}` });
    expect(deleted.json()).toEqual({ count: 3, message: '3 news en attente effacées.' });
    expect((await list('PD5')).data.map((r) => r.title)).toEqual(['Import PD5 d']);
    expect(((await root.get('/api/news/pending/imports')).json() as Import[]).map((i) => i.id)).not.toContain(first);
  });

  it('refuses a body naming no row, both ways at once, or too many ids, with a French 422', async () => {
    for (const [body, message] of [
      [{}, 'Aucune ligne sélectionnée.'],
      [{ ids: [] }, 'Aucune ligne sélectionnée.'],
      [{ ids: [1], all: true }, 'Choisissez des lignes ou toute la liste, pas les deux.'],
      [{ ids: Array.from({ length: 10_001 }, (_, i) => i + 1) }, 'Au plus 10\u202f000 lignes nommées une à une\u00a0: choisissez « Tout sélectionner ».'],
    ] as const) {
      const res = await bulk(body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 40)).toBe(422);
      expect(res.json().errors.ids).toEqual([message]);
    }
    const bad = await bulk({ ids: ['x'] });
    expect(bad.statusCode).toBe(422);
  });

  it('deletes 100,000 selected rows in one transaction: a failure midway leaves them all, then all go', async () => {
    await t.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local statement_timeout = 0`);
      await tx.execute(sql`
      insert into news (siren, name, title, newscategory_id, category_name, posted, source, url)
      select lpad(g::text, 9, '0'), '', 'Masse PD6 ' || g, ${category.id}, ${category.name_fr}, now(), 'Source', 'https://www.example.com/masse/' || g
        from generate_series(1, 100000) g`);
    });
    expect((await list('Masse PD6')).data).toHaveLength(200);
    const before = await newsCount();
    // A row that cannot be deleted, past the middle: the statement fails and rolls every row back.
    const [{ id: blocker }] = await rowsOf<{ id: number }>(t.ctx.db, sql`select id::int as id from news where url = 'https://www.example.com/masse/70000'`);
    await t.ctx.db.execute(sql.raw(`create function pd6_block() returns trigger language plpgsql as $$ begin
      if old.id = ${Number(blocker)} then raise exception 'blocked'; end if; return old; end $$`));
    await t.ctx.db.execute(sql`create trigger pd6_block before delete on news for each row execute function pd6_block()`);
    const failed = await bulk({ all: true, search: 'Masse PD6' });
    expect(failed.statusCode).toBe(500);
    expect(await newsCount()).toEqual(before);
    await t.ctx.db.execute(sql`drop trigger pd6_block on news`);

    const res = await bulk({ all: true, search: 'Masse PD6' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ count: 100_000, message: '100\u202f000 news en attente effacées.' });
    expect(await newsCount()).toEqual({ rows: before.rows - 100_000, counter: before.counter - 100_000 });
  }, 180_000);
});
