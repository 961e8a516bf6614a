/**
 * `API_ONLY=true` (server/app.ts): the process serves the customer API (`/oauth/token`, `/v1`, its docs) and
 * `/healthz`, and nothing of the back-office: no `/api` route, no page. The customer is created with the customers
 * service, as the back-office of another process would.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCustomerResponse } from '../../server/modules/customers/credentials';
import { createCustomer } from '../../server/modules/customers/service';
import { createTestApp, SUPER_EMAIL, SUPER_PASSWORD, type TestApp } from '../helpers/app';
import { askToken, v1 } from '../helpers/customer-api';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ API_ONLY: 'true' });
});
afterAll(async () => t?.close());

describe('API_ONLY=true', () => {
  it('serves /oauth/token, /v1 and /healthz', async () => {
    const c = toCustomerResponse(t.ctx.box, await createCustomer(t.ctx.db, t.ctx.box, { name: 'Client API seule', status: 1 }));
    const token = await askToken(t, c.client_id, c.client_secret);
    expect(token.statusCode, token.body).toBe(200);
    const res = await v1(t, token.json().access_token, '/v1/updates?limit=1');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: [], next_cursor: '0.0', has_more: false });
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/v1/docs/json' })).statusCode).toBe(200);
  });

  it('serves nothing of the back-office: /api/login, /api/csrf-cookie, / and a page are 404', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' },
      payload: JSON.stringify({ email: SUPER_EMAIL, password: SUPER_PASSWORD }),
    });
    expect(login.statusCode).toBe(404);
    for (const url of ['/api/csrf-cookie', '/', '/login', '/news', '/api/docs/json']) {
      expect((await t.app.inject({ method: 'GET', url, headers: { 'x-requested-with': 'XMLHttpRequest' } })).statusCode, url).toBe(404);
    }
  });
});
