/**
 * Error contract (CONVENTIONS.md section 3): /healthz, malformed bodies, unknown routes, and 5xx that
 * never leak a stack, SQL or driver message.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Client, type TestApp } from '../helpers/app';

const GENERIC = { message: 'Une erreur est survenue!' };

let t: TestApp;
let root: Client;
beforeAll(async () => {
  t = await createTestApp();
  root = await t.superAdmin();
});
afterAll(async () => t?.close());

describe('GET /healthz', () => {
  it('answers 200 {status: ok} without session or headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });
});

describe('malformed requests', () => {
  it('a malformed JSON body answers 400 {message} without details', async () => {
    for (const c of [t.anon(), root]) {
      const url = c === root ? '/api/admins/store' : '/api/login';
      const res = await c.post(url, undefined, { payload: '{"email": "a@b.c", ', headers: { 'content-type': 'application/json' } });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ message: 'Le corps de la requête n’est pas un JSON valide.' });
    }
  });

  it('an unsupported content type answers 415 {message}', async () => {
    const res = await root.post('/api/admins/store', undefined, { payload: '<name>x</name>', headers: { 'content-type': 'application/xml' } });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: 'Type de contenu non pris en charge.' });
  });

  it('a JSON body above 1 MB answers 413 {message}', async () => {
    const res = await root.post('/api/admins/store', { name: 'x'.repeat(1024 * 1024 + 10), email: 'big@example.com', password: 'twelve-chars' });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'Le corps de la requête est trop volumineux.' });
  });
});

describe('unknown /api routes', () => {
  it('answer 401 without a session', async () => {
    for (const [method, url] of [['GET', '/api/nothing-here'], ['GET', '/api'], ['POST', '/api/admins/nothing/here']] as const) {
      const c = t.anon();
      await c.ensureCsrf();
      const res = await c.call(method, url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json(), url).toEqual({ message: 'Non authentifié.' });
    }
  });

  it('answer 404 {message} with a session', async () => {
    for (const [method, url] of [['GET', '/api/nothing-here'], ['GET', '/api/admins/getUserRoles'], ['POST', '/api/admins/nothing/here']] as const) {
      const res = await root.call(method, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ message: 'Ressource introuvable.' });
    }
  });
});

describe('server errors', () => {
  let broken: TestApp;
  let c: Client;
  beforeAll(async () => {
    broken = await createTestApp();
    c = await broken.superAdmin();
  });
  afterAll(async () => broken?.close());

  it('a failing query answers exactly {message: "Une erreur est survenue!"}', async () => {
    // The session lookup still works (it does not read password_hash); the list query does not.
    await broken.ctx.db.execute(sql`alter table admins rename column password_hash to password_hash_gone`);
    const res = await c.get('/api/admins/all');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual(GENERIC);
    await broken.ctx.db.execute(sql`alter table admins rename column password_hash_gone to password_hash`);
    expect((await c.get('/api/admins/all')).statusCode).toBe(200);
  });

  it('a missing table answers the same generic 500', async () => {
    // CASCADE: the customer API's tokens and usage reference the table.
    await broken.ctx.db.execute(sql`drop table api_customers cascade`);
    for (const [method, url] of [['GET', '/api/customers/all'], ['POST', '/api/customers/store']] as const) {
      const res = await c.call(method, url, { name: 'Acme' });
      expect(res.statusCode, url).toBe(500);
      expect(res.json(), url).toEqual(GENERIC);
    }
  });

  it('a failure inside the session guard answers the same generic 500', async () => {
    await broken.ctx.db.execute(sql`alter table sessions rename to sessions_gone`);
    const res = await c.get('/api/profile/getAuthUser');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual(GENERIC);
    await broken.ctx.db.execute(sql`alter table sessions_gone rename to sessions`);
  });

  it('/healthz answers 503 once the database is closed', async () => {
    expect((await broken.app.inject('/healthz')).statusCode).toBe(200);
    await broken.ctx.database.close();
    const res = await broken.app.inject('/healthz');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable' });
    const api = await c.get('/api/profile/getAuthUser');
    expect(api.statusCode).toBe(500);
    expect(api.json()).toEqual(GENERIC);
  });
});
