/**
 * Route cases (./kit.ts) of the news (categories, the import and its review, Process, the pending news,
 * Synchroniser and its undo, the published articles) and of the groups of SIRENs.
 */
import { validSiren } from '../sirens';
import { next, plain, prepared, type RouteCase } from './kit';

const category = () => ({ name_fr: `Catégorie ${next()}`, name_en: `Category ${next()}`, status: 1 });
const group = () => ({ name: `Groupe ${next()}`, status: 1 });

export const NEWS_CASES: Record<string, RouteCase> = {
  // Categories (a status resource).
  'GET /api/news/all': plain((k) => k.root.get('/api/news/all')),
  'GET /api/news/allvalides': plain((k) => k.root.get('/api/news/allvalides')),
  'POST /api/news/store': plain((k) => k.root.post('/api/news/store', category())),
  'GET /api/news/getCategoryRoles/:id': prepared(
    (k) => k.made('/api/news/store', category()),
    (k, c) => k.root.get(`/api/news/getCategoryRoles/${c.id}`),
  ),
  'POST /api/news/togglestatus/:id': prepared(
    (k) => k.made('/api/news/store', category()),
    (k, c) => k.root.post(`/api/news/togglestatus/${c.id}`),
  ),
  'POST /api/news/update/:id': prepared(
    (k) => k.made('/api/news/store', category()),
    (k, c) => k.root.post(`/api/news/update/${c.id}`, { ...category(), status: 1 }),
  ),
  'POST /api/news/:id': prepared(
    (k) => k.made('/api/news/store', category()),
    (k, c) => k.root.post(`/api/news/${c.id}`),
  ),

  // The import and its review.
  'GET /api/news/template': plain((k) => k.root.get('/api/news/template')),
  'POST /api/news/import': prepared(
    async (k) => ({ a: await k.admin(), data: await k.newsCsv() }),
    (k, { a, data }) => k.uploadNews(a.client, data),
  ),
  'GET /api/news/importjob': prepared(
    (k) => k.reviewing(),
    (_k, a) => a.client.get('/api/news/importjob'),
  ),
  'POST /api/news/filtertemporaries': prepared(
    (k) => k.reviewing(),
    (_k, a) => a.client.post('/api/news/filtertemporaries?page=1', {}),
  ),
  'GET /api/news/temporaries/export.csv': prepared(
    (k) => k.reviewing(),
    (_k, a) => a.client.get('/api/news/temporaries/export.csv'),
  ),
  'GET /api/news/remove/:id': prepared(
    async (k) => {
      const a = await k.reviewing();
      return { a, id: (await k.reviewRows(a.client))[0] };
    },
    (_k, { a, id }) => a.client.get(`/api/news/remove/${id}`),
  ),
  'POST /api/news/temporaries/bulkdelete': prepared(
    async (k) => {
      const a = await k.reviewing(3);
      return { a, ids: (await k.reviewRows(a.client)).slice(0, 2) };
    },
    (_k, { a, ids }) => a.client.post('/api/news/temporaries/bulkdelete', { ids }),
  ),
  'GET /api/news/cancel': prepared(
    (k) => k.reviewing(),
    (_k, a) => a.client.get('/api/news/cancel'),
  ),
  'GET /api/news/process': prepared(
    (k) => k.reviewing(),
    (_k, a) => a.client.get('/api/news/process'),
  ),

  // The pending news, Synchroniser and its undo.
  'POST /api/news/filter': plain((k) => k.root.post('/api/news/filter?page=1', {})),
  'GET /api/news/export.csv': plain((k) => k.root.get('/api/news/export.csv')),
  'GET /api/news/pending/imports': plain((k) => k.root.get('/api/news/pending/imports')),
  'POST /api/news/pending/:id/delete': prepared(
    (k) => k.pending(),
    (_k, a) => a.client.post(`/api/news/pending/${a.ids[0]}/delete`),
  ),
  'POST /api/news/pending/bulkdelete': prepared(
    (k) => k.pending(),
    (_k, a) => a.client.post('/api/news/pending/bulkdelete', { all: true, search: `import:${a.job.id}` }),
  ),
  'GET /api/news/syncall': prepared(
    (k) => k.pending(),
    (_k, a) => a.client.get('/api/news/syncall'),
  ),
  'POST /api/news/syncbatches': plain((k) => k.root.post('/api/news/syncbatches?page=1', {})),
  'GET /api/news/syncbatches/export.csv': plain((k) => k.root.get('/api/news/syncbatches/export.csv')),
  'POST /api/news/syncbatches/:id/undo': prepared(
    async (k) => {
      const a = await k.pending();
      await k.made('/api/news/syncbatches?page=1', {}, a.client);
      await a.client.get('/api/news/syncall');
      const page = await k.made<{ data: Array<{ id: number }> }>('/api/news/syncbatches?page=1', {});
      return page.data[0].id;
    },
    (k, id) => k.root.post(`/api/news/syncbatches/${id}/undo`),
  ),

  // Published articles.
  'POST /api/news/addnews': prepared(
    (k) => k.newsCategory(),
    (k, c) => k.root.post('/api/news/addnews', { newscategory_id: c.id, siren: validSiren(next(), 43_000_000), name: 'ACME', title: 'Un article', posted: '2026-07-15', source: 'Presse', url: `https://www.example.com/article/${next()}` }),
  ),
  'POST /api/hows/listbysiren': plain((k) => k.root.post('/api/hows/listbysiren', { siren: validSiren(1, 43_000_000) })),
  'POST /api/hows/removebyidentifier': prepared(
    async (k) => {
      const c = await k.newsCategory();
      const siren = validSiren(next(), 43_000_000);
      return k.made<{ siren: string; identifier: string }>('/api/news/addnews', { newscategory_id: c.id, siren, title: 'À effacer', posted: '2026-07-15', url: `https://www.example.com/article/${next()}` });
    },
    (k, article) => k.root.post('/api/hows/removebyidentifier', { siren: article.siren, identifier: article.identifier }),
  ),

  // Groups of SIRENs.
  'GET /api/groups/all': plain((k) => k.root.get('/api/groups/all')),
  'POST /api/groups/store': plain((k) => k.root.post('/api/groups/store', group())),
  'GET /api/groups/getGroupRoles/:id': prepared(
    (k) => k.made('/api/groups/store', group()),
    (k, g) => k.root.get(`/api/groups/getGroupRoles/${g.id}`),
  ),
  'POST /api/groups/togglestatus/:id': prepared(
    (k) => k.made('/api/groups/store', group()),
    (k, g) => k.root.post(`/api/groups/togglestatus/${g.id}`),
  ),
  'POST /api/groups/update/:id': prepared(
    (k) => k.made('/api/groups/store', group()),
    (k, g) => k.root.post(`/api/groups/update/${g.id}`, { name: `Groupe renommé ${next()}`, status: 1 }),
  ),
  'POST /api/groups/removegroup/:id': prepared(
    (k) => k.made('/api/groups/store', group()),
    (k, g) => k.root.post(`/api/groups/removegroup/${g.id}`),
  ),
  'POST /api/groups/addsirens': prepared(
    (k) => k.made('/api/groups/store', group()),
    (k, g) => k.root.post('/api/groups/addsirens', { id: g.id, sirens: [validSiren(next(), 44_000_000), validSiren(next(), 44_000_000)] }),
  ),
  'POST /api/groups/filtersirens/:id': prepared(
    (k) => k.made('/api/groups/store', group()),
    (k, g) => k.root.post(`/api/groups/filtersirens/${g.id}?page=1`, {}),
  ),
  'GET /api/groups/sirens/:id/export.csv': prepared(
    (k) => k.made('/api/groups/store', group()),
    (k, g) => k.root.get(`/api/groups/sirens/${g.id}/export.csv`),
  ),
  'POST /api/groups/removesiren/:id': prepared(
    async (k) => {
      const g = await k.made('/api/groups/store', group());
      await k.made('/api/groups/addsirens', { id: g.id, sirens: [validSiren(next(), 44_000_000)] });
      const page = await k.made<{ data: Array<{ id: number }> }>(`/api/groups/filtersirens/${g.id}?page=1`, {});
      return page.data[0].id;
    },
    (k, id) => k.root.post(`/api/groups/removesiren/${id}`),
  ),
};
