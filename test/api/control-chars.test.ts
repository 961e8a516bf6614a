/**
 * Control characters in text fields: a NUL (`\u0000`) in a text field used to
 * answer 500 on 9 routes, sign-in included (PostgreSQL refuses NUL in text). Every string field of every
 * route that takes a JSON body (read from the OpenAPI document, so later modules are covered) now answers a
 * French 422 under the field for every control character but tab, newline and CRLF.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Client, type TestApp } from '../helpers/app';
import { bodyRoutes, sample, stringFields, withLeaf, type BodyRoute } from '../helpers/openapi';

const CONTROL = /caractère de contrôle/;
/** The RNE feed push (a bearer-token route) is on, and every call carries its token. */
const FEED_TOKEN = 'control-chars-feed-token';

let t: TestApp;
let admin: Client;
let routes: BodyRoute[];
beforeAll(async () => {
  t = await createTestApp({ FEED_TOKEN });
  // A throwaway administrator: a write that would go through changes nothing important.
  admin = (await t.newAdmin()).client;
  routes = bodyRoutes(t.app);
});
afterAll(async () => t?.close());

/**
 * Sends `body` to the route (path parameters: 1, a queue name `officers`, a bulk action the route offers: `remove`
 * on the RNE queues, `deactivate` on the deals, so that the body is what gets checked), signed in except for the
 * sign-in call.
 */
function send(r: BodyRoute, body: unknown) {
  const c = r.pattern === '/api/login' ? t.anon() : admin;
  const action = r.pattern.startsWith('/api/transactions/') ? 'deactivate' : 'remove';
  const url = r.pattern.replace(/:queue\b/g, 'officers').replace(/:action\b/g, action).replace(/:\w+/g, '1');
  return c.call(r.method as 'POST', url, body, { headers: { authorization: `Bearer ${FEED_TOKEN}` } });
}

describe('a control character in any text field', () => {
  it('finds the routes with text fields, sign-in included', () => {
    const withText = routes.filter((r) => stringFields(r.schema).length > 0).map((r) => `${r.method} ${r.pattern}`);
    expect(withText).toEqual(expect.arrayContaining(['POST /api/login', 'POST /api/admins/store', 'POST /api/messages/filter', 'POST /api/groups/addsirens']));
    expect(withText.length).toBeGreaterThanOrEqual(10);
  });

  for (const [name, ch] of [['NUL', '\u0000'], ['SOH', '\u0001'], ['ESC', '\u001b'], ['DEL', '\u007f'], ['C1 NEL', '\u0085'], ['lone CR', '\r']] as const) {
    it(`${name} answers 422 under the field on every route, never a 5xx`, async () => {
      const failures: string[] = [];
      for (const r of routes) {
        for (const field of stringFields(r.schema)) {
          const body = withLeaf(sample(r.schema), field, `ab${ch}cd`);
          const res = await send(r, body);
          const top = field.split('.')[0];
          const errors = res.statusCode === 422 ? (res.json().errors as Record<string, string[]>) : {};
          if (res.statusCode !== 422 || !errors[top]?.length) failures.push(`${r.method} ${r.pattern} ${field}: ${res.statusCode} ${res.body.slice(0, 160)}`);
        }
      }
      expect(failures).toEqual([]);
    });
  }

  it('names the problem in French, with the label on fields built from the shared builders', async () => {
    const store = await admin.post('/api/admins/store', { name: 'Jean\u0000Dupont', email: 'nul@example.com', password: 'a-long-password' });
    expect(store.statusCode).toBe(422);
    expect(store.json().errors.name).toEqual(['Le champ Prénom & nom contient un caractère de contrôle non autorisé.']);
    const login = await t.anon().post('/api/login', { email: 'admin@example.com\u0000', password: 'x' });
    expect(login.statusCode).toBe(422);
    expect(login.json()).toEqual({ message: expect.stringMatching(CONTROL), errors: { email: [expect.stringMatching(CONTROL)] } });
    const search = await admin.post('/api/messages/filter?page=1', { search: 'a\u0000b' });
    expect(search.statusCode).toBe(422);
    expect(search.json().errors).toEqual({ search: [expect.stringMatching(CONTROL)] });
  });

  it('tab, newline and CRLF are not refused', async () => {
    const res = await admin.post('/api/groups/store', { name: 'Groupe\tA\r\nB\nC', status: 1 });
    expect(res.statusCode).toBe(201);
    expect(res.json().name).toBe('Groupe\tA\r\nB\nC');
    expect((await admin.post('/api/messages/filter?page=1', { search: 'a\tb\nc' })).statusCode).toBe(200);
  });
});
