/**
 * `/home` data: `GET /api/dashboard/stats` (active and total records of each counting module) and
 * `GET /api/config` (front-end settings).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Client, type TestApp } from '../helpers/app';
import { createDeal } from '../helpers/deals';

let t: TestApp;
let root: Client;
beforeAll(async () => {
  t = await createTestApp({ API_DOCS_URL: 'https://docs.example.test/api-v2' });
  root = await t.superAdmin();
});
afterAll(async () => t?.close());

const stats = async () => {
  const res = await root.get('/api/dashboard/stats');
  expect(res.statusCode).toBe(200);
  return res.json();
};

describe('GET /api/dashboard/stats', () => {
  it('counts active and total administrators and customers (no group yet)', async () => {
    expect(await stats()).toEqual({ admins: { active: 1, total: 1 }, customers: { active: 0, total: 0 }, groups: { active: 0, total: 0 }, news: { active: 0, total: 0 }, deals: { active: 0, total: 0 } });

    await t.newAdmin();
    await t.newAdmin({ status: 0 });
    const ids: number[] = [];
    for (const status of [1, 1, 0]) ids.push((await root.post('/api/customers/store', { name: 'C', status })).json().id);
    expect(await stats()).toEqual({ admins: { active: 2, total: 3 }, customers: { active: 2, total: 3 }, groups: { active: 0, total: 0 }, news: { active: 0, total: 0 }, deals: { active: 0, total: 0 } });

    await root.post(`/api/customers/togglestatus/${ids[0]}`);
    await root.post(`/api/customers/${ids[1]}`);
    expect(await stats()).toEqual({ admins: { active: 2, total: 3 }, customers: { active: 0, total: 2 }, groups: { active: 0, total: 0 }, news: { active: 0, total: 0 }, deals: { active: 0, total: 0 } });
  });

  it('counts active and total groups on the server (the browser no longer loads every group to count them)', async () => {
    const before = (await stats()).groups;
    expect(before).toEqual({ active: expect.any(Number), total: expect.any(Number) });

    const ids: number[] = [];
    for (const status of [1, 1, 0]) {
      const res = await root.post('/api/groups/store', { name: `Tableau de bord ${ids.length} ${Date.now()}`, status });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().id);
    }
    expect((await stats()).groups).toEqual({ active: before.active + 2, total: before.total + 3 });

    expect((await root.post(`/api/groups/togglestatus/${ids[2]}`)).statusCode).toBe(200);
    expect((await root.post(`/api/groups/removegroup/${ids[0]}`)).statusCode).toBe(200);
    // The disabled one enabled (3 active of 3), then an active one deleted (2 of 2).
    expect((await stats()).groups).toEqual({ active: before.active + 2, total: before.total + 2 });
  });

  it('counts active and total news categories', async () => {
    const before = (await stats()).news;
    for (const [fr, status] of [['Tableau A', 1], ['Tableau B', 0]] as const) {
      expect((await root.post('/api/news/store', { name_fr: `${fr} ${Date.now()}`, name_en: `${fr} en ${Date.now()}`, status })).statusCode).toBe(201);
    }
    expect((await stats()).news).toEqual({ active: before.active + 1, total: before.total + 2 });
  });

  it('counts active and total deals', async () => {
    const before = (await stats()).deals;
    const kept = await createDeal(root);
    const off = await createDeal(root);
    expect((await root.post(`/api/transactions/toggledeal/${off.id}`)).statusCode).toBe(200);
    expect((await stats()).deals).toEqual({ active: before.active + 1, total: before.total + 2 });
    expect((await root.post('/api/transactions/removedeal', { id: kept.id })).statusCode).toBe(200);
    expect((await stats()).deals).toEqual({ active: before.active, total: before.total + 1 });
  });

  it('answers exactly one {active, total} counter per registered module: admins, customers, groups, news categories and deals', async () => {
    const body = await stats();
    expect(Object.keys(body).sort()).toEqual(['admins', 'customers', 'deals', 'groups', 'news']);
    for (const counts of Object.values(body)) expect(counts).toEqual({ active: expect.any(Number), total: expect.any(Number) });
  });

  it('needs a session', async () => {
    const res = await t.anon().get('/api/dashboard/stats');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Non authentifié.' });
  });
});

describe('GET /api/config', () => {
  it('returns the URLs of the environment (API_DOCS_URL, and the defaults of COMPANY_PAGE_URL / REGISTER_PAGE_URL)', async () => {
    const res = await root.get('/api/config');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      api_docs_url: 'https://docs.example.test/api-v2',
      company_page_url: 'https://annuaire-entreprises.data.gouv.fr/entreprise/{siren}',
      register_page_url: 'https://data.inpi.fr/entreprises/{siren}',
    });
  });
});
