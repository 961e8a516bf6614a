/**
 * News categories (SPEC sections 2 "/news/categories", 3 "News category", 7 "News", 8): the
 * status resource at `/api/news/{all, store, getCategoryRoles/{id}, update/{id}, togglestatus/{id}}` and
 * `POST /api/news/{id}` (delete), names unique per language without regard to case, no delete while pending
 * or published articles use it (422 errors.destroy with the counts), and `allvalides` (active ones only).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEWS_CATEGORIES } from '../../contract/resources';
import { createTestApp, type Client, type TestApp } from '../helpers/app';
import { createCategory, csvText, importDone, utf8, type Category } from '../helpers/news';
import { validSiren } from '../helpers/sirens';
import { describeStatusResource } from '../helpers/status-resource';

const NOT_FOUND = { message: 'Category does not exist!' };
const FR_TAKEN = 'Ce nom (FR) de catégorie est déjà utilisé.';
const EN_TAKEN = 'Ce nom (EN) de catégorie est déjà utilisé.';
const DONE = { message: 'Opération effectuée avec succès!' };
const BAD_ID = "L’identifiant doit être un nombre entier positif.";
const inUse = (total: string, pending: string, published: string) =>
  `Cette catégorie est utilisée par ${total} (${pending} en attente, ${published})\u00a0: elle ne peut pas être effacée. Désactivez-la plutôt.`;

let t: TestApp;
let root: Client;
let n = 0;
beforeAll(async () => {
  t = await createTestApp();
  root = await t.superAdmin();
});
afterAll(async () => t?.close());

const names = () => ({ name_fr: `Catégorie ${++n}`, name_en: `Category ${n}` });
const isoDate = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

describeStatusResource<Category>({
  name: 'news categories',
  base: '/api/news',
  paths: NEWS_CATEGORIES.paths,
  notFound: NEWS_CATEGORIES.notFound,
  client: () => root,
  storeBody: names,
  updateBody: (item) => ({ name_fr: `${item.name_fr} (modifiée)`, name_en: `${item.name_en} (edited)` }),
  unique: {
    field: 'name_fr',
    message: FR_TAKEN,
    store: (taken) => ({ name_fr: taken.name_fr.toUpperCase(), name_en: `Other ${++n}` }),
    update: (item, taken) => ({ name_fr: ` ${taken.name_fr.toLowerCase()} `, name_en: item.name_en }),
  },
});

/** Puts `count` news in the pending list under `category` (an import by a new administrator, then Process). */
async function pending(category: Category, count: number) {
  const a = await t.newAdmin();
  const batch = ++n;
  const rows = Array.from({ length: count }, (_, i) => [validSiren(i, 43_000_000), '', `En attente ${i}`, category.name_en, '', `https://www.example.com/cat/${batch}/${i}`, '01/03/2026']);
  await importDone(a.client, 'attente.csv', utf8(csvText(rows)));
  const res = await a.client.get('/api/news/process');
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().count).toBe(count);
}

/** Publishes `count` articles under `category` (addnews). */
async function published(category: Category, count: number) {
  const batch = ++n;
  for (let i = 0; i < count; i++) {
    const res = await root.post('/api/news/addnews', {
      newscategory_id: category.id,
      siren: validSiren(i, 44_000_000),
      title: `Publié ${i}`,
      posted: '01/03/2026',
      url: `https://www.example.com/pub/${batch}/${i}`,
    });
    expect(res.statusCode, res.body).toBe(201);
  }
}

describe('POST /api/news/store and update/{id}', () => {
  it('creates a category (201) with trimmed names, active by default', async () => {
    const res = await root.post('/api/news/store', { name_fr: '  Fusions et acquisitions ', name_en: ' Mergers and acquisitions  ' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      name_fr: 'Fusions et acquisitions',
      name_en: 'Mergers and acquisitions',
      status: 1,
      created_at: isoDate,
      updated_at: isoDate,
    });
  });

  it('requires both names (at most 255 characters) and a valid status', async () => {
    for (const [body, errors] of [
      [{}, { name_fr: ['Le champ Nom (FR) est obligatoire.'], name_en: ['Le champ Nom (EN) est obligatoire.'] }],
      [{ name_fr: '  ', name_en: 'X' }, { name_fr: ['Le champ Nom (FR) est obligatoire.'] }],
      [{ name_fr: 'X', name_en: '' }, { name_en: ['Le champ Nom (EN) est obligatoire.'] }],
      [{ name_fr: 'x'.repeat(256), name_en: 'X' }, { name_fr: ['Le champ Nom (FR) ne peut pas dépasser 255 caractères.'] }],
      [{ name_fr: 'X', name_en: 'Y', status: 2 }, { status: ["Le champ Actif n’est pas valide."] }],
    ] as const) {
      const res = await root.post('/api/news/store', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors, JSON.stringify(body)).toEqual(errors);
    }
  });

  it('keeps names unique per language without regard to case (422 errors.name_fr / errors.name_en)', async () => {
    const taken = await createCategory(root, 'Énergie', 'Energy');
    for (const [body, field, message] of [
      [{ name_fr: 'ÉNERGIE', name_en: 'Power' }, 'name_fr', FR_TAKEN],
      [{ name_fr: ' énergie ', name_en: 'Power' }, 'name_fr', FR_TAKEN],
      [{ name_fr: 'Puissance', name_en: 'ENERGY' }, 'name_en', EN_TAKEN],
      [{ name_fr: 'Puissance', name_en: 'energy' }, 'name_en', EN_TAKEN],
    ] as const) {
      const res = await root.post('/api/news/store', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json()).toEqual({ message, errors: { [field]: [message] } });
    }
    // On update too, against another category; a category may change the case of its own names.
    const other = await createCategory(root, 'Transport', 'Transportation');
    const clash = await root.post(`/api/news/update/${other.id}`, { name_fr: 'Transport', name_en: 'ENERGY' });
    expect(clash.statusCode).toBe(422);
    expect(clash.json()).toEqual({ message: EN_TAKEN, errors: { name_en: [EN_TAKEN] } });
    const own = await root.post(`/api/news/update/${taken.id}`, { name_fr: 'ÉNERGIE', name_en: 'energy' });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({ id: taken.id, name_fr: 'ÉNERGIE', name_en: 'energy', status: 1 });
    // Unique per language: one language's name may be another category's name in the other language, or its own.
    expect((await createCategory(root, 'Energy', 'Énergie')).name_fr).toBe('Energy');
    expect((await createCategory(root, 'Innovation', 'Innovation')).name_en).toBe('Innovation');
    // A name that merely contains a taken one is another name.
    expect((await createCategory(root, 'Énergie verte', 'Green energy')).name_fr).toBe('Énergie verte');
  });

  it('updates the names and the status; updated_at moves, created_at stays', async () => {
    const c = await createCategory(root, 'Santé', 'Health');
    await new Promise((r) => setTimeout(r, 5));
    const res = await root.post(`/api/news/update/${c.id}`, { name_fr: 'Santé publique', name_en: 'Public health', status: 0 });
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json() as Category;
    expect(updated).toEqual({ ...c, name_fr: 'Santé publique', name_en: 'Public health', status: 0, updated_at: isoDate });
    expect(Date.parse(updated.updated_at)).toBeGreaterThan(Date.parse(c.updated_at));
    expect((await root.get(`/api/news/getCategoryRoles/${c.id}`)).json()).toEqual(updated);
  });
});

describe('unknown and invalid ids', () => {
  it("answers 404 'Category does not exist!' for an unknown id and 422 for an id that is not a positive integer", async () => {
    const missing = 2_000_000_000;
    for (const res of [
      await root.get(`/api/news/getCategoryRoles/${missing}`),
      await root.post(`/api/news/update/${missing}`, names()),
      await root.post(`/api/news/togglestatus/${missing}`),
      await root.post(`/api/news/${missing}`),
    ]) {
      expect(res.statusCode, res.raw.req.url).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
    for (const id of ['abc', '0', '-3', '1.5', '2147483648']) {
      const res = await root.get(`/api/news/getCategoryRoles/${id}`);
      expect(res.statusCode, id).toBe(422);
      expect(res.json()).toEqual({ message: BAD_ID, errors: { id: [BAD_ID] } });
    }
  });
});

describe('POST /api/news/{id}: delete', () => {
  it('deletes an unused category', async () => {
    const c = await createCategory(root, 'Éphémère', 'Short-lived');
    const res = await root.post(`/api/news/${c.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(DONE);
    expect((await root.get(`/api/news/getCategoryRoles/${c.id}`)).json()).toEqual(NOT_FOUND);
  });

  it('refuses (422 errors.destroy) a category used by pending news or published articles, saying how many', async () => {
    const c = await createCategory(root, 'Bourse', 'Stock market');
    await pending(c, 1);
    const one = await root.post(`/api/news/${c.id}`);
    expect(one.statusCode).toBe(422);
    const oneMessage = inUse('1 article', '1', '0 publié');
    expect(one.json()).toEqual({ message: oneMessage, errors: { destroy: [oneMessage] } });

    await pending(c, 2);
    await published(c, 2);
    const five = await root.post(`/api/news/${c.id}`);
    expect(five.statusCode).toBe(422);
    expect(five.json().errors).toEqual({ destroy: [inUse('5 articles', '3', '2 publiés')] });
    // Nothing was deleted, and disabling it is allowed.
    expect((await root.get(`/api/news/getCategoryRoles/${c.id}`)).json()).toMatchObject({ id: c.id, status: 1 });
    expect((await root.post(`/api/news/togglestatus/${c.id}`)).json()).toMatchObject({ id: c.id, status: 0 });

    // Published only: still refused.
    const p = await createCategory(root, 'Publiée seulement', 'Published only');
    await published(p, 1);
    expect((await root.post(`/api/news/${p.id}`)).json().errors).toEqual({ destroy: [inUse('1 article', '0', '1 publié')] });
  });

  it('counts thousands with French grouping', async () => {
    const c = await createCategory(root, 'Volume', 'Volume');
    await pending(c, 1200);
    const fr1200 = (1200).toLocaleString('fr-FR');
    expect(fr1200).toBe('1\u202f200');
    expect((await root.post(`/api/news/${c.id}`)).json().errors).toEqual({ destroy: [inUse(`${fr1200} articles`, fr1200, '0 publié')] });
  }, 60_000);
});

describe('GET /api/news/allvalides', () => {
  it('lists the active categories only, by French name; a toggle takes one out and puts it back', async () => {
    const before = (await root.get('/api/news/allvalides')).json() as Category[];
    const zed = await createCategory(root, 'Zoologie', 'Zoology');
    const abc = await createCategory(root, 'Aéronautique', 'Aeronautics');
    const off = await createCategory(root, 'Désactivée', 'Disabled', 0);
    const res = await root.get('/api/news/allvalides');
    expect(res.statusCode).toBe(200);
    const list = res.json() as Category[];
    expect(list.every((c) => c.status === 1)).toBe(true);
    expect(list.map((c) => c.id)).not.toContain(off.id);
    expect(list).toContainEqual(zed);
    expect(list).toHaveLength(before.length + 2);
    const frNames = list.map((c) => c.name_fr);
    expect(frNames).toEqual([...frNames].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(frNames.indexOf('Aéronautique')).toBeLessThan(frNames.indexOf('Zoologie'));

    await root.post(`/api/news/togglestatus/${abc.id}`);
    expect(((await root.get('/api/news/allvalides')).json() as Category[]).map((c) => c.id)).not.toContain(abc.id);
    await root.post(`/api/news/togglestatus/${off.id}`);
    expect(((await root.get('/api/news/allvalides')).json() as Category[]).map((c) => c.id)).toContain(off.id);
    // `all` lists every category, newest first.
    const all = (await root.get('/api/news/all')).json() as Category[];
    expect(all.slice(0, 3).map((c) => c.id)).toEqual([off.id, abc.id, zed.id]);
  });

  it('is open to every signed-in administrator, not to the anonymous', async () => {
    const a = await t.newAdmin();
    expect((await a.client.get('/api/news/allvalides')).statusCode).toBe(200);
    const anon = await t.anon().get('/api/news/allvalides');
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toEqual({ message: 'Non authentifié.' });
  });
});

describe('a renamed category', () => {
  it('renames the category of its pending news; the published articles keep the theme they were published with', async () => {
    const c = await createCategory(root, 'Ancien nom', 'Old name');
    await pending(c, 1);
    await published(c, 1);
    await root.post(`/api/news/update/${c.id}`, { name_fr: 'Nouveau nom', name_en: 'New name' });
    const list = (await root.post('/api/news/filter', { search: 'Nouveau nom' })).json() as { data: Array<{ newscategory: { id: number; name_fr: string } }> };
    expect(list.data.map((x) => x.newscategory)).toEqual([{ id: c.id, name_fr: 'Nouveau nom' }]);
    const articles = (await root.post('/api/hows/listbysiren', { siren: validSiren(0, 44_000_000) })).json() as Array<{ theme: string; title: string }>;
    expect(articles.filter((a) => a.title === 'Publié 0').map((a) => a.theme)).toContain('Ancien nom');
  });
});
