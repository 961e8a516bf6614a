/**
 * Synchroniser batches (server/modules/news/sync-batches.ts): each `GET /api/news/syncall` that publishes something
 * writes one numbered batch (`POST /api/news/syncbatches` lists them), and `POST /api/news/syncbatches/{id}/undo`
 * puts the batch's articles still published back among the pending news, in one transaction: an article removed
 * meanwhile stays removed, one whose SIREN and link are pending again is withdrawn and counted as skipped, a batch
 * is undone once. The pending news are made the way operators make them: a CSV import, then Process.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../server/db/rows';
import { createTestApp, type Client, type TestApp } from '../helpers/app';
import { createCategory, csvText, importDone, utf8, type Category } from '../helpers/news';
import { validSiren } from '../helpers/sirens';

type Batch = { id: number; articles: number; published: number; created_at: string; created_by: string | null; undone_at: string | null; undone_by: string | null };
type Pending = { id: number; siren: string; title: string; url: string; newscategory: { id: number; name_fr: string } };
type Article = { siren: string; identifier: string; title: string };

let t: TestApp;
let root: Client;
let agri: Category;
let seq = 0;
beforeAll(async () => {
  t = await createTestApp();
  root = await t.superAdmin();
  agri = await createCategory(root, 'Agriculture', 'Farming');
});
afterAll(async () => t?.close());

const link = () => `https://www.example.com/batch/${++seq}`;

/** Puts items in the pending list (CSV import by a new administrator, then Process); answers their links. */
async function pend(items: Array<{ siren: string; title: string; url?: string }>): Promise<string[]> {
  const a = await t.newAdmin();
  const urls = items.map((i) => i.url ?? link());
  await importDone(a.client, 'lot.csv', utf8(csvText(items.map((i, n) => [i.siren, '', i.title, agri.name_en, '', urls[n], '2026-03-01']))));
  const res = await a.client.get('/api/news/process');
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().count).toBe(items.length);
  return urls;
}

async function syncall(): Promise<number> {
  const res = await root.get('/api/news/syncall');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { count: number }).count;
}

async function batches(): Promise<Batch[]> {
  const res = await root.post('/api/news/syncbatches?page=1', { pagination: { per_page: 100 } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: Batch[] }).data;
}

async function pending(): Promise<Pending[]> {
  const res = await root.post('/api/news/filter?page=1', { pagination: { per_page: 100 }, orderBy: { column: 'id', direction: 'asc' } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: Pending[] }).data;
}

async function listBySiren(siren: string): Promise<Article[]> {
  const res = await root.post('/api/hows/listbysiren', { siren });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Article[];
}

const undo = (id: number) => root.post(`/api/news/syncbatches/${id}/undo`);

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(t.ctx.db, query);
  return Number(row.n);
}

/** Makes every update of a batch row fail (a trigger raising), or stops it: a failure after the articles moved. */
async function failBatchUpdates(on: boolean): Promise<void> {
  if (on) {
    await t.ctx.db.execute(sql.raw(`create function h_fail() returns trigger language plpgsql as $$ begin raise exception 'échec voulu'; end $$`));
    await t.ctx.db.execute(sql.raw(`create trigger h_fail before update on news_sync_batches for each row execute function h_fail()`));
  } else {
    await t.ctx.db.execute(sql.raw(`drop trigger h_fail on news_sync_batches`));
    await t.ctx.db.execute(sql.raw(`drop function h_fail()`));
  }
}

describe('Synchroniser batches', () => {
  it('numbers each synchronisation that publishes something, newest first, with its author and articles; none when nothing is pending', async () => {
    await syncall();
    const before = await batches();
    expect(await syncall()).toBe(0);
    expect(await batches()).toEqual(before);

    await pend([{ siren: validSiren(1, 46_000_000), title: 'Lot A1' }, { siren: validSiren(2, 46_000_000), title: 'Lot A2' }]);
    expect(await syncall()).toBe(2);
    await pend([{ siren: validSiren(3, 46_000_000), title: 'Lot B1' }]);
    expect(await syncall()).toBe(1);

    const list = await batches();
    expect(list.length).toBe(before.length + 2);
    const [second, first] = list;
    expect(second.id).toBeGreaterThan(first.id);
    expect(first).toMatchObject({ articles: 2, published: 2, undone_at: null, undone_by: null, created_by: expect.any(String) });
    expect(second).toMatchObject({ articles: 1, published: 1, undone_at: null });
    expect(Date.parse(first.created_at)).not.toBeNaN();
    expect(await count(sql`select count(*)::int as n from published_articles where sync_batch_id = ${first.id}`)).toBe(2);
  });

  it('undoes any standing batch: its articles back among the pending news with their id and category, the batch marked undone', async () => {
    const sirens = [validSiren(4, 46_000_000), validSiren(5, 46_000_000), validSiren(6, 46_000_000)];
    await pend(sirens.map((siren, i) => ({ siren, title: `Retour ${i}` })));
    const before = await pending();
    expect(await syncall()).toBe(3);
    const [undone] = await batches();
    await pend([{ siren: validSiren(7, 46_000_000), title: 'Lot suivant' }]);
    expect(await syncall()).toBe(1);
    const [later] = await batches();

    const res = await undo(undone.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ count: 3, skipped: 0, message: 'Synchronisation annulée\u00a0: 3 articles remis en attente.' });
    const back = await pending();
    expect(back.map((n) => [n.id, n.siren, n.title, n.url, n.newscategory])).toEqual(before.map((n) => [n.id, n.siren, n.title, n.url, n.newscategory]));
    for (const siren of sirens) expect(await listBySiren(siren)).toEqual([]);
    expect(await count(sql`select rows::int as n from news_counts where id = 1`)).toBe(3);
    expect(await count(sql`select count(*)::int as n from news where job_id is not null and siren = ${sirens[0]}`)).toBe(0);

    const list = await batches();
    expect(list.find((b) => b.id === undone.id)).toMatchObject({ articles: 3, published: 0, undone_at: expect.any(String), undone_by: expect.any(String) });
    expect(list.find((b) => b.id === later.id)).toMatchObject({ published: 1, undone_at: null });

    const again = await undo(undone.id);
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ id: ['Cette synchronisation a déjà été annulée.'] });
    expect(await pending()).toHaveLength(3);

    // Synchronised again, they form a new batch.
    expect(await syncall()).toBe(3);
    expect((await batches())[0]).toMatchObject({ articles: 3, published: 3, undone_at: null });
  });

  it('leaves an article removed meanwhile removed, and skips (and counts) one whose SIREN and link are pending again', async () => {
    const [kept, removed, dup] = [validSiren(8, 46_000_000), validSiren(9, 46_000_000), validSiren(10, 46_000_000)];
    const urls = await pend([{ siren: kept, title: 'Gardé' }, { siren: removed, title: 'Effacé' }, { siren: dup, title: 'Doublon' }]);
    expect(await syncall()).toBe(3);
    const [batch] = await batches();
    const [gone] = await listBySiren(removed);
    expect((await root.post('/api/hows/removebyidentifier', { siren: removed, identifier: gone.identifier })).statusCode).toBe(200);
    // The import and addnews refuse an article already published; a pending row can still meet one (written by a
    // Process running alongside), so the row is written here directly.
    await t.ctx.db.execute(sql`insert into news (siren, title, newscategory_id, category_name, posted, url)
      values (${dup}, 'Doublon revenu', ${agri.id}, ${agri.name_fr}, now(), ${urls[2]})`);
    expect((await batches()).find((b) => b.id === batch.id)?.published).toBe(2);

    const res = await undo(batch.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      count: 1,
      skipped: 1,
      message: 'Synchronisation annulée\u00a0: 1 article remis en attente\u00a0; 1 déjà en attente (même siren et même lien), non dupliqué.',
    });
    const titles = (await pending()).map((n) => n.title).sort();
    expect(titles).toEqual(['Doublon revenu', 'Gardé']);
    expect(await listBySiren(removed)).toEqual([]);
    expect(await listBySiren(dup)).toEqual([]);
    await syncall();
  });

  it('runs the undo in one transaction: a failure leaves the articles published and nothing pending', async () => {
    await syncall();
    const siren = validSiren(11, 46_000_000);
    await pend([{ siren, title: 'Atomique' }]);
    expect(await syncall()).toBe(1);
    const [batch] = await batches();
    await failBatchUpdates(true);
    try {
      expect((await undo(batch.id)).statusCode).toBe(500);
    } finally {
      await failBatchUpdates(false);
    }
    expect(await listBySiren(siren)).toHaveLength(1);
    expect(await pending()).toEqual([]);
    expect((await batches())[0]).toMatchObject({ id: batch.id, published: 1, undone_at: null });
  });

  it('runs Synchroniser in one transaction with its batch: a failure publishes nothing and leaves no batch', async () => {
    const siren = validSiren(12, 46_000_000);
    await pend([{ siren, title: 'Lot raté' }]);
    const before = await batches();
    await failBatchUpdates(true);
    try {
      expect((await root.get('/api/news/syncall')).statusCode).toBe(500);
    } finally {
      await failBatchUpdates(false);
    }
    expect(await listBySiren(siren)).toEqual([]);
    expect((await pending()).map((n) => n.title)).toEqual(['Lot raté']);
    expect(await batches()).toEqual(before);
    expect(await syncall()).toBe(1);
  });

  it('answers 404 for an unknown batch, and both calls need a signed-in administrator', async () => {
    const res = await undo(999_999);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Cette synchronisation n’existe pas.' });
    expect((await t.anon().post('/api/news/syncbatches?page=1', {})).statusCode).toBe(401);
    expect((await t.anon().post('/api/news/syncbatches/1/undo')).statusCode).toBe(401);
  });
});
