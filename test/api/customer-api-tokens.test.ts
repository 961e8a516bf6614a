/**
 * The customer API's credentials (OAuth 2.0 client credentials, RFC 6749 section 4.4 and errors of section 5.2):
 * tokens from Prod and Sandbox credentials, HTTP Basic or form body, wrong secrets, unsupported grants, tokens stored
 * hashed, and tokens refused at once when the customer is deactivated or its credentials change on /customers.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../server/db/rows';
import { createTestApp, type Client, type TestApp } from '../helpers/app';
import { askToken, newCustomer, tokenOf, v1, type ApiCustomer } from '../helpers/customer-api';

let t: TestApp;
let root: Client;
beforeAll(async () => {
  t = await createTestApp();
  root = await t.superAdmin();
});
afterAll(async () => t?.close());

const basic = (id: string, secret: string) => 'Basic ' + Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64');

describe('POST /oauth/token', () => {
  it('gives a Bearer token valid one hour for the form-body credentials, stored only as its SHA-256', async () => {
    const c = await newCustomer(root);
    const res = await askToken(t, c.client_id, c.client_secret);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toEqual({ access_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), token_type: 'Bearer', expires_in: 3600 });
    const rows = await rowsOf<{ token_hash: string; environment: string }>(t.ctx.db, sql`select token_hash, environment from api_tokens where customer_id = ${c.id}`);
    expect(rows).toEqual([{ token_hash: crypto.createHash('sha256').update(body.access_token).digest('hex'), environment: 'prod' }]);
    const all = JSON.stringify(await rowsOf(t.ctx.db, sql`select * from api_tokens`));
    expect(all).not.toContain(body.access_token);
  });

  it('accepts HTTP Basic client authentication', async () => {
    const c = await newCustomer(root);
    const res = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic(c.client_id, c.client_secret) },
      payload: 'grant_type=client_credentials',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().token_type).toBe('Bearer');
  });

  it('answers invalid_client for a wrong secret, an unknown client and a secret of the other environment', async () => {
    const c = await newCustomer(root);
    for (const [id, secret] of [
      [c.client_id, c.client_secret + 'x'],
      ['unknown-client', c.client_secret],
      [c.client_id, c.client_secret_sandbox],
    ]) {
      const res = await askToken(t, id, secret);
      expect(res.statusCode, `${id}`).toBe(400);
      expect(res.json()).toEqual({ error: 'invalid_client', error_description: expect.any(String) });
    }
    const viaBasic = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic(c.client_id, 'wrong') },
      payload: 'grant_type=client_credentials',
    });
    expect(viaBasic.statusCode).toBe(401);
    expect(viaBasic.headers['www-authenticate']).toMatch(/^Basic/);
    expect(viaBasic.json().error).toBe('invalid_client');
  });

  it('answers unsupported_grant_type, unauthorized_client and invalid_request', async () => {
    const c = await newCustomer(root);
    const grant = await askToken(t, c.client_id, c.client_secret, 'urn:example:unknown');
    expect(grant.statusCode).toBe(400);
    expect(grant.json().error).toBe('unsupported_grant_type');
    // A grant the standard defines but customers are not given.
    const password = await askToken(t, c.client_id, c.client_secret, 'password');
    expect(password.statusCode).toBe(400);
    expect(password.json().error).toBe('unauthorized_client');
    const json = await t.app.inject({ method: 'POST', url: '/oauth/token', payload: { grant_type: 'client_credentials', client_id: c.client_id, client_secret: c.client_secret } });
    expect(json.statusCode).toBe(400);
    expect(json.json().error).toBe('invalid_request');
  });

  it('answers invalid_request, not the back-office error, to a request refused before the grant is read', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/oauth/token?page=%00',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=client_credentials',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'invalid_request', error_description: expect.any(String) });
  });

  it('refuses a deactivated customer', async () => {
    const c = await newCustomer(root);
    expect((await root.post(`/api/customers/togglestatus/${c.id}`)).statusCode).toBe(200);
    const res = await askToken(t, c.client_id, c.client_secret);
    expect(res.json().error).toBe('invalid_client');
  });
});

describe('bearer tokens on /v1', () => {
  const probe = '/v1/updates?limit=1';

  it('are required: none, malformed or unknown give a 401 problem with a Bearer challenge', async () => {
    const none = await v1(t, null, probe);
    expect(none.statusCode).toBe(401);
    expect(none.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(none.headers['www-authenticate']).toMatch(/^Bearer/);
    expect(none.json()).toMatchObject({ type: '/v1/problems/unauthorized', status: 401, instance: '/v1/updates' });
    const unknown = await v1(t, 'x'.repeat(43), probe);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.headers['www-authenticate']).toContain('invalid_token');
  });

  it('are refused at once when the customer is deactivated, and again accepted when reactivated', async () => {
    const c = await newCustomer(root);
    const token = await tokenOf(t, c);
    expect((await v1(t, token, probe)).statusCode).toBe(200);
    await root.post(`/api/customers/togglestatus/${c.id}`);
    expect((await v1(t, token, probe)).statusCode).toBe(401);
    await root.post(`/api/customers/togglestatus/${c.id}`);
    expect((await v1(t, token, probe)).statusCode).toBe(200);
  });

  it('are refused once the secret or the client_id of their environment changes, not when the other environment does', async () => {
    const c: ApiCustomer = await newCustomer(root);
    const prod = await tokenOf(t, c, 'prod');
    const sandbox = await tokenOf(t, c, 'sandbox');
    const body = { name: c.name, client_id: c.client_id, client_secret: c.client_secret, client_id_sandbox: c.client_id_sandbox, client_secret_sandbox: c.client_secret_sandbox, status: 1 };
    const rotated = await root.post(`/api/customers/update/${c.id}`, { ...body, client_secret: crypto.randomBytes(32).toString('base64url') });
    expect(rotated.statusCode, rotated.body).toBe(200);
    expect((await v1(t, prod, probe)).statusCode).toBe(401);
    expect((await v1(t, sandbox, '/v1/docs/json')).statusCode).toBe(200);
    const renamed = await root.post(`/api/customers/update/${c.id}`, { ...(rotated.json() as ApiCustomer), client_id_sandbox: crypto.randomBytes(16).toString('hex') });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await v1(t, sandbox, probe)).statusCode).toBe(401);
  });

  it('are refused after they expire', async () => {
    const c = await newCustomer(root);
    const token = await tokenOf(t, c);
    await t.ctx.db.execute(sql`update api_tokens set expires_at = now() - interval '1 second' where customer_id = ${c.id}`);
    const res = await v1(t, token, probe);
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toContain('invalid_token');
  });
});
