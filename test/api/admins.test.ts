/**
 * SPEC section 7 "Administrators": all, store, getUserRoles, update, togglestatus, delete, with the
 * protection rules of the super admin (id 1) and of one's own account (SPEC sections 4, 6, 8).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Client, type TestApp } from '../helpers/app';
import { describeStatusResource } from '../helpers/status-resource';

const NOT_FOUND = { message: 'User does not exist!' };
const EMAIL_TAKEN = 'Cet email est déjà utilisé par un autre administrateur.';
const SUPER_DISABLE = 'Le Super admin ne peut être désactivé';
const SELF_DISABLE = 'Vous ne pouvez pas désactiver votre propre compte.';
const SUPER_DELETE = 'Le Super admin ne peut être effacé';
const SELF_DELETE = 'Vous ne pouvez pas effacer votre propre compte.';
const DONE = { message: 'Opération effectuée avec succès!' };

let t: TestApp;
let root: Client;
let n = 0;
beforeAll(async () => {
  t = await createTestApp();
  root = await t.superAdmin();
});
afterAll(async () => t?.close());

const uniqueEmail = () => `store${++n}-${Date.now()}@example.com`;
const storeBody = (over: Record<string, unknown> = {}) => ({ name: 'Jeanne Martin', email: uniqueEmail(), password: 'twelve-chars', ...over });

/** Creates an administrator through the API and returns its response object. */
async function store(over: Record<string, unknown> = {}) {
  const res = await root.post('/api/admins/store', storeBody(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; name: string; email: string; status: number };
}

const adminShape = {
  id: expect.any(Number),
  firstname: expect.any(String),
  name: expect.any(String),
  email: expect.any(String),
  status: expect.any(Number),
  avatar_url: expect.any(String),
  created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
  updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
};

describe('GET /api/admins/all', () => {
  it('lists every administrator, newest first, without any password field', async () => {
    const a = await store({ name: 'Listed One' });
    const res = await root.get('/api/admins/all');
    expect(res.statusCode).toBe(200);
    const list = res.json() as Array<Record<string, unknown>>;
    expect(list.length).toBeGreaterThanOrEqual(2);
    expect(list[0]).toEqual({ ...adminShape, id: a.id, name: 'Listed One', email: a.email, status: 1, avatar_url: '/default-avatar.svg' });
    expect(list.map((x) => x.id)).toContain(1);
    const ids = list.map((x) => x.id as number);
    expect(ids).toEqual([...ids].sort((x, y) => y - x));
    for (const item of list) {
      expect(Object.keys(item).filter((k) => /pass|hash/i.test(k))).toEqual([]);
      expect(JSON.stringify(item)).not.toContain('$argon2');
    }
  });
});

describe('POST /api/admins/store', () => {
  it('creates an active administrator by default (201) who can sign in', async () => {
    const body = storeBody({ name: '  Paul Durand ', email: 'Paul.Durand@Example.COM' });
    const res = await root.post('/api/admins/store', body);
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toEqual({ ...adminShape, firstname: '', name: 'Paul Durand', email: 'paul.durand@example.com', status: 1, avatar_url: '/default-avatar.svg' });
    expect(JSON.stringify(created)).not.toMatch(/password|argon2/);
    const login = await t.anon().post('/api/login', { email: 'paul.durand@example.com', password: body.password });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ id: created.id });
  });

  it('honours status 0 (as 0, "0" or false)', async () => {
    for (const status of [0, '0', false]) {
      const res = await root.post('/api/admins/store', storeBody({ status }));
      expect(res.statusCode).toBe(201);
      expect(res.json().status).toBe(0);
    }
  });

  it('requires a name', async () => {
    for (const name of [undefined, '', '   ']) {
      const res = await root.post('/api/admins/store', storeBody({ name }));
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message: 'Le champ Prénom & nom est obligatoire.', errors: { name: ['Le champ Prénom & nom est obligatoire.'] } });
    }
  });

  it('requires a valid email', async () => {
    const missing = await root.post('/api/admins/store', storeBody({ email: undefined }));
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ email: ['Le champ Email est obligatoire.'] });
    for (const email of ['not-an-email', 'a@', '@example.com', 'a b@example.com']) {
      const res = await root.post('/api/admins/store', storeBody({ email }));
      expect(res.statusCode, email).toBe(422);
      expect(res.json().errors, email).toEqual({ email: ['Le champ Email doit être une adresse email valide.'] });
    }
  });

  it('requires a password of 12 to 128 characters', async () => {
    const short = await root.post('/api/admins/store', storeBody({ password: 'x'.repeat(11) }));
    expect(short.statusCode).toBe(422);
    expect(short.json().errors).toEqual({ password: ['Le champ Mot de passe doit contenir au moins 12 caractères.'] });
    const long = await root.post('/api/admins/store', storeBody({ password: 'x'.repeat(129) }));
    expect(long.statusCode).toBe(422);
    expect(long.json().errors).toEqual({ password: ['Le champ Mot de passe ne peut pas dépasser 128 caractères.'] });
    const missing = await root.post('/api/admins/store', storeBody({ password: undefined }));
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.password[0]).toBe('Le champ Mot de passe est obligatoire.');
    for (const password of ['x'.repeat(12), 'x'.repeat(128)]) {
      expect((await root.post('/api/admins/store', storeBody({ password }))).statusCode).toBe(201);
    }
  });

  it('rejects an invalid status', async () => {
    const res = await root.post('/api/admins/store', storeBody({ status: 2 }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ status: ["Le champ Actif n’est pas valide."] });
  });

  it('rejects an email already used, whatever its case', async () => {
    const a = await store({ email: 'taken@example.com' });
    const res = await root.post('/api/admins/store', storeBody({ email: 'TAKEN@Example.com' }));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: EMAIL_TAKEN, errors: { email: [EMAIL_TAKEN] } });
    const all = (await root.get('/api/admins/all')).json() as Array<{ id: number; email: string }>;
    expect(all.filter((x) => x.email === 'taken@example.com').map((x) => x.id)).toEqual([a.id]);
  });

  it('gives every field error at once: a short password and a taken email in one 422', async () => {
    const a = await store();
    const res = await root.post('/api/admins/store', { name: '', email: ` ${a.email.toUpperCase()} `, password: 'short', status: 1 });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      name: ['Le champ Prénom & nom est obligatoire.'],
      password: ['Le champ Mot de passe doit contenir au moins 12 caractères.'],
      email: [EMAIL_TAKEN],
    });
    const all = (await root.get('/api/admins/all')).json() as Array<{ email: string }>;
    expect(all.filter((x) => x.email === a.email)).toHaveLength(1);
  });
});

describe('GET /api/admins/getUserRoles/{id}', () => {
  it('returns the administrator', async () => {
    const a = await store({ name: 'Read Me' });
    const res = await root.get(`/api/admins/getUserRoles/${a.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...adminShape, id: a.id, name: 'Read Me', email: a.email, status: 1 });
    expect(Object.keys(res.json()).filter((k) => /pass|hash/i.test(k))).toEqual([]);
  });

  it("answers 404 'User does not exist!' for an unknown id", async () => {
    const res = await root.get('/api/admins/getUserRoles/999999');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(NOT_FOUND);
  });

  it('answers 422 (never 500) for an id that is not a positive 32-bit integer', async () => {
    for (const id of ['abc', '0', '-1', '1.5', '2147483648', '1e3x']) {
      const res = await root.get(`/api/admins/getUserRoles/${id}`);
      expect(res.statusCode, id).toBe(422);
      expect(res.json(), id).toMatchObject({ message: expect.any(String), errors: { id: expect.any(Array) } });
      expect(res.json().errors.id, id).toEqual(["L’identifiant doit être un nombre entier positif."]);
    }
    for (const url of ['/api/admins/togglestatus/abc', '/api/admins/update/abc', '/api/admins/abc']) {
      const res = await root.post(url, storeBody());
      expect(res.statusCode, url).toBe(422);
      expect(res.json().errors, url).toHaveProperty('id');
    }
  });
});

describe('POST /api/admins/update/{id}', () => {
  it('keeps the current status when none is sent (no silent re-activation)', async () => {
    const a = await store({ status: 0 });
    const res = await root.post(`/api/admins/update/${a.id}`, { name: 'Still Off', email: a.email });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Still Off', status: 0 });
  });

  it('updates name, email and status, keeping the password when none is given', async () => {
    const body = storeBody();
    const a = await store(body);
    for (const password of [undefined, '', null]) {
      const res = await root.post(`/api/admins/update/${a.id}`, { name: 'Renamed', email: 'Renamed.' + a.email.toUpperCase(), status: 1, password });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ...adminShape, id: a.id, name: 'Renamed', email: 'renamed.' + a.email, status: 1 });
    }
    expect((await t.anon().post('/api/login', { email: 'renamed.' + a.email, password: body.password })).statusCode).toBe(200);
    const read = await root.get(`/api/admins/getUserRoles/${a.id}`);
    expect(read.json()).toMatchObject({ name: 'Renamed', email: 'renamed.' + a.email });
  });

  it('changes the password when one is given and revokes that administrator’s sessions', async () => {
    const a = await t.newAdmin();
    const res = await root.post(`/api/admins/update/${a.id}`, { name: 'New Pass', email: a.email, status: 1, password: 'another-password-1' });
    expect(res.statusCode).toBe(200);
    expect((await a.client.get('/api/profile/getAuthUser')).statusCode).toBe(401);
    expect((await t.anon().post('/api/login', { email: a.email, password: a.password })).statusCode).toBe(422);
    expect((await t.anon().post('/api/login', { email: a.email, password: 'another-password-1' })).statusCode).toBe(200);
  });

  it('validates like store (password optional but 12..128 when given)', async () => {
    const a = await store();
    const short = await root.post(`/api/admins/update/${a.id}`, { name: 'X', email: a.email, status: 1, password: 'short' });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors).toEqual({ password: ['Le champ Mot de passe doit contenir au moins 12 caractères.'] });
    const bad = await root.post(`/api/admins/update/${a.id}`, { name: '', email: 'nope', status: 1 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      name: ['Le champ Prénom & nom est obligatoire.'],
      email: ['Le champ Email doit être une adresse email valide.'],
    });
  });

  it("rejects another administrator's email, whatever its case, and accepts its own", async () => {
    const a = await store();
    const b = await store();
    const res = await root.post(`/api/admins/update/${a.id}`, { name: 'A', email: b.email.toUpperCase(), status: 1 });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: EMAIL_TAKEN, errors: { email: [EMAIL_TAKEN] } });
    const own = await root.post(`/api/admins/update/${a.id}`, { name: 'A', email: a.email.toUpperCase(), status: 1 });
    expect(own.statusCode).toBe(200);
    expect(own.json().email).toBe(a.email);
  });

  it('gives every field error at once: a short password and another administrator’s email in one 422', async () => {
    const a = await store();
    const b = await store();
    const res = await root.post(`/api/admins/update/${a.id}`, { name: 'A', email: b.email, status: 1, password: 'short' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ password: ['Le champ Mot de passe doit contenir au moins 12 caractères.'], email: [EMAIL_TAKEN] });
    // Its own email is no error, whatever the other errors.
    const own = await root.post(`/api/admins/update/${a.id}`, { name: 'A', email: a.email, status: 1, password: 'short' });
    expect(own.json().errors).toEqual({ password: ['Le champ Mot de passe doit contenir au moins 12 caractères.'] });
    // A bad id keeps its own answer.
    expect((await root.post('/api/admins/update/abc', { name: 'A', email: b.email, password: 'short' })).statusCode).toBe(422);
    expect((await root.get(`/api/admins/getUserRoles/${a.id}`)).json().email).toBe(a.email);
  });

  it('lets an administrator edit their own account (status 1) and keep their session when changing their password', async () => {
    const renamed = await root.post('/api/admins/update/1', { name: 'Super admin', email: 'admin@example.com', status: 1 });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id: 1, status: 1 });

    const me = await t.newAdmin();
    const elsewhere = await t.anon().login(me.email, me.password);
    const res = await me.client.post(`/api/admins/update/${me.id}`, { name: 'Me', email: me.email, status: 1, password: 'my-own-new-password' });
    expect(res.statusCode).toBe(200);
    expect((await me.client.get('/api/profile/getAuthUser')).json()).toMatchObject({ id: me.id, name: 'Me' });
    expect((await elsewhere.get('/api/profile/getAuthUser')).statusCode).toBe(401);
  });

  it('answers 404 for an unknown id', async () => {
    const res = await root.post('/api/admins/update/999999', { name: 'Ghost', email: uniqueEmail(), status: 1 });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(NOT_FOUND);
  });

  it('refuses status 0 for the super admin and for oneself', async () => {
    const other = await t.newAdmin();
    const onSuper = await other.client.post('/api/admins/update/1', { name: 'Super admin', email: 'admin@example.com', status: 0 });
    expect(onSuper.statusCode).toBe(422);
    expect(onSuper.json()).toEqual({ message: SUPER_DISABLE, errors: { status: [SUPER_DISABLE] } });
    const bySuper = await root.post('/api/admins/update/1', { name: 'Super admin', email: 'admin@example.com', status: 0 });
    expect(bySuper.json().errors).toEqual({ status: [SUPER_DISABLE] });

    const self = await other.client.post(`/api/admins/update/${other.id}`, { name: 'Me', email: other.email, status: 0 });
    expect(self.statusCode).toBe(422);
    expect(self.json()).toEqual({ message: SELF_DISABLE, errors: { status: [SELF_DISABLE] } });
    // Nothing changed.
    expect((await root.get('/api/admins/getUserRoles/1')).json()).toMatchObject({ status: 1, name: 'Super admin' });
    expect((await other.client.get('/api/profile/getAuthUser')).json()).toMatchObject({ status: 1 });
  });
});

describe('the super admin’s email and password', () => {
  const SUPER_EMAIL_ONLY = 'Seul le Super admin peut changer son email, depuis son profil.';
  const SUPER_PASSWORD_ONLY = 'Seul le Super admin peut changer son mot de passe, depuis son profil.';

  it('another administrator cannot change them through /api/admins/update/1, and nothing changes', async () => {
    const other = await t.newAdmin();
    const superSession = await t.superAdmin();
    const email = await other.client.post('/api/admins/update/1', { name: 'Super admin', email: 'taken-over@example.com', status: 1 });
    expect(email.statusCode).toBe(422);
    expect(email.json()).toEqual({ message: SUPER_EMAIL_ONLY, errors: { email: [SUPER_EMAIL_ONLY] } });
    const password = await other.client.post('/api/admins/update/1', {
      name: 'Super admin',
      email: 'admin@example.com',
      status: 1,
      password: 'attacker-password-1',
    });
    expect(password.statusCode).toBe(422);
    expect(password.json()).toEqual({ message: SUPER_PASSWORD_ONLY, errors: { password: [SUPER_PASSWORD_ONLY] } });
    const both = await other.client.post('/api/admins/update/1', {
      name: 'Pwned',
      email: 'taken-over@example.com',
      status: 1,
      password: 'attacker-password-1',
    });
    expect(both.statusCode).toBe(422);
    expect(both.json().errors).toEqual({ email: [SUPER_EMAIL_ONLY], password: [SUPER_PASSWORD_ONLY] });
    // Nothing changed: same name and email, the old password still signs in, the session lives on.
    expect((await root.get('/api/admins/getUserRoles/1')).json()).toMatchObject({ name: 'Super admin', email: 'admin@example.com' });
    expect((await superSession.get('/api/profile/getAuthUser')).statusCode).toBe(200);
    expect((await t.anon().post('/api/login', { email: 'taken-over@example.com', password: 'attacker-password-1' })).statusCode).toBe(422);
    await t.superAdmin();
  });

  it('the super admin itself changes them only through the profile, not through /api/admins/update/1', async () => {
    const viaAdmins = await root.post('/api/admins/update/1', { name: 'Super admin', email: 'new-super@example.com', status: 1, password: 'super-new-password' });
    expect(viaAdmins.statusCode).toBe(422);
    expect(viaAdmins.json().errors).toEqual({ email: [SUPER_EMAIL_ONLY], password: [SUPER_PASSWORD_ONLY] });
    // The email is compared case-insensitively: the same email in capitals is no change.
    const sameEmail = await root.post('/api/admins/update/1', { name: 'Super admin', email: 'ADMIN@example.com', status: 1 });
    expect(sameEmail.statusCode).toBe(200);
    expect(sameEmail.json()).toMatchObject({ id: 1, email: 'admin@example.com' });
  });

  it('another administrator may still rename the super admin', async () => {
    const other = await t.newAdmin();
    const res = await other.client.post('/api/admins/update/1', { name: 'Super admin (siège)', email: 'admin@example.com', status: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: 1, name: 'Super admin (siège)', email: 'admin@example.com' });
    await root.post('/api/admins/update/1', { name: 'Super admin', email: 'admin@example.com', status: 1 });
  });
});

describe('POST /api/admins/togglestatus/{id}', () => {
  it('flips the status 1 -> 0 -> 1', async () => {
    const a = await store();
    const off = await root.post(`/api/admins/togglestatus/${a.id}`);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ ...adminShape, id: a.id, status: 0, email: a.email });
    expect((await root.get(`/api/admins/getUserRoles/${a.id}`)).json().status).toBe(0);
    const on = await root.post(`/api/admins/togglestatus/${a.id}`);
    expect(on.statusCode).toBe(200);
    expect(on.json().status).toBe(1);
  });

  it('refuses to disable the super admin', async () => {
    const other = await t.newAdmin();
    for (const c of [root, other.client]) {
      const res = await c.post('/api/admins/togglestatus/1');
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message: SUPER_DISABLE, errors: { status: [SUPER_DISABLE] } });
    }
    expect((await root.get('/api/admins/getUserRoles/1')).json().status).toBe(1);
  });

  it('refuses to disable one’s own account', async () => {
    const me = await t.newAdmin();
    const res = await me.client.post(`/api/admins/togglestatus/${me.id}`);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: SELF_DISABLE, errors: { status: [SELF_DISABLE] } });
    expect((await me.client.get('/api/profile/getAuthUser')).json().status).toBe(1);
  });

  it('answers 404 for an unknown id', async () => {
    const res = await root.post('/api/admins/togglestatus/999999');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(NOT_FOUND);
  });
});

describe('POST /api/admins/{id} (delete)', () => {
  it('deletes the administrator, who can no longer sign in', async () => {
    const body = storeBody();
    const a = await store(body);
    const res = await root.post(`/api/admins/${a.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(DONE);
    expect((await root.get(`/api/admins/getUserRoles/${a.id}`)).statusCode).toBe(404);
    const all = (await root.get('/api/admins/all')).json() as Array<{ id: number }>;
    expect(all.map((x) => x.id)).not.toContain(a.id);
    const login = await t.anon().post('/api/login', { email: body.email, password: body.password });
    expect(login.statusCode).toBe(422);
    expect(login.json().errors.email).toEqual(['Ces identifiants ne correspondent pas à nos enregistrements.']);
    // Its email is free again.
    expect((await root.post('/api/admins/store', storeBody({ email: body.email }))).statusCode).toBe(201);
  });

  it('refuses to delete the super admin', async () => {
    const other = await t.newAdmin();
    for (const c of [root, other.client]) {
      const res = await c.post('/api/admins/1');
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message: SUPER_DELETE, errors: { destroy: [SUPER_DELETE] } });
    }
    expect((await root.get('/api/admins/getUserRoles/1')).statusCode).toBe(200);
  });

  it('refuses to delete one’s own account', async () => {
    const me = await t.newAdmin();
    const res = await me.client.post(`/api/admins/${me.id}`);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: SELF_DELETE, errors: { destroy: [SELF_DELETE] } });
    expect((await me.client.get('/api/profile/getAuthUser')).statusCode).toBe(200);
  });

  it('answers 404 for an unknown id', async () => {
    const res = await root.post('/api/admins/999999');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(NOT_FOUND);
  });
});

describeStatusResource<{ id: number; status: number; name: string; email: string }>({
  name: 'administrators',
  base: '/api/admins',
  notFound: NOT_FOUND.message,
  client: () => root,
  storeBody: () => storeBody(),
  updateBody: (a) => ({ name: a.name, email: a.email }),
  unique: {
    field: 'email',
    message: EMAIL_TAKEN,
    store: (taken) => storeBody({ email: taken.email.toUpperCase() }),
    update: (a, taken) => ({ name: a.name, email: taken.email }),
  },
});
