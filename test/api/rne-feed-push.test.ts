/**
 * The public feed push: `POST /api/feeds/queues/{accounts|officers}` with
 * `Authorization: Bearer <FEED_TOKEN>`, sent as an external worker would (no session, no CSRF, no
 * X-Requested-With): without a token, with a wrong one, with the good one, a session instead of the token,
 * the token checked before the body, per-entry errors, and the call off (404) when FEED_TOKEN is unset.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearerMatches } from '../../server/modules/rne/feed-push';
import { createTestApp, type TestApp } from '../helpers/app';
import { validSiren } from '../helpers/sirens';
import { rowsOf } from '../../server/db/rows';

const TOKEN = 'feed-token-for-tests-0123456789abcdef';
const URL = '/api/feeds/queues/officers';

let t: TestApp;
let off: TestApp;

beforeAll(async () => {
  t = await createTestApp({ FEED_TOKEN: TOKEN });
  off = await createTestApp();
});
afterAll(async () => {
  await t?.close();
  await off?.close();
});

/** A call as an external worker sends it: JSON, and only the headers given. */
function push(app: TestApp, body: unknown, headers: Record<string, string> = {}, url = URL) {
  return app.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', ...headers }, payload: JSON.stringify(body) });
}
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function entries(siren: string) {
  return rowsOf<unknown>(t.ctx.db, sql`select queue, reason, state from rne_queue where siren = ${siren} order by id`);
}

describe('with FEED_TOKEN set', () => {
  it('refuses a call without a token: 401, nothing queued', async () => {
    const s = validSiren(1);
    const res = await push(t, { sirens: [s] });
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Bearer');
    expect(res.json()).toEqual({ message: 'Jeton de flux absent ou invalide.' });
    expect(await entries(s)).toEqual([]);
  });

  it('refuses a wrong token, a token of another length, another scheme: 401', async () => {
    const s = validSiren(2);
    for (const headers of [bearer(TOKEN.slice(0, -1) + 'X'), bearer(TOKEN + 'X'), bearer('x'), { authorization: `Basic ${TOKEN}` }, { authorization: TOKEN }]) {
      const res = await push(t, { sirens: [s] }, headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(401);
    }
    expect(await entries(s)).toEqual([]);
  });

  it('a session is not a token: a signed-in administrator without the token gets 401', async () => {
    const admin = await t.superAdmin();
    const res = await admin.post(URL, { sirens: [validSiren(3)] });
    expect(res.statusCode).toBe(401);
  });

  it('checks the token before the body: a bad body without a token is a 401, not a 422', async () => {
    expect((await push(t, { sirens: 'nope' })).statusCode).toBe(401);
    expect((await push(t, { sirens: 'nope' }, bearer(TOKEN))).statusCode).toBe(422);
  });

  it('queues with the good token, without session, CSRF or X-Requested-With; reason Flux externe by default', async () => {
    const [a, b] = [validSiren(4), validSiren(5)];
    const res = await push(t, { sirens: [a, b, a] }, bearer(TOKEN));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ queued: 2, already_waiting: 1 });
    expect(await entries(a)).toEqual([{ queue: 'officers', reason: 'Flux externe', state: 'waiting' }]);
    const again = await push(t, { sirens: [a], reason: 'Veille partenaire' }, { authorization: `bearer ${TOKEN}` }, '/api/feeds/queues/accounts');
    expect(again.json()).toMatchObject({ queued: 1, already_waiting: 0 });
    expect(await entries(a)).toEqual([
      { queue: 'officers', reason: 'Flux externe', state: 'waiting' },
      { queue: 'accounts', reason: 'Veille partenaire', state: 'waiting' },
    ]);
  });

  it('refuses the whole push when an entry is not a SIREN, naming its position; unknown queue 422', async () => {
    const good = validSiren(6);
    const res = await push(t, { sirens: [good, '123'] }, bearer(TOKEN));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.sirens).toEqual(["Ligne 2\u00a0: «\u00a0123\u00a0» n’est pas un siren valide."]);
    expect(await entries(good)).toEqual([]);
    const unknown = await push(t, { sirens: [good] }, bearer(TOKEN), '/api/feeds/queues/other');
    expect(unknown.statusCode).toBe(422);
  });
});

describe('with FEED_TOKEN unset', () => {
  it('the call is off: 404 whatever the token', async () => {
    for (const headers of [{}, bearer(TOKEN), bearer('')]) {
      const res = await push(off, { sirens: [validSiren(7)] }, headers);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Ressource introuvable.' });
    }
  });
});

describe('bearerMatches', () => {
  it('accepts exactly the token after Bearer (any case of the scheme)', () => {
    expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`BEARER   ${TOKEN} `, TOKEN)).toBe(true);
    expect(bearerMatches(undefined, TOKEN)).toBe(false);
    expect(bearerMatches('Bearer ', TOKEN)).toBe(false);
    expect(bearerMatches(`Bearer ${TOKEN} extra`, TOKEN)).toBe(false);
  });
});

describe('with FEED_PUSH_MAX_WAITING set', () => {
  let small: TestApp;
  beforeAll(async () => {
    small = await createTestApp({ FEED_TOKEN: TOKEN, FEED_PUSH_MAX_WAITING: '5' });
  });
  afterAll(async () => small?.close());

  it('refuses, whole, a push that would take the queue past the cap: 429, nothing of it queued', async () => {
    const sirens = Array.from({ length: 7 }, (_, i) => validSiren(7100 + i));
    const first = await push(small, { sirens: sirens.slice(0, 4) }, bearer(TOKEN));
    expect(first.statusCode, first.body).toBe(200);
    const refused = await push(small, { sirens: sirens.slice(4) }, bearer(TOKEN));
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json()).toEqual({ message: 'La file officers compte déjà 4 sirens en attente (au plus 5 pour le flux)\u00a0: réessayez quand elle aura avancé.' });
    const queued = await rowsOf<{ n: number }>(small.ctx.db, sql`select count(*)::int as n from rne_queue where siren = any(${sql.param(sirens.slice(4))}::text[])`);
    expect(Number(queued[0].n)).toBe(0);
    // Up to the cap it still takes them.
    expect((await push(small, { sirens: sirens.slice(4, 5) }, bearer(TOKEN))).statusCode).toBe(200);
  });
});
