/**
 * Smaller points of the HTTP contract: `Cache-Control: no-store` on every
 * `/api` answer (errors included), ids and page numbers strictly decimal, and a 413 on an oversized JSON
 * body that speaks of the body, not of a file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Client, type TestApp } from '../helpers/app';
import { listApiRoutes, routeKey, type Route } from '../helpers/routes';

let t: TestApp;
let root: Client;
let apiRoutes: Route[];
beforeAll(async () => {
  t = await createTestApp();
  root = await t.superAdmin();
  apiRoutes = listApiRoutes(t.app);
});
afterAll(async () => t?.close());

describe('Cache-Control: no-store on every /api answer', () => {
  it('on every route, signed in or not, success or error', async () => {
    const anon = t.anon();
    await anon.ensureCsrf();
    // A throwaway administrator: its calls include the sign-out, and writes on id 1 (protected).
    const admin = (await t.newAdmin()).client;
    const seen: string[] = [];
    for (const r of apiRoutes) {
      for (const [who, c] of [['anon', anon], ['admin', admin]] as const) {
        const res = await c.call(r.method, r.url, r.method === 'GET' ? undefined : {});
        seen.push(`${who} ${routeKey(r)} ${res.statusCode}`);
        expect(res.headers['cache-control'], `${who} ${routeKey(r)} ${res.statusCode}`).toBe('no-store');
      }
    }
    expect(seen.length).toBeGreaterThan(20);
  });

  it('on the guard errors, unknown /api routes and oversized bodies', async () => {
    const answers = [
      await root.get('/api/profile/getAuthUser', { noXhr: true }), // 400
      await root.post('/api/admins/store', {}, { noCsrf: true }), // 419
      await t.anon().get('/api/profile/getAuthUser'), // 401
      await root.get('/api/nothing-here'), // 404
      await root.post('/api/admins/store', { name: 'x'.repeat(1024 * 1024 + 10) }), // 413
      await root.post('/api/admins/store', undefined, { payload: '{"a": ', headers: { 'content-type': 'application/json' } }), // 400
      await root.get('/api/admins/getUserRoles/%ED%A0%80'), // 400 (router: malformed escape)
      await root.get(`/api/admins/getUserRoles/${'1'.repeat(300)}`), // 414 (router: parameter over 100 characters)
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([400, 419, 401, 404, 413, 400, 400, 414]);
    expect(answers[6].json()).toEqual({ message: 'Requête invalide.' });
    expect(answers[7].json()).toEqual({ message: 'L’adresse demandée est trop longue.' });
    for (const a of answers) expect(a.headers['cache-control'], String(a.statusCode)).toBe('no-store');
  });

  it('on a router error of an /api path spelled with escapes, and not on one outside /api', async () => {
    const api = await root.get('/%61pi/admins/getUserRoles/%ED%A0%80');
    expect(api.statusCode).toBe(400);
    expect(api.headers['cache-control']).toBe('no-store');
    const outside = await root.get('/%61ssets/%ED%A0%80');
    expect(outside.statusCode).toBe(400);
    expect(outside.headers['cache-control']).not.toBe('no-store');
  });
});

describe('ids and page numbers are strictly decimal', () => {
  const notDecimal = ['0x1', ' 1', '1 ', '1.0', '1e0', '+1', '01x', '1,0', '٣', '0b1', '0o1', 'Infinity'];

  it('a path id that is not plain digits answers 422 or 404, never reaches the row 1', async () => {
    for (const id of notDecimal) {
      const res = await root.get(`/api/admins/getUserRoles/${encodeURIComponent(id)}`);
      expect([422, 404], `${JSON.stringify(id)}: ${res.statusCode} ${res.body}`).toContain(res.statusCode);
      expect(res.json().id, JSON.stringify(id)).toBeUndefined();
    }
    expect((await root.get('/api/admins/getUserRoles/1')).json()).toMatchObject({ id: 1 });
  });

  it('a page number that is not plain digits answers 422 errors.page', async () => {
    for (const page of notDecimal) {
      const res = await root.post(`/api/messages/filter?page=${encodeURIComponent(page)}`, {});
      expect(res.statusCode, `${JSON.stringify(page)}: ${res.body}`).toBe(422);
      expect(res.json().errors.page, JSON.stringify(page)).toEqual([expect.any(String)]);
    }
    expect((await root.post('/api/messages/filter?page=1', {})).statusCode).toBe(200);
    expect((await root.post('/api/messages/filter', {})).json()).toMatchObject({ current_page: 1 });
  });
});

describe('an oversized JSON body', () => {
  it('answers 413 saying that the body is too large', async () => {
    const res = await root.post('/api/admins/store', { name: 'x'.repeat(1024 * 1024 + 10), email: 'big@example.com', password: 'twelve-chars' });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'Le corps de la requête est trop volumineux.' });
  });

  it('on addsirens too (8 MB limit)', async () => {
    const sirens = Array.from({ length: 900_000 }, () => '123456789');
    const res = await root.post('/api/groups/addsirens', { id: 1, sirens });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'Le corps de la requête est trop volumineux.' });
  });
});
