/**
 * Sign-in, CSRF and sessions (CONVENTIONS.md section 3): `GET /api/csrf-cookie`, `POST /api/login`,
 * `POST /api/logout`, session lifetime (2 h idle, 12 h absolute) and revocation.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../server/db/schema';
import { Client, createTestApp, SUPER_EMAIL, SUPER_PASSWORD, type TestApp } from '../helpers/app';

const FAILED = 'Ces identifiants ne correspondent pas à nos enregistrements.';
const DISABLED = 'Ce compte est désactivé.';
const CSRF_EXPIRED = { message: 'La session a expiré. Rechargez la page.' };
const UNAUTHENTICATED = { message: 'Non authentifié.' };
const SESSION_COOKIE = 'vigie_session';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

type Cookie = { name: string; value: string; httpOnly?: boolean; sameSite?: string; secure?: boolean; path?: string };
const cookieOf = (res: { cookies: unknown[] }, name: string) => (res.cookies as Cookie[]).find((c) => c.name === name);

/** Number of sessions an administrator has in the database. */
async function sessionCount(adminId: number): Promise<number> {
  return (await t.ctx.db.select().from(sessions).where(eq(sessions.adminId, adminId))).length;
}

/** A client replaying a given session token (e.g. a stolen or stale cookie). */
function clientWithToken(token: string): Client {
  const c = t.anon();
  c.cookies[SESSION_COOKIE] = token;
  return c;
}

async function profileStatus(c: Client): Promise<number> {
  return (await c.get('/api/profile/getAuthUser')).statusCode;
}

describe('GET /api/csrf-cookie', () => {
  it('answers 204 and sets a readable, signed XSRF-TOKEN cookie', async () => {
    const res = await t.anon().get('/api/csrf-cookie');
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const cookie = cookieOf(res, 'XSRF-TOKEN');
    expect(cookie).toBeDefined();
    expect(cookie!.value).toMatch(/^[\w-]{20,}\.[\w-]{20,}$/);
    expect(cookie!.httpOnly).toBeFalsy();
    expect(cookie!.sameSite).toBe('Lax');
    expect(cookie!.path).toBe('/');
  });

  it('keeps a valid token and replaces a forged one', async () => {
    const c = t.anon();
    await c.ensureCsrf();
    const first = c.cookies['XSRF-TOKEN'];
    const again = await c.get('/api/csrf-cookie');
    expect(cookieOf(again, 'XSRF-TOKEN')!.value).toBe(first);

    c.cookies['XSRF-TOKEN'] = 'forged.token';
    const replaced = await c.get('/api/csrf-cookie');
    expect(cookieOf(replaced, 'XSRF-TOKEN')!.value).not.toBe('forged.token');
    expect(cookieOf(replaced, 'XSRF-TOKEN')!.value).toMatch(/^[\w-]+\.[\w-]+$/);
  });
});

describe('POST /api/login', () => {
  it('answers the profile and sets an HttpOnly SameSite=Lax session cookie', async () => {
    const c = t.anon();
    const res = await c.post('/api/login', { email: SUPER_EMAIL, password: SUPER_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: 1, firstname: '', name: 'Super admin', email: SUPER_EMAIL, avatar_url: '/default-avatar.svg', status: 1 });
    const cookie = cookieOf(res, SESSION_COOKIE);
    expect(cookie).toBeDefined();
    expect(cookie!.value.length).toBeGreaterThanOrEqual(43);
    expect(cookie!.httpOnly).toBe(true);
    expect(cookie!.sameSite).toBe('Lax');
    expect(cookie!.path).toBe('/');
    expect(cookie!.secure).toBeFalsy();
    expect(await profileStatus(c)).toBe(200);
  });

  it('issues a new session id at each sign-in and drops the previous one', async () => {
    const a = await t.newAdmin();
    const first = a.client.cookies[SESSION_COOKIE];
    await a.client.login(a.email, a.password);
    const second = a.client.cookies[SESSION_COOKIE];
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    expect(await profileStatus(a.client)).toBe(200);
    expect(await profileStatus(clientWithToken(first))).toBe(401);
    // A second browser gets its own session; both stay valid.
    const other = await t.anon().login(a.email, a.password);
    expect(other.cookies[SESSION_COOKIE]).not.toBe(second);
    expect(await profileStatus(other)).toBe(200);
    expect(await profileStatus(a.client)).toBe(200);
    expect(await sessionCount(a.id)).toBe(2);
  });

  it('refuses a wrong password and an unknown email with the same 422, and sets no session', async () => {
    const a = await t.newAdmin();
    for (const body of [
      { email: a.email, password: a.password + 'x' },
      { email: 'nobody-' + a.email, password: a.password },
    ]) {
      const c = t.anon();
      const res = await c.post('/api/login', body);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message: FAILED, errors: { email: [FAILED] } });
      expect(cookieOf(res, SESSION_COOKIE)).toBeUndefined();
      expect(await profileStatus(c)).toBe(401);
    }
  });

  it('ignores the case of the email', async () => {
    const a = await t.newAdmin({ email: 'Mixed.Case@Example.com' });
    const res = await t.anon().post('/api/login', { email: 'MIXED.CASE@EXAMPLE.COM', password: a.password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: a.id, email: a.email });
  });

  it('refuses a disabled account, revealing it only with the right password', async () => {
    const a = await t.newAdmin({ status: 0 });
    const right = await t.anon().post('/api/login', { email: a.email, password: a.password });
    expect(right.statusCode).toBe(422);
    expect(right.json()).toEqual({ message: DISABLED, errors: { email: [DISABLED] } });
    expect(cookieOf(right, SESSION_COOKIE)).toBeUndefined();
    const wrong = await t.anon().post('/api/login', { email: a.email, password: 'not-the-password' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ email: [FAILED] });
  });

  it('names the missing fields in French', async () => {
    const res = await t.anon().post('/api/login', {});
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'Le champ Email est obligatoire.',
      errors: { email: ['Le champ Email est obligatoire.'], password: ['Le champ Mot de passe est obligatoire.'] },
    });
    const blank = await t.anon().post('/api/login', { email: '  ', password: '' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors).toEqual({ email: ['Le champ Email est obligatoire.'], password: ['Le champ Mot de passe est obligatoire.'] });
  });

  it('answers 429 at the 6th failure within a minute for one email and IP, not for another email or IP', async () => {
    const a = await t.newAdmin();
    const c = t.anon();
    for (let i = 1; i <= 5; i++) {
      const res = await c.post('/api/login', { email: a.email, password: `wrong-${i}` });
      expect(res.statusCode, `attempt ${i}`).toBe(422);
    }
    const sixth = await c.post('/api/login', { email: a.email, password: 'wrong-6' });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({ message: expect.stringMatching(/^Trop de tentatives de connexion\. Veuillez réessayer dans \d+ secondes?\.$/) });
    // Locked even with the right password, whatever the case of the email.
    const right = await c.post('/api/login', { email: a.email.toUpperCase(), password: a.password });
    expect(right.statusCode).toBe(429);
    expect(cookieOf(right, SESSION_COOKIE)).toBeUndefined();

    // Another email from the same IP is not throttled.
    const b = await t.newAdmin();
    expect((await t.anon().post('/api/login', { email: b.email, password: b.password })).statusCode).toBe(200);

    // The same email from another IP is not throttled.
    await c.ensureCsrf();
    const token = c.cookies['XSRF-TOKEN'];
    const fromElsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: '10.1.2.3',
      headers: { 'x-requested-with': 'XMLHttpRequest', 'x-xsrf-token': token, cookie: `XSRF-TOKEN=${token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ email: a.email, password: a.password }),
    });
    expect(fromElsewhere.statusCode).toBe(200);
    expect(fromElsewhere.json()).toMatchObject({ id: a.id });
  });

  it('counts attempts atomically: 50 parallel wrong attempts for one email and IP give at most 5 × 422, then 429', async () => {
    const a = await t.newAdmin();
    const c = t.anon();
    await c.ensureCsrf();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => c.post('/api/login', { email: a.email, password: `wrong-parallel-${i}` })),
    );
    const codes = answers.map((r) => r.statusCode);
    const refused = codes.filter((s) => s === 422).length;
    const throttled = codes.filter((s) => s === 429).length;
    expect(refused, codes.join(',')).toBeLessThanOrEqual(5);
    expect(throttled, codes.join(',')).toBe(50 - refused);
    for (const r of answers.filter((x) => x.statusCode === 429)) {
      expect(r.json()).toEqual({ message: expect.stringMatching(/^Trop de tentatives de connexion\. Veuillez réessayer dans \d+ secondes?\.$/) });
    }
    // Still locked with the right password.
    expect((await c.post('/api/login', { email: a.email, password: a.password })).statusCode).toBe(429);
  });

  it('a successful sign-in clears the failure count', async () => {
    const a = await t.newAdmin();
    const c = t.anon();
    for (let i = 0; i < 4; i++) expect((await c.post('/api/login', { email: a.email, password: 'wrong' })).statusCode).toBe(422);
    expect((await c.post('/api/login', { email: a.email, password: a.password })).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await c.post('/api/login', { email: a.email, password: 'wrong' })).statusCode).toBe(422);
    expect((await c.post('/api/login', { email: a.email, password: 'wrong' })).statusCode).toBe(429);
  });

  it('answers 400 {message} without X-Requested-With', async () => {
    const res = await t.anon().post('/api/login', { email: SUPER_EMAIL, password: SUPER_PASSWORD }, { noXhr: true });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: "L’en-tête X-Requested-With: XMLHttpRequest est requis." });
    expect(cookieOf(res, SESSION_COOKIE)).toBeUndefined();
  });

  it('answers 419 without the CSRF header, with an unsigned token, or with a token that is not the cookie', async () => {
    const creds = { email: SUPER_EMAIL, password: SUPER_PASSWORD };

    const none = t.anon();
    await none.ensureCsrf();
    const missing = await none.post('/api/login', creds, { noCsrf: true });
    expect(missing.statusCode).toBe(419);
    expect(missing.json()).toEqual(CSRF_EXPIRED);

    // Cookie and header agree but the token was not signed by the server (planted cookie).
    const planted = t.anon();
    planted.cookies['XSRF-TOKEN'] = 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb';
    const unsigned = await planted.post('/api/login', creds);
    expect(unsigned.statusCode).toBe(419);
    expect(unsigned.json()).toEqual(CSRF_EXPIRED);

    // A valid token of another browser in the header.
    const other = t.anon();
    await other.ensureCsrf();
    const mismatch = await none.post('/api/login', creds, { noCsrf: true, headers: { 'x-xsrf-token': other.cookies['XSRF-TOKEN'] } });
    expect(mismatch.statusCode).toBe(419);
    expect(mismatch.json()).toEqual(CSRF_EXPIRED);

    // A header but no cookie.
    const noCookie = t.anon();
    const withoutCookie = await noCookie.post('/api/login', creds, { noCsrf: true, headers: { 'x-xsrf-token': other.cookies['XSRF-TOKEN'] } });
    expect(withoutCookie.statusCode).toBe(419);
  });

  it('accepts the token in X-CSRF-TOKEN too', async () => {
    const c = t.anon();
    await c.ensureCsrf();
    const res = await c.post('/api/login', { email: SUPER_EMAIL, password: SUPER_PASSWORD }, {
      noCsrf: true,
      headers: { 'x-csrf-token': c.cookies['XSRF-TOKEN'] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: 1 });
  });
});

describe('CSRF token bound to the session', () => {
  const creds = { email: SUPER_EMAIL, password: SUPER_PASSWORD };

  /** POST with an explicit XSRF token (cookie and header agreeing) and session cookie. */
  function postWithTokens(url: string, xsrf: string, session: string | undefined, body?: unknown) {
    const cookie = [session ? `${SESSION_COOKIE}=${session}` : '', `XSRF-TOKEN=${xsrf}`].filter(Boolean).join('; ');
    return t.app.inject({
      method: 'POST',
      url,
      headers: { 'x-requested-with': 'XMLHttpRequest', 'x-xsrf-token': xsrf, cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
      payload: body ? JSON.stringify(body) : undefined,
    });
  }

  it('rotates the token at sign-in: the token issued before no longer works with the new session', async () => {
    const c = t.anon();
    await c.ensureCsrf();
    const before = c.cookies['XSRF-TOKEN'];
    const res = await c.post('/api/login', creds);
    expect(res.statusCode).toBe(200);
    const issued = cookieOf(res, 'XSRF-TOKEN');
    expect(issued, 'sign-in sets a new XSRF-TOKEN').toBeDefined();
    expect(issued!.value).not.toBe(before);
    expect(issued!.httpOnly).toBeFalsy();
    // The new token works with the new session.
    expect((await c.post('/api/profile/removeAvatarAuthUser')).statusCode).toBe(200);
    // The pre-sign-in token (cookie and header agreeing) is refused with the new session.
    const stale = await postWithTokens('/api/profile/removeAvatarAuthUser', before, c.cookies[SESSION_COOKIE]);
    expect(stale.statusCode).toBe(419);
    expect(stale.json()).toEqual(CSRF_EXPIRED);
  });

  it('refuses the token of one session with another session', async () => {
    const a = await t.newAdmin();
    const b = await t.newAdmin();
    const tokenA = a.client.cookies['XSRF-TOKEN'];
    const tokenB = b.client.cookies['XSRF-TOKEN'];
    expect(tokenA).not.toBe(tokenB);
    const res = await postWithTokens('/api/profile/removeAvatarAuthUser', tokenA, b.client.cookies[SESSION_COOKIE]);
    expect(res.statusCode).toBe(419);
    expect(res.json()).toEqual(CSRF_EXPIRED);
    // Each with its own token works.
    expect((await a.client.post('/api/profile/removeAvatarAuthUser')).statusCode).toBe(200);
    expect((await b.client.post('/api/profile/removeAvatarAuthUser')).statusCode).toBe(200);
  });

  it('GET /api/csrf-cookie keeps a token of the current session and replaces one of another session', async () => {
    const a = await t.newAdmin();
    const own = a.client.cookies['XSRF-TOKEN'];
    const kept = await a.client.get('/api/csrf-cookie');
    expect(cookieOf(kept, 'XSRF-TOKEN')!.value).toBe(own);
    const anonToken = t.anon();
    await anonToken.ensureCsrf();
    a.client.cookies['XSRF-TOKEN'] = anonToken.cookies['XSRF-TOKEN'];
    const replaced = await a.client.get('/api/csrf-cookie');
    expect(cookieOf(replaced, 'XSRF-TOKEN')!.value).not.toBe(anonToken.cookies['XSRF-TOKEN']);
    expect((await a.client.post('/api/profile/removeAvatarAuthUser')).statusCode).toBe(200);
  });

  it('rotates the token at sign-out, and the next sign-in works with the new one', async () => {
    const a = await t.newAdmin();
    const during = a.client.cookies['XSRF-TOKEN'];
    const out = await a.client.post('/api/logout');
    expect(out.statusCode).toBe(204);
    const after = cookieOf(out, 'XSRF-TOKEN');
    expect(after, 'sign-out sets a new XSRF-TOKEN').toBeDefined();
    expect(after!.value).not.toBe(during);
    // The token of the ended session no longer works without a session.
    const stale = await postWithTokens('/api/login', during, undefined, { email: a.email, password: a.password });
    expect(stale.statusCode).toBe(419);
    await a.client.login(a.email, a.password);
    expect(await profileStatus(a.client)).toBe(200);
  });
});

describe('POST /api/logout', () => {
  it('answers 204, clears the cookie and destroys the session server-side', async () => {
    const a = await t.newAdmin();
    const token = a.client.cookies[SESSION_COOKIE];
    const res = await a.client.post('/api/logout');
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(a.client.cookies[SESSION_COOKIE]).toBeUndefined();
    const after = await a.client.get('/api/profile/getAuthUser');
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual(UNAUTHENTICATED);
    // Replaying the old cookie does not work either.
    expect(await profileStatus(clientWithToken(token))).toBe(401);
    expect(await sessionCount(a.id)).toBe(0);
  });

  it('answers 204 without a session and 419 without the CSRF header', async () => {
    expect((await t.anon().post('/api/logout')).statusCode).toBe(204);
    const a = await t.newAdmin();
    const res = await a.client.post('/api/logout', undefined, { noCsrf: true });
    expect(res.statusCode).toBe(419);
    expect(res.json()).toEqual(CSRF_EXPIRED);
    expect(await profileStatus(a.client)).toBe(200);
  });
});

describe('session lifetime', () => {
  const HOUR = 3600_000;
  async function age(adminId: number, values: Partial<{ createdAt: Date; lastSeenAt: Date }>) {
    await t.ctx.db.update(sessions).set(values).where(eq(sessions.adminId, adminId));
  }

  it('ends after 2 hours without a request', async () => {
    const a = await t.newAdmin();
    await age(a.id, { lastSeenAt: new Date(Date.now() - 2 * HOUR + 60_000) });
    expect(await profileStatus(a.client)).toBe(200);
    // The request above renewed last_seen_at.
    const [row] = await t.ctx.db.select().from(sessions).where(eq(sessions.adminId, a.id));
    expect(Date.now() - row.lastSeenAt.getTime()).toBeLessThan(60_000);

    await age(a.id, { lastSeenAt: new Date(Date.now() - 2 * HOUR - 60_000) });
    const res = await a.client.get('/api/profile/getAuthUser');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(UNAUTHENTICATED);
    expect(await sessionCount(a.id)).toBe(0);
  });

  it('ends 12 hours after sign-in even when active', async () => {
    const a = await t.newAdmin();
    await age(a.id, { createdAt: new Date(Date.now() - 12 * HOUR + 60_000), lastSeenAt: new Date() });
    expect(await profileStatus(a.client)).toBe(200);
    await age(a.id, { createdAt: new Date(Date.now() - 12 * HOUR - 60_000), lastSeenAt: new Date() });
    const res = await a.client.get('/api/profile/getAuthUser');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(UNAUTHENTICATED);
  });
});

describe('session revocation', () => {
  let root: Client;
  beforeAll(async () => {
    root = await t.superAdmin();
  });

  it('disabling by toggle revokes every session of the administrator (they stay revoked once re-enabled)', async () => {
    const a = await t.newAdmin();
    const second = await t.anon().login(a.email, a.password);
    expect(await sessionCount(a.id)).toBe(2);
    expect((await root.post(`/api/admins/togglestatus/${a.id}`)).json()).toMatchObject({ status: 0 });
    expect(await sessionCount(a.id)).toBe(0);
    expect((await root.post(`/api/admins/togglestatus/${a.id}`)).json()).toMatchObject({ status: 1 });
    expect(await profileStatus(a.client)).toBe(401);
    expect(await profileStatus(second)).toBe(401);
  });

  it('disabling by update (status 0) revokes every session', async () => {
    const a = await t.newAdmin({ name: 'To disable' });
    const res = await root.post(`/api/admins/update/${a.id}`, { name: 'To disable', email: a.email, status: 0 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 0 });
    expect(await sessionCount(a.id)).toBe(0);
    await root.post(`/api/admins/update/${a.id}`, { name: 'To disable', email: a.email, status: 1 });
    expect(await profileStatus(a.client)).toBe(401);
  });

  it('deleting revokes every session', async () => {
    const a = await t.newAdmin();
    expect((await root.post(`/api/admins/${a.id}`)).statusCode).toBe(200);
    const res = await a.client.get('/api/profile/getAuthUser');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(UNAUTHENTICATED);
    expect(await sessionCount(a.id)).toBe(0);
  });

  it('a password change keeps the current session and revokes the others', async () => {
    const a = await t.newAdmin();
    const elsewhere = await t.anon().login(a.email, a.password);
    const res = await a.client.post('/api/profile/updatePasswordAuthUser', {
      current: a.password,
      password: 'a-brand-new-password',
      password_confirmation: 'a-brand-new-password',
    });
    expect(res.statusCode).toBe(200);
    expect(await profileStatus(a.client)).toBe(200);
    expect(await profileStatus(elsewhere)).toBe(401);
    expect(await sessionCount(a.id)).toBe(1);
  });
});

describe('COOKIE_SECURE=true', () => {
  let secure: TestApp;
  beforeAll(async () => {
    secure = await createTestApp({ COOKIE_SECURE: 'true' });
  });
  afterAll(async () => secure?.close());

  it('marks the session and XSRF cookies Secure', async () => {
    const csrf = await secure.anon().get('/api/csrf-cookie');
    expect(cookieOf(csrf, 'XSRF-TOKEN')!.secure).toBe(true);
    const c = secure.anon();
    const res = await c.post('/api/login', { email: SUPER_EMAIL, password: SUPER_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(cookieOf(res, SESSION_COOKIE)).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
  });
});
