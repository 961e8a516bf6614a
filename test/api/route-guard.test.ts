/**
 * The `/api` guard on every registered route (CONVENTIONS.md section 3), discovered from the running app
 * so that routes added later by other modules are covered without editing this file:
 * 401 without a session (except the public sign-in calls), 419 without the CSRF header on every write,
 * 400 without `X-Requested-With`. The bearer-token routes (the RNE feed push) are outside that guard:
 * they check their own token (test/api/rne-feed-push.test.ts) and are off (404) without FEED_TOKEN, as here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Client, type TestApp } from '../helpers/app';
import { listApiRoutes, listRoutes, routeKey, type Route } from '../helpers/routes';

// The code step of a sign-in is public: it reads its own pending session (a second factor is waited for).
const PUBLIC = new Set(['GET /api/csrf-cookie', 'POST /api/login', 'POST /api/login/code', 'POST /api/logout']);
/** Routes authenticated by their own bearer token instead of the session (no CSRF, no X-Requested-With). */
const BEARER = new Set(['POST /api/feeds/queues/:queue']);
const FEED_PUSH_OFF = { message: 'Ressource introuvable.' };
const UNAUTHENTICATED = { message: 'Non authentifié.' };
const CSRF_EXPIRED = { message: 'La session a expiré. Rechargez la page.' };

const key = routeKey;

let t: TestApp;
let routes: Route[];
let apiRoutes: Route[];
beforeAll(async () => {
  t = await createTestApp();
  routes = listRoutes(t.app);
  apiRoutes = listApiRoutes(t.app);
});
afterAll(async () => t?.close());

describe('route discovery', () => {
  it('finds every registered route, including every route of the OpenAPI document', () => {
    // Each discovered route really exists (hasRoute does not match the static-file wildcards)...
    for (const r of routes.filter((x) => !x.pattern.endsWith('*'))) expect(t.app.hasRoute({ method: r.method, url: r.pattern }), key(r)).toBe(true);
    // ...and nothing documented is missed by the parser.
    const documented = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const found = new Set(routes.map(key));
    const missing: string[] = [];
    for (const [p, ops] of Object.entries(documented.paths)) {
      for (const m of Object.keys(ops)) {
        const k = `${m.toUpperCase()} ${p.replace(/\{(\w+)\}/g, ':$1')}`;
        if (m !== 'head' && !found.has(k)) missing.push(k);
      }
    }
    expect(missing).toEqual([]);
    expect(apiRoutes.length).toBeGreaterThanOrEqual(Object.keys(documented.paths).length);
    expect(found).toContain('POST /api/admins/update/:id');
  });
});

describe('without a session', () => {
  let anon: Client;
  beforeAll(async () => {
    anon = t.anon();
    await anon.ensureCsrf();
  });

  it('every /api route answers 401 {message} except the public sign-in calls and the bearer routes', async () => {
    const reachable: string[] = [];
    for (const r of apiRoutes) {
      const res = await anon.call(r.method, r.url);
      if (BEARER.has(key(r))) {
        // FEED_TOKEN is unset in this app: the call is off.
        expect({ route: key(r), status: res.statusCode, body: res.json() }).toEqual({ route: key(r), status: 404, body: FEED_PUSH_OFF });
        continue;
      }
      if (PUBLIC.has(key(r))) {
        expect(res.statusCode, key(r)).not.toBe(401);
        reachable.push(key(r));
        continue;
      }
      expect({ route: key(r), status: res.statusCode, body: res.json() }).toEqual({ route: key(r), status: 401, body: UNAUTHENTICATED });
    }
    expect(reachable.sort()).toEqual([...PUBLIC].sort());
  });

  it('a percent-encoded path cannot slip past the guard', async () => {
    for (const r of apiRoutes.filter((x) => !PUBLIC.has(key(x)) && !BEARER.has(key(x)))) {
      for (const url of [r.url.replace('/api/', '/%61pi/'), r.url.replace('/api/', '/%61%70%69/')]) {
        const res = await anon.call(r.method, url);
        expect({ url, status: res.statusCode, body: res.json() }).toEqual({ url, status: 401, body: UNAUTHENTICATED });
      }
    }
  });

  it('the avatar files need a session too', async () => {
    const res = await anon.get('/avatars/1-abcdefgh.webp');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(UNAUTHENTICATED);
  });
});

describe('with a session', () => {
  let client: Client;
  beforeAll(async () => {
    // A throwaway administrator: if the guard ever let a write through, nothing important changes.
    client = (await t.newAdmin()).client;
  });

  it('every non-GET /api route answers 419 without the CSRF header', async () => {
    const writes = apiRoutes.filter((r) => r.method !== 'GET' && !BEARER.has(key(r)));
    expect(writes.length).toBeGreaterThan(0);
    for (const r of writes) {
      const res = await client.call(r.method, r.url, undefined, { noCsrf: true });
      expect({ route: key(r), status: res.statusCode, body: res.json() }).toEqual({ route: key(r), status: 419, body: CSRF_EXPIRED });
    }
    // The session survived all of it.
    expect((await client.get('/api/profile/getAuthUser')).statusCode).toBe(200);
  });

  it('every /api route answers 400 {message} without X-Requested-With', async () => {
    for (const r of apiRoutes.filter((x) => !BEARER.has(key(x)))) {
      const res = await client.call(r.method, r.url, undefined, { noXhr: true });
      expect({ route: key(r), status: res.statusCode }).toEqual({ route: key(r), status: 400 });
      expect(res.json()).toEqual({ message: expect.stringContaining('X-Requested-With') });
    }
  });

  it('every GET /api route answers without a server error', async () => {
    for (const r of apiRoutes.filter((x) => x.method === 'GET')) {
      const res = await client.get(r.url);
      expect(res.statusCode, `${key(r)}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
    }
  });
});

describe('API documentation', () => {
  it('is served at /api/docs to a signed-in administrator without X-Requested-With', async () => {
    const client = await t.superAdmin();
    const res = await client.get('/api/docs/json', { noXhr: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ openapi: expect.any(String), paths: expect.objectContaining({ '/api/login': expect.any(Object) }) });
  });

  it('is not readable without a session', async () => {
    const res = await t.anon().get('/api/docs/json', { noXhr: true });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(UNAUTHENTICATED);
  });
});
