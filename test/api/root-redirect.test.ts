/**
 * `GET /` serves the app: a signed-in administrator is sent to `/home`, anyone else to
 * `/login` (302, never cached, varies with the cookie); a stale or revoked session counts as signed out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('GET /', () => {
  it('redirects to /login without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(String(res.headers.vary)).toMatch(/cookie/i);
  });

  it('redirects to /home with a valid session, and to /login once it is revoked', async () => {
    const a = await t.newAdmin();
    const cookie = `vigie_session=${a.client.cookies.vigie_session}`;
    const signedIn = await t.app.inject({ method: 'GET', url: '/', headers: { cookie } });
    expect(signedIn.statusCode).toBe(302);
    expect(signedIn.headers.location).toBe('/home');
    expect(signedIn.headers['cache-control']).toBe('no-store');

    expect((await a.client.post('/api/logout')).statusCode).toBe(204);
    const after = await t.app.inject({ method: 'GET', url: '/', headers: { cookie } });
    expect(after.statusCode).toBe(302);
    expect(after.headers.location).toBe('/login');
  });

  it('redirects to /login for an unknown session cookie and keeps the query string out', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/?x=1', headers: { cookie: 'vigie_session=not-a-session' } });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login');
  });

  it('answers HEAD / like GET', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login');
  });
});
