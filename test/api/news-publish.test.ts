/**
 * Pending news and publication (SPEC sections 2 "/news", "Ajouter un article", "Effacer un article", 3, 7): the pending list (`POST /api/news/filter`: sort on every column, search by SIREN,
 * title or category), Synchroniser (`GET /api/news/syncall`: every pending item published with a unique
 * identifier and its category's French name as theme), `POST /api/news/addnews` (one article published at
 * once, field errors) and the `hows` calls (`listbysiren`, `removebyidentifier`).
 * The pending news are made the way operators make them: a CSV import, then Process.
 */
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { newsItem } from '../../contract/news';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Client, type TestApp } from '../helpers/app';
import { createCategory, csvText, importDone, utf8, type Category } from '../helpers/news';
import { validSiren } from '../helpers/sirens';
import { rowsOf } from '../../server/db/rows';

const DONE = { message: 'Opération effectuée avec succès!' };
const NONE_PUBLISHED = { count: 0, message: 'Aucun article publié\u00a0: aucune news en attente.' };
const ARTICLE_GONE = { message: 'Cet article n’existe pas (déjà effacé\u00a0?).' };
const SIREN_MESSAGE = 'Le siren doit comporter 9 chiffres valides.';
const BAD_IDENTIFIER = "L’identifiant de l’article n’est pas valide.";
const BAD_COLUMN = 'La colonne de tri demandée n’est pas autorisée.';
const PENDING_DUPLICATE = 'Article déjà en attente de publication (même siren et même lien).';
const PUBLISHED_DUPLICATE = 'Article déjà publié (même siren et même lien).';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

type NewsItem = z.output<typeof newsItem>;
type NewsPage = { data: NewsItem[]; from: number | null; to: number | null; total: number; per_page: number; current_page: number; last_page: number };
type Article = { siren: string; identifier: string; title: string; theme: string; date: string };
type Pending = { siren: string; title: string; category: Category; posted: string; url?: string; name?: string; source?: string };

let t: TestApp;
let root: Client;
let agri: Category;
let bank: Category;
let trade: Category;
let off: Category;
let seq = 0;
beforeAll(async () => {
  t = await createTestApp();
  root = await t.superAdmin();
  // ASCII names: their order does not depend on the database's collation.
  agri = await createCategory(root, 'Agriculture', 'Farming');
  bank = await createCategory(root, 'Banque', 'Banking');
  trade = await createCategory(root, 'Commerce', 'Trade');
  off = await createCategory(root, 'Retiree', 'Retired', 0);
});
afterAll(async () => t?.close());

const link = () => `https://www.example.com/publish/${++seq}`;

/** Puts items in the pending list: one CSV import by a new administrator, then Process. */
async function pend(items: Pending[]): Promise<void> {
  const a = await t.newAdmin();
  const rows = items.map((i) => [i.siren, i.name ?? '', i.title, i.category.name_en, i.source ?? '', i.url ?? link(), i.posted]);
  await importDone(a.client, 'attente.csv', utf8(csvText(rows)));
  const res = await a.client.get('/api/news/process');
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().count).toBe(items.length);
}

async function filter(body: Record<string, unknown> = {}, page = 1): Promise<NewsPage> {
  const res = await root.post(`/api/news/filter?page=${page}`, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as NewsPage;
}

async function syncall(): Promise<{ count: number; message: string }> {
  const res = await root.get('/api/news/syncall');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { count: number; message: string };
}

async function listBySiren(siren: string): Promise<Article[]> {
  const res = await root.post('/api/hows/listbysiren', { siren });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Article[];
}

async function addnews(body: Record<string, unknown>) {
  return root.post('/api/news/addnews', body);
}

async function count(table: 'news' | 'published_articles'): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from ${sql.identifier(table)}`);
  return Number(row.n);
}

describe('POST /api/news/filter: the pending news', () => {
  const S = [0, 1, 2, 3].map((i) => validSiren(i, 45_000_000));
  let items: NewsItem[];
  beforeAll(async () => {
    await syncall(); // an empty pending list to start from
    await pend([
      { siren: S[0], title: 'Beta : resultats', category: agri, posted: '10/03/2026', name: 'Société Beta', source: 'Le Journal' },
      { siren: S[1], title: 'Alpha : contrat', category: trade, posted: '05/01/2026 08:00' },
      { siren: S[2], title: 'Gamma : usine', category: bank, posted: '20/02/2026' },
      { siren: S[0], title: 'Delta : cession', category: trade, posted: '2026-04-01T10:00:00+02:00' },
      { siren: S[3], title: 'Epsilon 100% : bilan', category: agri, posted: '20/02/2026' },
    ]);
    items = (await filter({ orderBy: { column: 'id', direction: 'asc' } })).data;
    expect(items).toHaveLength(5);
  });

  it('lists every pending item, newest id first, with its category and its instant', async () => {
    const page = await filter();
    expect(page).toEqual({ data: [...items].reverse(), from: 1, to: 5, total: 5, per_page: 200, current_page: 1, last_page: 1 });
    expect(items[0]).toEqual({
      id: expect.any(Number),
      siren: S[0],
      name: 'Société Beta',
      title: 'Beta : resultats',
      newscategory_id: agri.id,
      newscategory: { id: agri.id, name_fr: 'Agriculture' },
      posted: '2026-03-09T23:00:00.000Z',
      source: 'Le Journal',
      url: expect.stringMatching(/^https:\/\/www\.example\.com\/publish\/\d+$/),
    });
    expect(items.map((i) => i.posted)).toEqual(['2026-03-09T23:00:00.000Z', '2026-01-05T07:00:00.000Z', '2026-02-19T23:00:00.000Z', '2026-04-01T08:00:00.000Z', '2026-02-19T23:00:00.000Z']);
    const small = await filter({ pagination: { per_page: 10 } }, 1);
    expect(small).toMatchObject({ per_page: 10, total: 5, last_page: 1 });
  });

  const key: Record<string, (i: NewsItem) => string | number> = {
    id: (i) => i.id,
    siren: (i) => i.siren,
    title: (i) => i.title,
    newscategory: (i) => i.newscategory.name_fr,
    posted: (i) => i.posted,
  };
  for (const column of Object.keys(key)) {
    for (const direction of ['asc', 'desc'] as const) {
      it(`sorts on ${column} ${direction} (ties by id, same direction)`, async () => {
        const sign = direction === 'asc' ? 1 : -1;
        const expected = [...items].sort((a, b) => {
          const [x, y] = [key[column](a), key[column](b)];
          return sign * (x < y ? -1 : x > y ? 1 : a.id - b.id);
        });
        const page = await filter({ orderBy: { column, direction } });
        expect(page.data.map((i) => i.title)).toEqual(expected.map((i) => i.title));
      });
    }
  }

  it('refuses a sort column outside the list (422 errors.column)', async () => {
    for (const column of ['url', 'source', 'name', 'n.id; drop table news', 'category_name']) {
      const res = await root.post('/api/news/filter', { orderBy: { column, direction: 'asc' } });
      expect(res.statusCode, column).toBe(422);
      expect(res.json(), column).toEqual({ message: BAD_COLUMN, errors: { column: [BAD_COLUMN] } });
    }
  });

  it('searches by SIREN (whole, spaced, or its first digits), title, or category (French or English name)', async () => {
    const titles = async (search: string) => (await filter({ search })).data.map((i) => i.title).sort();
    expect(await titles(S[0])).toEqual(['Beta : resultats', 'Delta : cession']);
    expect(await titles(`${S[0].slice(0, 3)} ${S[0].slice(3, 6)} ${S[0].slice(6)}`)).toEqual(['Beta : resultats', 'Delta : cession']);
    expect(await titles(S[1].slice(0, 8))).toEqual(['Alpha : contrat']);
    expect(await titles(S[2].slice(0, 8) + '0')).toEqual([]);
    expect(await titles('usine')).toEqual(['Gamma : usine']);
    expect(await titles('GAMMA')).toEqual(['Gamma : usine']);
    expect(await titles('100%')).toEqual(['Epsilon 100% : bilan']);
    expect(await titles('%')).toEqual(['Epsilon 100% : bilan']);
    expect(await titles('banque')).toEqual(['Gamma : usine']);
    expect(await titles('Trade')).toEqual(['Alpha : contrat', 'Delta : cession']);
    expect(await titles('farm')).toEqual(['Beta : resultats', 'Epsilon 100% : bilan']);
    expect(await titles('introuvable')).toEqual([]);
    const page = await filter({ search: 'trade', orderBy: { column: 'posted', direction: 'desc' } });
    expect(page).toMatchObject({ total: 2, from: 1, to: 2 });
    expect(page.data.map((i) => i.title)).toEqual(['Delta : cession', 'Alpha : contrat']);
  });
});

describe('GET /api/news/syncall: Synchroniser', () => {
  it('publishes exactly the pending items, each with a unique identifier and its category’s French name as theme', async () => {
    await pend([
      { siren: validSiren(10, 45_000_000), title: 'Sync un', category: agri, posted: '01/02/2026 09:30' },
      { siren: validSiren(11, 45_000_000), title: 'Sync deux', category: bank, posted: '2026-02-02' },
    ]);
    const pending = (await filter({ orderBy: { column: 'id', direction: 'asc' } })).data;
    expect(pending.length).toBeGreaterThanOrEqual(2);
    const publishedBefore = await count('published_articles');

    const res = await syncall();
    expect(res.count).toBe(pending.length);
    expect(res.message).toMatch(new RegExp(`^${pending.length} articles publiés avec succès\\s?!$`, 'u'));
    expect(await filter()).toMatchObject({ data: [], total: 0 });
    expect(await count('news')).toBe(0);
    expect(await count('published_articles')).toBe(publishedBefore + pending.length);

    const identifiers = new Set<string>();
    for (const item of pending) {
      const articles = (await listBySiren(item.siren)).filter((a) => a.title === item.title);
      expect(articles, item.title).toEqual([{ siren: item.siren, identifier: expect.stringMatching(UUID), title: item.title, theme: item.newscategory.name_fr, date: item.posted }]);
      identifiers.add(articles[0].identifier);
    }
    expect(identifiers.size).toBe(pending.length);
    expect(await syncall()).toEqual(NONE_PUBLISHED);
  });

  it('answers 0 with "Aucun article publié" when nothing is pending, and "1 article publié" for one', async () => {
    await syncall();
    expect(await syncall()).toEqual(NONE_PUBLISHED);
    await pend([{ siren: validSiren(12, 45_000_000), title: 'Seul', category: trade, posted: '03/02/2026' }]);
    const one = await syncall();
    expect(one.count).toBe(1);
    expect(one.message).toMatch(/^1 article publié avec succès\s?!$/u);
  });

  it('publishes a few thousand items in one call', { timeout: 120_000 }, async () => {
    const siren = validSiren(13, 45_000_000);
    await pend(Array.from({ length: 3000 }, (_, i) => ({ siren, title: `Lot ${i}`, category: agri, posted: '04/02/2026' })));
    const res = await syncall();
    expect(res.count).toBe(3000);
    expect(res.message).toMatch(new RegExp(`^${(3000).toLocaleString('fr-FR')} articles publiés avec succès\\s?!$`, 'u'));
    expect(await listBySiren(siren)).toHaveLength(1000); // listbysiren gives the newest 1,000
    const [identifiers] = await rowsOf<{ n: number }>(t.ctx.db, sql`select count(distinct identifier)::int as n from published_articles where siren = ${siren}`);
    expect(Number(identifiers.n)).toBe(3000);
  });
});

describe('POST /api/news/addnews', () => {
  const valid = () => ({ newscategory_id: bank.id, siren: validSiren(20, 45_000_000), name: 'Société Exemple', title: 'Article ajouté', posted: '15/07/2026 14:30', source: 'Le Journal', url: link() });

  it('publishes one article at once (201) and answers it as the hows calls do', async () => {
    const body = { ...valid(), siren: `${validSiren(21, 45_000_000).slice(0, 3)} ${validSiren(21, 45_000_000).slice(3, 6)} ${validSiren(21, 45_000_000).slice(6)}`, title: '  Article  ajouté  ' };
    const pendingBefore = (await filter()).total;
    const res = await addnews(body);
    expect(res.statusCode, res.body).toBe(201);
    const article = res.json() as Article;
    expect(article).toEqual({ siren: validSiren(21, 45_000_000), identifier: expect.stringMatching(UUID), title: 'Article ajouté', theme: 'Banque', date: '2026-07-15T12:30:00.000Z' });
    expect(await listBySiren(validSiren(21, 45_000_000))).toEqual([article]);
    expect((await filter()).total).toBe(pendingBefore);
    // Name and source are optional; ISO dates too.
    const bare = await addnews({ newscategory_id: agri.id, siren: validSiren(22, 45_000_000), title: 'Sans nom', posted: '2026-07-15T14:30:00Z', url: link() });
    expect(bare.statusCode, bare.body).toBe(201);
    expect(bare.json()).toMatchObject({ theme: 'Agriculture', date: '2026-07-15T14:30:00.000Z' });
  });

  it('answers 422 with the error under each field, and publishes nothing', async () => {
    const before = await count('published_articles');
    const cases: Array<[Record<string, unknown>, Record<string, string[]>]> = [
      [
        // What the form sends when nothing is typed or chosen (no category is 0).
        { newscategory_id: 0, siren: '', title: '', posted: '', url: '' },
        {
          newscategory_id: ['Le champ Catégorie est obligatoire.'],
          siren: [SIREN_MESSAGE],
          title: ['Le champ Titre est obligatoire.'],
          posted: ['Le champ Date est obligatoire.'],
          url: ['Le champ Lien est obligatoire.'],
        },
      ],
      [{ ...valid(), newscategory_id: 0 }, { newscategory_id: ['Le champ Catégorie est obligatoire.'] }],
      [{ ...valid(), newscategory_id: '' }, { newscategory_id: ['Le champ Catégorie est obligatoire.'] }],
      [{ ...valid(), newscategory_id: undefined }, { newscategory_id: ['Le champ Catégorie est obligatoire.'] }],
      [{ ...valid(), newscategory_id: null }, { newscategory_id: ['Le champ Catégorie est obligatoire.'] }],
      [{ ...valid(), newscategory_id: String(bank.id), title: undefined }, { title: ['Le champ Titre est obligatoire.'] }],
      [{ ...valid(), newscategory_id: 'abc' }, { newscategory_id: ["Le champ Catégorie n’est pas valide."] }],
      [{ ...valid(), newscategory_id: 2_000_000_000 }, { newscategory_id: ['Cette catégorie n’existe pas.'] }],
      [{ ...valid(), newscategory_id: off.id }, { newscategory_id: ['La catégorie «\u00a0Retiree\u00a0» est désactivée.'] }],
      [{ ...valid(), siren: '123456789' }, { siren: [SIREN_MESSAGE] }],
      [{ ...valid(), siren: '12345678' }, { siren: [SIREN_MESSAGE] }],
      [{ ...valid(), title: '   ' }, { title: ['Le champ Titre est obligatoire.'] }],
      [{ ...valid(), title: 'x'.repeat(501) }, { title: ['Le champ Titre ne peut pas dépasser 500 caractères.'] }],
      [{ ...valid(), posted: '31/02/2026' }, { posted: ['Date invalide\u00a0: «\u00a031/02/2026\u00a0» (attendu JJ/MM/AAAA, JJ/MM/AAAA HH:mm ou ISO 8601).'] }],
      [{ ...valid(), posted: 'demain' }, { posted: ['Date invalide\u00a0: «\u00a0demain\u00a0» (attendu JJ/MM/AAAA, JJ/MM/AAAA HH:mm ou ISO 8601).'] }],
      [{ ...valid(), url: 'ftp://www.example.com/a' }, { url: ['Le lien doit être une adresse http:// ou https://\u00a0: «\u00a0ftp://www.example.com/a\u00a0».'] }],
      [{ ...valid(), url: 'www.example.com' }, { url: ['Le lien doit être une adresse http:// ou https://\u00a0: «\u00a0www.example.com\u00a0».'] }],
      [{ ...valid(), url: '' }, { url: ['Le champ Lien est obligatoire.'] }],
      [
        { ...valid(), newscategory_id: off.id, posted: 'hier', url: 'mailto:x@example.com' },
        {
          newscategory_id: ['La catégorie «\u00a0Retiree\u00a0» est désactivée.'],
          posted: ['Date invalide\u00a0: «\u00a0hier\u00a0» (attendu JJ/MM/AAAA, JJ/MM/AAAA HH:mm ou ISO 8601).'],
          url: ['Le lien doit être une adresse http:// ou https://\u00a0: «\u00a0mailto:x@example.com\u00a0».'],
        },
      ],
    ];
    for (const [body, errors] of cases) {
      const res = await addnews(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      const answer = res.json() as { message: string; errors: Record<string, string[]> };
      expect(answer.errors, JSON.stringify(body)).toEqual(errors);
      expect(Object.values(answer.errors).map((m) => m[0])).toContain(answer.message);
    }
    expect(await count('published_articles')).toBe(before);
  });

  it('gives every field error at once: a bad SIREN and no title with a bad date, link and category in one 422', async () => {
    const before = await count('published_articles');
    const res = await addnews({ newscategory_id: off.id, siren: '12', title: '', posted: 'hier', url: 'www.example.com' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      siren: [SIREN_MESSAGE],
      title: ['Le champ Titre est obligatoire.'],
      newscategory_id: ['La catégorie «\u00a0Retiree\u00a0» est désactivée.'],
      posted: ['Date invalide\u00a0: «\u00a0hier\u00a0» (attendu JJ/MM/AAAA, JJ/MM/AAAA HH:mm ou ISO 8601).'],
      url: ['Le lien doit être une adresse http:// ou https://\u00a0: «\u00a0www.example.com\u00a0».'],
    });
    // A field the schema refuses keeps the schema's message alone; odd types are no crash.
    const odd = await addnews({ newscategory_id: 'abc', siren: 123, title: ['x'], posted: 5, url: null });
    expect(odd.statusCode).toBe(422);
    expect(Object.keys(odd.json().errors).sort()).toEqual(['newscategory_id', 'posted', 'siren', 'title', 'url']);
    expect(odd.json().errors.newscategory_id).toEqual(["Le champ Catégorie n’est pas valide."]);
    expect(await count('published_articles')).toBe(before);
  });

  it('refuses a duplicate of a published or a pending article (same SIREN and link) under errors.url', async () => {
    const first = valid();
    expect((await addnews(first)).statusCode).toBe(201);
    const again = await addnews({ ...first, title: 'Autre titre' });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ message: PUBLISHED_DUPLICATE, errors: { url: [PUBLISHED_DUPLICATE] } });

    const siren = validSiren(23, 45_000_000);
    const url = link();
    await pend([{ siren, title: 'En attente', category: trade, posted: '01/01/2026', url }]);
    const pendingDup = await addnews({ ...valid(), siren, url });
    expect(pendingDup.statusCode).toBe(422);
    expect(pendingDup.json()).toEqual({ message: PENDING_DUPLICATE, errors: { url: [PENDING_DUPLICATE] } });

    // The same link for another SIREN is another article.
    expect((await addnews({ ...first, siren: validSiren(24, 45_000_000) })).statusCode).toBe(201);
  });
});

describe('POST /api/hows/listbysiren and /api/hows/removebyidentifier', () => {
  const siren = validSiren(30, 45_000_000);
  const other = validSiren(31, 45_000_000);
  let articles: Article[];
  beforeAll(async () => {
    for (const [title, posted, s] of [
      ['Ancien', '01/01/2025', siren],
      ['Récent', '01/06/2026', siren],
      ['Moyen', '2025-12-31T23:30:00Z', siren],
      ['Autre siren', '01/01/2026', other],
    ]) {
      const res = await addnews({ newscategory_id: agri.id, siren: s, title, posted, url: link() });
      expect(res.statusCode, res.body).toBe(201);
    }
    articles = await listBySiren(siren);
  });

  it('lists the SIREN’s published articles, newest first; [] for a SIREN without any', async () => {
    expect(articles.map((a) => [a.title, a.date])).toEqual([
      ['Récent', '2026-05-31T22:00:00.000Z'],
      ['Moyen', '2025-12-31T23:30:00.000Z'],
      ['Ancien', '2024-12-31T23:00:00.000Z'],
    ]);
    expect(articles.every((a) => a.siren === siren && a.theme === 'Agriculture' && UUID.test(a.identifier))).toBe(true);
    expect(await listBySiren(`${siren.slice(0, 3)} ${siren.slice(3, 6)} ${siren.slice(6)}`)).toEqual(articles);
    expect(await listBySiren(validSiren(32, 45_000_000))).toEqual([]);
  });

  it('refuses an invalid or missing SIREN (422 errors.siren)', async () => {
    for (const body of [{}, { siren: '' }, { siren: '123456789' }, { siren: 'abc' }]) {
      const res = await root.post('/api/hows/listbysiren', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json(), JSON.stringify(body)).toEqual({ message: SIREN_MESSAGE, errors: { siren: [SIREN_MESSAGE] } });
    }
  });

  it('removebyidentifier needs both the SIREN and the identifier', async () => {
    const [a] = articles;
    for (const [body, errors] of [
      [{ siren }, { identifier: [BAD_IDENTIFIER] }],
      [{ identifier: a.identifier }, { siren: [SIREN_MESSAGE] }],
      [{ siren, identifier: 'not-a-uuid' }, { identifier: [BAD_IDENTIFIER] }],
      [{}, { siren: [SIREN_MESSAGE], identifier: [BAD_IDENTIFIER] }],
    ] as const) {
      const res = await root.post('/api/hows/removebyidentifier', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors, JSON.stringify(body)).toEqual(errors);
    }
    expect(await listBySiren(siren)).toEqual(articles);
  });

  it('answers 404 for a wrong pair (another SIREN’s identifier, an unknown identifier) and removes nothing', async () => {
    const [otherArticle] = await listBySiren(other);
    for (const body of [
      { siren, identifier: otherArticle.identifier },
      { siren: other, identifier: articles[0].identifier },
      { siren, identifier: '00000000-0000-4000-8000-000000000000' },
    ]) {
      const res = await root.post('/api/hows/removebyidentifier', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(404);
      expect(res.json()).toEqual(ARTICLE_GONE);
    }
    expect(await listBySiren(siren)).toEqual(articles);
    expect(await listBySiren(other)).toEqual([otherArticle]);
  });

  it('removes the article of the right pair; again is a 404; its SIREN and link may then be published again', async () => {
    const [gone, ...rest] = await listBySiren(siren);
    const [urlRow] = await rowsOf<{ url: string }>(t.ctx.db, sql`select url from published_articles where identifier = ${gone.identifier}`);
    const url = urlRow.url;
    const res = await root.post('/api/hows/removebyidentifier', { siren: `${siren.slice(0, 3)} ${siren.slice(3)}`, identifier: gone.identifier.toUpperCase() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(DONE);
    expect(await listBySiren(siren)).toEqual(rest);
    const again = await root.post('/api/hows/removebyidentifier', { siren, identifier: gone.identifier });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual(ARTICLE_GONE);
    const republished = await addnews({ newscategory_id: bank.id, siren, title: gone.title, posted: '01/06/2026', url });
    expect(republished.statusCode, republished.body).toBe(201);
    expect(republished.json().identifier).not.toBe(gone.identifier);
  });
});
