/**
 * Deleting rows of a news import under review (`POST /api/news/temporaries/bulkdelete`, contract/bulk.ts): the
 * ticked rows, every row in error (search `onlyerrors`) minus the unticked ones, only the administrator's own
 * rows, after which Process takes the rest.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { createCategory, csvText, importDone, temporaries, utf8, type Category } from '../helpers/news';
import { validSiren } from '../helpers/sirens';

let t: TestApp;
let category: Category;
beforeAll(async () => {
  t = await createTestApp();
  category = await createCategory(await t.superAdmin(), 'Revue', 'Review');
});
afterAll(async () => t?.close());

/** Rows `good` valid, then `bad` with an invalid SIREN. */
function file(good: number, bad: number): Buffer {
  const rows: string[][] = [];
  for (let n = 0; n < good; n += 1) rows.push([validSiren(n, 44_000_000), '', `Bonne ${n}`, category.name_en, 'S', `https://www.example.com/revue/${n}`, '2026-01-02']);
  for (let n = 0; n < bad; n += 1) rows.push(['123', '', `Mauvaise ${n}`, category.name_en, 'S', `https://www.example.com/revue/bad/${n}`, '2026-01-02']);
  return utf8(csvText(rows));
}

describe('bulk deletion of an import’s rows', () => {
  it('deletes the ticked rows, then every row in error but one, leaves others’ rows, then Process takes the rest', async () => {
    const a = await t.newAdmin();
    const other = await t.newAdmin();
    await importDone(a.client, 'revue.csv', file(3, 4));
    await importDone(other.client, 'autre.csv', file(0, 2));

    const page = await temporaries(a.client, { pagination: { per_page: 200 } });
    const good = page.data.filter((r) => r.title.startsWith('Bonne'));
    const res = await a.client.post('/api/news/temporaries/bulkdelete', { ids: [good[0].id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ count: 1, message: '1 ligne effacée de l’import.' });

    // Another administrator's row ids reach nothing.
    const theirs = (await temporaries(other.client)).data.map((r) => r.id);
    expect((await a.client.post('/api/news/temporaries/bulkdelete', { ids: theirs })).json().count).toBe(0);

    const errors = (await temporaries(a.client, { search: 'onlyerrors' })).data;
    expect(errors).toHaveLength(4);
    const kept = errors[0].id;
    const all = await a.client.post('/api/news/temporaries/bulkdelete', { all: true, search: 'onlyerrors', except: [kept] });
    expect(all.json()).toEqual({ count: 3, message: '3 lignes effacées de l’import.' });
    const left = await temporaries(a.client);
    expect([left.rows_total, left.rows_in_error]).toEqual([3, 1]);
    expect((await a.client.post('/api/news/temporaries/bulkdelete', { ids: [kept] })).json().count).toBe(1);

    expect((await temporaries(other.client)).rows_total).toBe(2);
    const processed = await a.client.get('/api/news/process');
    expect(processed.statusCode, processed.body).toBe(200);
    expect(processed.json().count).toBe(2);
  });

  it('refuses an empty body with a French 422', async () => {
    const a = await t.newAdmin();
    const res = await a.client.post('/api/news/temporaries/bulkdelete', {});
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ ids: ['Aucune ligne sélectionnée.'] });
  });
});
