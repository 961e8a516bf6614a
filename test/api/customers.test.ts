/**
 * SPEC section 7 "Customers": generated Prod/Sandbox credentials, secrets encrypted at rest, update
 * with validation and uniqueness across both columns, toggle, delete, 404.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCustomers } from '../../server/db/schema';
import { createTestApp, type Client, type TestApp } from '../helpers/app';
import { describeStatusResource } from '../helpers/status-resource';

const NOT_FOUND = { message: 'User does not exist!' };
const taken = (label: string) => `Cette valeur du champ ${label} est déjà utilisée.`;

interface Customer {
  id: number;
  name: string;
  client_id: string;
  client_secret: string;
  client_id_sandbox: string;
  client_secret_sandbox: string;
  status: number;
}
const CREDENTIALS = ['client_id', 'client_secret', 'client_id_sandbox', 'client_secret_sandbox'] as const;

let t: TestApp;
let root: Client;
let n = 0;
beforeAll(async () => {
  t = await createTestApp();
  root = await t.superAdmin();
});
afterAll(async () => t?.close());

async function store(body: Record<string, unknown> = { name: 'Client ' + ++n }): Promise<Customer> {
  const res = await root.post('/api/customers/store', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** An update body keeping the customer's current values, with overrides. */
const updateBody = (c: Customer, over: Record<string, unknown> = {}) => ({
  name: c.name,
  client_id: c.client_id,
  client_secret: c.client_secret,
  client_id_sandbox: c.client_id_sandbox,
  client_secret_sandbox: c.client_secret_sandbox,
  status: c.status,
  ...over,
});

async function row(id: number) {
  const [r] = await t.ctx.db.select().from(apiCustomers).where(eq(apiCustomers.id, id));
  return r;
}

describe('POST /api/customers/store', () => {
  it('creates an active customer with four distinct random credentials', async () => {
    const c = await store({ name: '  Banque du Nord ' });
    expect(c).toEqual({
      id: expect.any(Number),
      name: 'Banque du Nord',
      client_id: expect.stringMatching(/^[0-9a-f]{32}$/),
      client_secret: expect.stringMatching(/^[A-Za-z0-9_-]{22,}$/),
      client_id_sandbox: expect.stringMatching(/^[0-9a-f]{32}$/),
      client_secret_sandbox: expect.stringMatching(/^[A-Za-z0-9_-]{22,}$/),
      status: 1,
      calls_today: 0,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(new Set(CREDENTIALS.map((k) => c[k])).size).toBe(4);
  });

  it('generates credentials unique across customers', async () => {
    const values: string[] = [];
    for (let i = 0; i < 5; i++) {
      const c = await store();
      values.push(...CREDENTIALS.map((k) => c[k]));
    }
    expect(new Set(values).size).toBe(values.length);
  });

  it('ignores credentials sent by the client: they are always generated', async () => {
    const c = await store({ name: 'Chosen', client_id: 'my-chosen-id', client_secret: 'my-chosen-secret-123' });
    expect(c.client_id).toMatch(/^[0-9a-f]{32}$/);
    expect(c.client_secret).not.toBe('my-chosen-secret-123');
  });

  it('honours status 0 and validates the name', async () => {
    expect((await store({ name: 'Off', status: 0 })).status).toBe(0);
    for (const name of [undefined, '', '  ']) {
      const res = await root.post('/api/customers/store', { name });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message: 'Le champ Nom est obligatoire.', errors: { name: ['Le champ Nom est obligatoire.'] } });
    }
    const long = await root.post('/api/customers/store', { name: 'x'.repeat(256) });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors).toEqual({ name: ['Le champ Nom ne peut pas dépasser 255 caractères.'] });
  });

  it('stores the secrets encrypted, never in clear', async () => {
    const c = await store();
    const r = await row(c.id);
    expect(r.clientId).toBe(c.client_id);
    expect(r.clientIdSandbox).toBe(c.client_id_sandbox);
    for (const [enc, hash, secret] of [
      [r.clientSecretEnc, r.clientSecretHash, c.client_secret],
      [r.clientSecretSandboxEnc, r.clientSecretSandboxHash, c.client_secret_sandbox],
    ]) {
      expect(enc).not.toContain(secret);
      expect(enc).not.toContain(Buffer.from(secret).toString('base64url'));
      expect(hash).not.toContain(secret);
      expect(t.ctx.box.decrypt(enc)).toBe(secret);
      expect(hash).toBe(t.ctx.box.hmac(secret));
    }
    expect(JSON.stringify(r)).not.toContain(c.client_secret);
  });
});

describe('GET /api/customers/all and getUserRoles/{id}', () => {
  it('return the decrypted secrets', async () => {
    const c = await store({ name: 'Readable' });
    const all = await root.get('/api/customers/all');
    expect(all.statusCode).toBe(200);
    const list = all.json() as Customer[];
    expect(list.find((x) => x.id === c.id)).toEqual(c);
    const ids = list.map((x) => x.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const one = await root.get(`/api/customers/getUserRoles/${c.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(c);
  });

  it("answers 404 'User does not exist!'", async () => {
    const res = await root.get('/api/customers/getUserRoles/999999');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(NOT_FOUND);
  });
});

describe('POST /api/customers/update/{id}', () => {
  it('updates name, credentials and status, re-encrypting the secrets', async () => {
    const c = await store();
    const body = {
      name: 'Renamed',
      client_id: 'prod-id-0001',
      client_secret: 'prod.secret_value~0001',
      client_id_sandbox: 'sand-id-0001',
      client_secret_sandbox: 'sand.secret_value~0001',
      status: 0,
    };
    const res = await root.post(`/api/customers/update/${c.id}`, body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...body, id: c.id, calls_today: 0, created_at: expect.any(String), updated_at: expect.any(String) });
    expect((await root.get(`/api/customers/getUserRoles/${c.id}`)).json()).toMatchObject(body);
    const r = await row(c.id);
    expect(r.clientSecretEnc).not.toContain(body.client_secret);
    expect(t.ctx.box.decrypt(r.clientSecretEnc)).toBe(body.client_secret);
    expect(t.ctx.box.decrypt(r.clientSecretSandboxEnc)).toBe(body.client_secret_sandbox);
  });

  it('accepts its own unchanged values and a swap of its own Prod and Sandbox values', async () => {
    const c = await store();
    expect((await root.post(`/api/customers/update/${c.id}`, updateBody(c))).statusCode).toBe(200);
    const swapped = await root.post(
      `/api/customers/update/${c.id}`,
      updateBody(c, { client_id: c.client_id_sandbox, client_id_sandbox: c.client_id, client_secret: c.client_secret_sandbox, client_secret_sandbox: c.client_secret }),
    );
    expect(swapped.statusCode).toBe(200);
    expect(swapped.json()).toMatchObject({ client_id: c.client_id_sandbox, client_secret: c.client_secret_sandbox });
  });

  it('requires every field, with minimum lengths and allowed characters', async () => {
    const c = await store();
    const empty = await root.post(`/api/customers/update/${c.id}`, { status: 1 });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({
      name: ['Le champ Nom est obligatoire.'],
      client_id: ['Le champ Client_id (Prod) est obligatoire.'],
      client_secret: ['Le champ Client_secret (Prod) est obligatoire.'],
      client_id_sandbox: ['Le champ Client_id (Sandbox) est obligatoire.'],
      client_secret_sandbox: ['Le champ Client_secret (Sandbox) est obligatoire.'],
    });

    const short = await root.post(
      `/api/customers/update/${c.id}`,
      updateBody(c, { client_id: 'a'.repeat(7), client_secret: 'b'.repeat(15), client_id_sandbox: 'c'.repeat(8), client_secret_sandbox: 'd'.repeat(16) }),
    );
    expect(short.statusCode).toBe(422);
    expect(short.json().errors).toEqual({
      client_id: ['Le champ Client_id (Prod) doit contenir au moins 8 caractères.'],
      client_secret: ['Le champ Client_secret (Prod) doit contenir au moins 16 caractères.'],
    });

    for (const bad of ['has space-01', 'slash/slash01', 'quote"quote01', 'accentué-0001', 'plus+plus0001']) {
      const res = await root.post(`/api/customers/update/${c.id}`, updateBody(c, { client_id_sandbox: bad }));
      expect(res.statusCode, bad).toBe(422);
      expect(res.json().errors, bad).toEqual({
        client_id_sandbox: ['Le champ Client_id (Sandbox) ne peut contenir que des lettres, chiffres et . _ ~ -'],
      });
    }
    // Nothing was written.
    expect((await root.get(`/api/customers/getUserRoles/${c.id}`)).json()).toEqual(c);
  });

  it('rejects Prod and Sandbox values that are equal', async () => {
    const c = await store();
    const ids = await root.post(`/api/customers/update/${c.id}`, updateBody(c, { client_id_sandbox: c.client_id }));
    expect(ids.statusCode).toBe(422);
    expect(ids.json().errors).toEqual({ client_id_sandbox: [taken('Client_id (Sandbox)')] });
    const secrets = await root.post(`/api/customers/update/${c.id}`, updateBody(c, { client_secret_sandbox: c.client_secret }));
    expect(secrets.statusCode).toBe(422);
    expect(secrets.json().errors).toEqual({ client_secret_sandbox: [taken('Client_secret (Sandbox)')] });
  });

  it("rejects a client_id or secret already used by another customer, in either column", async () => {
    const other = await store();
    const c = await store();
    const cases: Array<[string, string, string]> = [
      ['client_id', other.client_id, 'Client_id (Prod)'],
      ['client_id', other.client_id_sandbox, 'Client_id (Prod)'],
      ['client_id_sandbox', other.client_id, 'Client_id (Sandbox)'],
      ['client_id_sandbox', other.client_id_sandbox, 'Client_id (Sandbox)'],
      ['client_secret', other.client_secret, 'Client_secret (Prod)'],
      ['client_secret', other.client_secret_sandbox, 'Client_secret (Prod)'],
      ['client_secret_sandbox', other.client_secret, 'Client_secret (Sandbox)'],
      ['client_secret_sandbox', other.client_secret_sandbox, 'Client_secret (Sandbox)'],
    ];
    for (const [field, value, label] of cases) {
      const res = await root.post(`/api/customers/update/${c.id}`, updateBody(c, { [field]: value }));
      expect(res.statusCode, `${field} = ${value}`).toBe(422);
      expect(res.json(), `${field} = ${value}`).toEqual({ message: taken(label), errors: { [field]: [taken(label)] } });
    }
    expect((await root.get(`/api/customers/getUserRoles/${c.id}`)).json()).toEqual(c);
    expect((await root.get(`/api/customers/getUserRoles/${other.id}`)).json()).toEqual(other);
  });

  it('answers 404 for an unknown id', async () => {
    const c = await store();
    const res = await root.post('/api/customers/update/999999', updateBody(c, { client_id: 'fresh-id-123', client_id_sandbox: 'fresh-id-456', client_secret: 'fresh-secret-0000001', client_secret_sandbox: 'fresh-secret-0000002' }));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(NOT_FOUND);
  });
});

describe('POST /api/customers/togglestatus/{id}', () => {
  it('flips the status 1 -> 0 -> 1 and keeps the credentials', async () => {
    const c = await store();
    const off = await root.post(`/api/customers/togglestatus/${c.id}`);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ ...c, status: 0, updated_at: expect.any(String) });
    const on = await root.post(`/api/customers/togglestatus/${c.id}`);
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ id: c.id, status: 1, client_secret: c.client_secret });
  });

  it('answers 404 for an unknown id', async () => {
    const res = await root.post('/api/customers/togglestatus/999999');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(NOT_FOUND);
  });
});

describe('POST /api/customers/{id} (delete)', () => {
  it('deletes the customer and frees its credentials', async () => {
    const c = await store();
    const res = await root.post(`/api/customers/${c.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Opération effectuée avec succès!' });
    expect((await root.get(`/api/customers/getUserRoles/${c.id}`)).json()).toEqual(NOT_FOUND);
    expect(((await root.get('/api/customers/all')).json() as Customer[]).map((x) => x.id)).not.toContain(c.id);
    const d = await store();
    const reuse = await root.post(`/api/customers/update/${d.id}`, updateBody(d, { client_id: c.client_id, client_secret: c.client_secret }));
    expect(reuse.statusCode).toBe(200);
  });

  it('answers 404 for an unknown id and 422 for a non-numeric one', async () => {
    const res = await root.post('/api/customers/999999');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(NOT_FOUND);
    const bad = await root.post('/api/customers/abc');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty('id');
  });
});

describe('update without status', () => {
  it('keeps the current status', async () => {
    const c = await store({ name: 'Dormant', status: 0 });
    const { status: _omit, ...body } = updateBody(c, { name: 'Dormant 2' }) as Record<string, unknown>;
    const res = await root.post(`/api/customers/update/${c.id}`, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Dormant 2', status: 0 });
  });
});

describeStatusResource<Customer>({
  name: 'API customers',
  base: '/api/customers',
  notFound: NOT_FOUND.message,
  client: () => root,
  storeBody: () => ({ name: 'Client ' + ++n }),
  updateBody: (c) => {
    const { status: _keep, ...body } = updateBody(c);
    return body;
  },
  unique: {
    field: 'client_id',
    message: taken('Client_id (Prod)'),
    update: (c, other) => updateBody(c, { client_id: other.client_id }),
  },
});
