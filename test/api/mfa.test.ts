/**
 * Second factor of the administrators: enrolment from the profile (QR code, secret, first code, ten
 * recovery codes), the code step of the sign-in (pending session, TOTP or single-use recovery code,
 * throttled like the password), disabling with a current code, the MFA_REQUIRED gate, and the step-up
 * before a customer's secret changes (a code of the last 10 minutes, aged in the database).
 * Codes are made with `otpauth` from the secret the enrolment shows.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMfa, adminMfaRecoveryCodes, apiCustomers, sessions } from '../../server/db/schema';
import { totpOf } from '../../server/modules/auth/mfa';
import { createTestApp, type Client, type TestApp } from '../helpers/app';

const INVALID = 'Le code de vérification est invalide.';
const THROTTLED = /^Trop de tentatives de connexion\. Veuillez réessayer dans \d+ secondes?\.$/;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

/** A TOTP code of `secret` for now, valid whatever the factor accepted before (its replay guard is reset). */
async function code(adminId: number, secret: string): Promise<string> {
  await t.ctx.db.update(adminMfa).set({ lastStep: null }).where(eq(adminMfa.adminId, adminId));
  return totpOf(secret).generate();
}

/** Enrols `client`'s administrator; returns the secret and the recovery codes. */
async function enrol(client: Client, adminId: number): Promise<{ secret: string; recovery: string[] }> {
  const setup = await client.post('/api/profile/mfa/setup');
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret } = setup.json() as { secret: string };
  const res = await client.post('/api/profile/mfa/enable', { code: await code(adminId, secret) });
  expect(res.statusCode, res.body).toBe(200);
  return { secret, recovery: (res.json() as { recovery_codes: string[] }).recovery_codes };
}

/** A new administrator with an enrolled second factor. */
async function mfaAdmin() {
  const a = await t.newAdmin();
  return { ...a, ...(await enrol(a.client, a.id)) };
}

/** Password step of a sign-in on a new client; expects the 202 challenge. */
async function passwordStep(email: string, password: string): Promise<Client> {
  const c = t.anon();
  const res = await c.post('/api/login', { email, password });
  expect(res.statusCode, res.body).toBe(202);
  expect(res.json()).toEqual({ two_factor: true, message: 'Saisissez le code de vérification.' });
  return c;
}

describe('enrolment from the profile', () => {
  it('shows a QR code and the secret, keeps the secret sealed, enables with the first code and gives 10 recovery codes once', async () => {
    const a = await t.newAdmin();
    expect((await a.client.get('/api/profile/mfa')).json()).toEqual({ enabled: false, enabled_at: null, recovery_codes_left: 0, required: false });

    const setup = await a.client.post('/api/profile/mfa/setup');
    expect(setup.statusCode).toBe(200);
    const body = setup.json() as { secret: string; otpauth_url: string; qr_code: string };
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(body.otpauth_url).toBe(`otpauth://totp/Vigie:${encodeURIComponent(a.email)}?issuer=Vigie&secret=${body.secret}&algorithm=SHA1&digits=6&period=30`);
    expect(body.qr_code).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/=]{200,}$/);
    const [row] = await t.ctx.db.select().from(adminMfa).where(eq(adminMfa.adminId, a.id));
    expect(row.secretEnc).toMatch(/^v1\./);
    expect(row.secretEnc).not.toContain(body.secret);
    expect(t.ctx.box.decrypt(row.secretEnc)).toBe(body.secret);
    expect(row.enabledAt).toBeNull();

    const wrong = await a.client.post('/api/profile/mfa/enable', { code: '000000' === totpOf(body.secret).generate() ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({ message: INVALID, errors: { code: [INVALID] } });

    const ok = await a.client.post('/api/profile/mfa/enable', { code: totpOf(body.secret).generate() });
    expect(ok.statusCode, ok.body).toBe(200);
    const codes = (ok.json() as { recovery_codes: string[] }).recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const stored = await t.ctx.db.select().from(adminMfaRecoveryCodes).where(eq(adminMfaRecoveryCodes.adminId, a.id));
    expect(stored).toHaveLength(10);
    for (const s of stored) expect(codes.join(' ')).not.toContain(s.codeHash);

    const status = (await a.client.get('/api/profile/mfa')).json() as { enabled: boolean; recovery_codes_left: number; enabled_at: string };
    expect(status).toMatchObject({ enabled: true, recovery_codes_left: 10 });
    expect(Date.parse(status.enabled_at)).toBeGreaterThan(Date.now() - 60_000);
    // A second setup would replace an enabled secret: refused.
    const again = await a.client.post('/api/profile/mfa/setup');
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.code).toEqual(['La double authentification est déjà activée.']);
  });

  it('refuses a confirmation before any setup', async () => {
    const a = await t.newAdmin();
    const res = await a.client.post('/api/profile/mfa/enable', { code: '123456' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.code).toEqual(['Commencez par afficher le QR code.']);
  });
});

describe('sign-in with a second factor', () => {
  it('the password step gives a pending session that serves nothing; the code step gives a new full session', async () => {
    const a = await mfaAdmin();
    const c = await passwordStep(a.email, a.password);
    const pendingToken = c.cookies.vigie_session;
    const pendingCookies = { ...c.cookies };
    expect(pendingToken).toBeTruthy();
    expect((await c.get('/api/profile/getAuthUser')).statusCode).toBe(401);
    expect((await c.get('/api/admins/all')).statusCode).toBe(401);
    expect((await c.post('/api/mfa/step-up', { code: '123456' })).statusCode).toBe(401);

    const res = await c.post('/api/login/code', { code: await code(a.id, a.secret) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: a.id, email: a.email });
    expect(c.cookies.vigie_session).not.toBe(pendingToken);
    expect((await c.get('/api/profile/getAuthUser')).statusCode).toBe(200);
    // The pending token is gone: replaying it reaches nothing.
    const replay = t.anon();
    Object.assign(replay.cookies, pendingCookies);
    expect((await replay.post('/api/login/code', { code: await code(a.id, a.secret) })).statusCode).toBe(422);
  });

  it('refuses a code already accepted (replay within its 30 s step)', async () => {
    const a = await mfaAdmin();
    const first = await passwordStep(a.email, a.password);
    const c = await code(a.id, a.secret);
    expect((await first.post('/api/login/code', { code: c })).statusCode).toBe(200);
    const second = await passwordStep(a.email, a.password);
    const res = await second.post('/api/login/code', { code: c });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.code).toEqual([INVALID]);
  });

  it('throttles wrong codes like passwords: 5 tries a minute, then 429 even for the right code', async () => {
    const a = await mfaAdmin();
    const c = await passwordStep(a.email, a.password);
    const good = await code(a.id, a.secret);
    const bad = good === '000000' ? '999999' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await c.post('/api/login/code', { code: bad });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.code).toEqual([INVALID]);
    }
    const locked = await c.post('/api/login/code', { code: good });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(THROTTLED);
  });

  it('a recovery code signs in once, in any case and with or without its dash', async () => {
    const a = await mfaAdmin();
    const [rc] = a.recovery;
    const c = await passwordStep(a.email, a.password);
    const res = await c.post('/api/login/code', { code: ` ${rc.toUpperCase().replace('-', '')} ` });
    expect(res.statusCode, res.body).toBe(200);
    expect(((await c.get('/api/profile/mfa')).json() as { recovery_codes_left: number }).recovery_codes_left).toBe(9);

    const again = await passwordStep(a.email, a.password);
    const reused = await again.post('/api/login/code', { code: rc });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().errors.code).toEqual([INVALID]);
  });

  it('a recovery code is not accepted where a current code is asked (step-up, disable)', async () => {
    const a = await mfaAdmin();
    expect((await a.client.post('/api/mfa/step-up', { code: a.recovery[0] })).statusCode).toBe(422);
    expect((await a.client.post('/api/profile/mfa/disable', { code: a.recovery[0] })).statusCode).toBe(422);
  });

  it('a pending sign-in expires after 5 minutes', async () => {
    const a = await mfaAdmin();
    const c = await passwordStep(a.email, a.password);
    const id = (await t.ctx.db.select().from(sessions).where(eq(sessions.adminId, a.id))).find((s) => s.mfaPending)!.id;
    await t.ctx.db.update(sessions).set({ createdAt: new Date(Date.now() - 6 * 60_000) }).where(eq(sessions.id, id));
    const res = await c.post('/api/login/code', { code: await code(a.id, a.secret) });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.code).toEqual(['La vérification a expiré\u00a0: reconnectez-vous.']);
  });

  it('the code step without a pending sign-in is refused', async () => {
    const res = await t.anon().post('/api/login/code', { code: '123456' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.code).toEqual(['La vérification a expiré\u00a0: reconnectez-vous.']);
  });
});

describe('disabling', () => {
  it('needs a current code, then the sign-in asks the password only', async () => {
    const a = await mfaAdmin();
    const bad = await a.client.post('/api/profile/mfa/disable', { code: '12345' });
    expect(bad.statusCode).toBe(422);
    const res = await a.client.post('/api/profile/mfa/disable', { code: await code(a.id, a.secret) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ enabled: false, recovery_codes_left: 0 });
    expect(await t.ctx.db.select().from(adminMfaRecoveryCodes).where(eq(adminMfaRecoveryCodes.adminId, a.id))).toHaveLength(0);
    expect((await t.anon().post('/api/login', { email: a.email, password: a.password })).statusCode).toBe(200);
  });
});

describe('step-up before a customer secret changes', () => {
  async function customer(client: Client) {
    const res = await client.post('/api/customers/store', { name: 'Client step-up ' + Math.random() });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Record<string, unknown> & { id: number; client_secret: string; client_secret_sandbox: string };
  }
  const body = (c: Record<string, unknown>, over: Record<string, unknown> = {}) => ({
    name: c.name,
    client_id: c.client_id,
    client_secret: c.client_secret,
    client_id_sandbox: c.client_id_sandbox,
    client_secret_sandbox: c.client_secret_sandbox,
    ...over,
  });
  /** Ages the last accepted code of every session of `adminId` by `minutes`. */
  async function ageCode(adminId: number, minutes: number) {
    await t.ctx.db.update(sessions).set({ mfaVerifiedAt: new Date(Date.now() - minutes * 60_000) }).where(eq(sessions.adminId, adminId));
  }

  it('asks for a code once per 10 minutes, only when a secret changes, and the code unlocks the retry', async () => {
    const a = await mfaAdmin();
    const cust = await customer(a.client);
    // The enrolment's code is fresh: no question.
    const fresh = await a.client.post(`/api/customers/update/${cust.id}`, body(cust, { client_secret: 'a-new-secret-value-0001' }));
    expect(fresh.statusCode, fresh.body).toBe(200);

    await ageCode(a.id, 9);
    expect((await a.client.post(`/api/customers/update/${cust.id}`, body(cust, { client_secret: 'a-new-secret-value-0002' }))).statusCode).toBe(200);

    await ageCode(a.id, 11);
    const asked = await a.client.post(`/api/customers/update/${cust.id}`, body(cust, { client_secret_sandbox: 'a-new-secret-value-0003' }));
    expect(asked.statusCode).toBe(403);
    expect(asked.json()).toEqual({ message: 'Saisissez un code de vérification pour confirmer cette opération.', code: 'mfa_step_up' });
    const [unchanged] = await t.ctx.db.select().from(apiCustomers).where(eq(apiCustomers.id, cust.id));
    expect(unchanged.clientSecretSandboxHash).toBe(t.ctx.box.hmac(cust.client_secret_sandbox));
    // A change that leaves the secrets alone needs no code.
    const renamed = await a.client.post(`/api/customers/update/${cust.id}`, body(cust, { client_secret: 'a-new-secret-value-0002', name: 'Renamed ' + cust.id }));
    expect(renamed.statusCode, renamed.body).toBe(200);

    const wrong = await a.client.post('/api/mfa/step-up', { code: 'abcdef' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.code).toEqual([INVALID]);
    expect((await a.client.post('/api/mfa/step-up', { code: await code(a.id, a.secret) })).statusCode).toBe(204);
    const retried = await a.client.post(`/api/customers/update/${cust.id}`, body(cust, { client_secret: 'a-new-secret-value-0002', client_secret_sandbox: 'a-new-secret-value-0003' }));
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().client_secret_sandbox).toBe('a-new-secret-value-0003');
  });

  it('reading the customers’ secrets (list and one customer) asks for a code once per 10 minutes too', async () => {
    const a = await mfaAdmin();
    const cust = await customer(a.client);
    expect((await a.client.get('/api/customers/all')).statusCode).toBe(200);
    await ageCode(a.id, 11);
    for (const url of ['/api/customers/all', `/api/customers/getUserRoles/${cust.id}`]) {
      const res = await a.client.get(url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({ message: 'Saisissez un code de vérification pour confirmer cette opération.', code: 'mfa_step_up' });
    }
    expect((await a.client.post('/api/mfa/step-up', { code: await code(a.id, a.secret) })).statusCode).toBe(204);
    expect((await a.client.get('/api/customers/all')).statusCode).toBe(200);
    const one = await a.client.get(`/api/customers/getUserRoles/${cust.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().client_secret).toBe(cust.client_secret);
  });

  it('the step-up is throttled like the sign-in', async () => {
    const a = await mfaAdmin();
    for (let i = 0; i < 5; i++) expect((await a.client.post('/api/mfa/step-up', { code: '000001' })).statusCode).toBe(422);
    const res = await a.client.post('/api/mfa/step-up', { code: await code(a.id, a.secret) });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(THROTTLED);
  });

  it('an administrator without a second factor is not asked', async () => {
    const a = await t.newAdmin();
    const cust = await customer(a.client);
    const res = await a.client.post(`/api/customers/update/${cust.id}`, body(cust, { client_secret: 'another-secret-value-0001' }));
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('MFA_REQUIRED=true', () => {
  let r: TestApp;
  beforeAll(async () => {
    r = await createTestApp({ MFA_REQUIRED: 'true' });
  });
  afterAll(async () => r?.close());

  it('an administrator without a second factor reaches only the enrolment until enrolled, and cannot disable it', async () => {
    const a = await r.newAdmin();
    const denied = await a.client.get('/api/admins/all');
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({
      message: 'La double authentification est obligatoire\u00a0: activez-la dans Mon profil avant de continuer.',
      code: 'mfa_enrolment_required',
    });
    expect((await a.client.get('/api/profile/sessions')).statusCode).toBe(403);
    expect((await a.client.post('/api/profile/updateAuthUser', { name: 'x', email: a.email })).statusCode).toBe(403);
    expect((await a.client.get('/api/profile/getAuthUser')).statusCode).toBe(200);
    expect((await a.client.get('/api/profile/mfa')).json()).toMatchObject({ enabled: false, required: true });

    const setup = await a.client.post('/api/profile/mfa/setup');
    expect(setup.statusCode).toBe(200);
    const { secret } = setup.json() as { secret: string };
    // Still refused while the enrolment waits for its first code.
    expect((await a.client.get('/api/admins/all')).statusCode).toBe(403);
    expect((await a.client.post('/api/profile/mfa/enable', { code: totpOf(secret).generate() })).statusCode).toBe(200);
    expect((await a.client.get('/api/admins/all')).statusCode).toBe(200);

    const off = await a.client.post('/api/profile/mfa/disable', { code: totpOf(secret).generate() });
    expect(off.statusCode).toBe(422);
    expect(off.json().errors.code).toEqual(['La double authentification est obligatoire\u00a0: elle ne peut pas être désactivée.']);

    // The next sign-in asks for the code.
    const c = r.anon();
    expect((await c.post('/api/login', { email: a.email, password: a.password })).statusCode).toBe(202);
  });
});
