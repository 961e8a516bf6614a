/**
 * The RNE accounts (contract/rne.ts): create / update / toggle / delete with their 422 and
 * 404, the two lists (`inpiall`, `rneall`) with today's counters (Europe/Paris) and `is_used`, the check of an
 * account against a fake RNE server on 127.0.0.1 (`syncInpiAccount/{id}`: ok, wrong credentials, service
 * answering 503, service gone), and the password and token never written to the logs. The password is answered
 * in clear by the first table's list (`inpiall`, the spec's « password (displayed) ») only: null in the second
 * table's list and in the answers of create, update, toggle and sync.
 */
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RneAccountRecord, RneSyncResult } from '../../contract/rne';
import { buildApp } from '../../server/app';
import { ensureSuperAdmin } from '../../server/bootstrap';
import { loadConfig } from '../../server/config';
import type { AppContext } from '../../server/context';
import { JobQueue } from '../../server/jobs/queue';
import { parseAppKey, SecretBox } from '../../server/lib/app-key';
import { Client, createTestApp, SUPER_EMAIL, SUPER_PASSWORD, TEST_APP_KEY, type TestApp } from '../helpers/app';
import { freshDatabase } from '../helpers/db';
import { databaseDay, dayBefore, onOneParisDay } from '../helpers/paris-day';
import { FAKE_RNE_ACCOUNT, startFakeRne, type FakeRne } from '../helpers/fake-rne-server';
import { rowsOf } from '../../server/db/rows';

let fake: FakeRne;
let t: TestApp;
let root: Client;

beforeAll(async () => {
  fake = await startFakeRne();
  t = await createTestApp({ RNE_API_URL: fake.url, RNE_TIMEOUT_MS: '3000' });
  root = await t.superAdmin();
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(t.ctx.db, query);
}

let seq = 0;
/** Creates an account through the API. */
async function createAccount(overrides: Partial<{ pool: string; email: string; password: string; status: number }> = {}): Promise<RneAccountRecord> {
  seq += 1;
  const res = await root.post('/api/supervisions/rne/accounts', { pool: 'officers', email: `acct${seq}@example.com`, password: `pw-${seq}-secret`, ...overrides });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('account management', () => {
  it('creates an account of each pool, answered without its password and with zero counters', async () => {
    const officers = await createAccount({ email: 'Officers.Pool@Example.com', password: 'first-password' });
    expect(officers).toEqual({
      id: expect.any(Number),
      pool: 'officers',
      email: 'officers.pool@example.com',
      token: 0,
      status: 1,
      passage: null,
      last_change: null,
      last_error: null,
      password: null,
      is_used: 0,
      dirigeants: 0,
      beneficiaireseffectifs: 0,
    });
    const filings = await createAccount({ pool: 'filings', email: 'officers.pool@example.com', status: 0 });
    expect(filings).toMatchObject({ pool: 'filings', email: 'officers.pool@example.com', status: 0, actes: 0, bilans: 0, bilanssaisis: 0, password: null });
    const [stored] = await rows<{ password_enc: string }>(sql`select password_enc from rne_accounts where id = ${officers.id}`);
    expect(stored.password_enc).not.toContain('first-password');
    expect(t.ctx.box.decrypt(stored.password_enc)).toBe('first-password');
  });

  it('refuses an email already registered in the pool, whatever its case (422 errors.email)', async () => {
    await createAccount({ email: 'twice@example.com' });
    const res = await root.post('/api/supervisions/rne/accounts', { pool: 'officers', email: 'TWICE@example.com', password: 'x' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: 'Ce compte existe déjà.', errors: { email: ['Ce compte existe déjà.'] } });
  });

  it('validates the fields (422 per field)', async () => {
    const res = await root.post('/api/supervisions/rne/accounts', { pool: 'other', email: 'not-an-email', password: '' });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['email', 'password', 'pool']);
  });

  it('updates an account (answered without its password); a password left out is kept; unknown id 404', async () => {
    const a = await createAccount({ password: 'kept-password' });
    const stored = async () => {
      const [row] = await rows<{ password_enc: string }>(sql`select password_enc from rne_accounts where id = ${a.id}`);
      return t.ctx.box.decrypt(row.password_enc);
    };
    const res = await root.post(`/api/supervisions/rne/accounts/${a.id}`, { pool: 'filings', email: 'moved@example.com' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: a.id, pool: 'filings', email: 'moved@example.com', password: null, status: 1 });
    expect(await stored()).toBe('kept-password');
    const changed = await root.post(`/api/supervisions/rne/accounts/${a.id}`, { pool: 'filings', email: 'moved@example.com', password: 'new-password', status: 0 });
    expect(changed.json()).toMatchObject({ password: null, status: 0 });
    expect(changed.body).not.toContain('new-password');
    expect(await stored()).toBe('new-password');
    const missing = await root.post('/api/supervisions/rne/accounts/999999', { pool: 'filings', email: 'x@example.com' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Account does not exist!' });
  });

  it('toggles and deletes an account; unknown ids 404', async () => {
    const a = await createAccount();
    const off = await root.post(`/api/supervisions/rne/accounts/${a.id}/toggle`);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ status: 0, password: null });
    expect((await root.post(`/api/supervisions/rne/accounts/${a.id}/toggle`)).json().status).toBe(1);
    const del = await root.post(`/api/supervisions/rne/accounts/${a.id}/delete`);
    expect(del.statusCode).toBe(204);
    expect(del.body).toBe('');
    expect((await root.post(`/api/supervisions/rne/accounts/${a.id}/delete`)).statusCode).toBe(404);
    expect((await root.post(`/api/supervisions/rne/accounts/${a.id}/toggle`)).statusCode).toBe(404);
    const list: RneAccountRecord[] = (await root.get('/api/supervisions/inpiall')).json();
    expect(list.map((x) => x.id)).not.toContain(a.id);
  });
});

describe('the two tables', () => {
  it('list each pool with the counters of today (Europe/Paris) and is_used from the lease', async () => {
    const o = await createAccount({ email: 'counters-officers@example.com' });
    const f = await createAccount({ pool: 'filings', email: 'counters-filings@example.com' });
    // The counters are written on the Paris day the database reads just before, and again when midnight passed since.
    await onOneParisDay(async (today) => {
      await t.ctx.db.execute(sql`delete from rne_account_days where account_id in (${o.id}, ${f.id})`);
      await t.ctx.db.execute(sql`insert into rne_account_days (account_id, day, officers, beneficial_owners, deeds, balance_sheets, seized_balance_sheets) values
        (${o.id}, ${today}::date, 7, 3, 0, 0, 0), (${o.id}, ${dayBefore(today, 1)}::date, 100, 100, 0, 0, 0),
        (${f.id}, ${today}::date, 0, 0, 4, 2, 1), (${f.id}, ${dayBefore(today, 2)}::date, 0, 0, 50, 50, 50)`);
      await t.ctx.db.execute(sql`update rne_accounts set leased_by = 'test:1', leased_until = now() + interval '1 minute' where id = ${o.id}`);
      await t.ctx.db.execute(sql`update rne_accounts set leased_by = 'test:2', leased_until = now() - interval '1 minute' where id = ${f.id}`);

      const officers: RneAccountRecord[] = (await root.get('/api/supervisions/inpiall')).json();
      expect(officers.every((x) => x.pool === 'officers')).toBe(true);
      // The first table shows the password (masked, with reveal and copy): its list is the one answer that carries it.
      expect(officers.find((x) => x.id === o.id)).toMatchObject({ dirigeants: 7, beneficiaireseffectifs: 3, is_used: 1, password: expect.stringMatching(/^pw-\d+-secret$/) });
      const filings: RneAccountRecord[] = (await root.get('/api/supervisions/rneall')).json();
      expect(filings.every((x) => x.pool === 'filings')).toBe(true);
      // The second table does not show it (SPEC: email, token, actes, bilans, bilanssaisis, passage, last_change).
      expect(filings.every((x) => x.password === null)).toBe(true);
      expect(filings.find((x) => x.id === f.id)).toMatchObject({ actes: 4, bilans: 2, bilanssaisis: 1, is_used: 0 });
      expect(filings.map((x) => x.id)).not.toContain(o.id);
    }, databaseDay(t.ctx.db));
  });
});

describe('syncInpiAccount', () => {
  let account: RneAccountRecord;
  beforeAll(async () => {
    account = await createAccount({ email: FAKE_RNE_ACCOUNT.username, password: FAKE_RNE_ACCOUNT.password });
  });
  const sync = async (id: number) => {
    const res = await root.get(`/api/supervisions/syncInpiAccount/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as RneSyncResult;
  };

  it('logs in: token 1, passage and last_change set, the token sealed', async () => {
    const before = Date.now();
    const out = await sync(account.id);
    expect(out).toMatchObject({ result: 'ok', status: 200, message: 'Connexion au service RNE réussie.' });
    expect(out.account).toMatchObject({ id: account.id, token: 1, last_error: null, password: null });
    expect(JSON.stringify(out)).not.toContain(FAKE_RNE_ACCOUNT.password);
    expect(Date.parse(out.account.passage!)).toBeGreaterThanOrEqual(before - 1000);
    expect(out.account.last_change).toBe(out.account.passage);
    const login = fake.calls.filter((c) => c.method === 'POST' && c.path === '/api/sso/login');
    expect(login.length).toBeGreaterThan(0);
    const [row] = await rows<{ token_enc: string | null }>(sql`select token_enc from rne_accounts where id = ${account.id}`);
    expect(row.token_enc).not.toBeNull();
    expect(t.ctx.box.decrypt(row.token_enc!).length).toBeGreaterThan(8);

    // Checked again, still ok: passage moves, last_change stays.
    await new Promise((r) => setTimeout(r, 20));
    const again = await sync(account.id);
    expect(again.account.last_change).toBe(out.account.last_change);
    expect(Date.parse(again.account.passage!)).toBeGreaterThan(Date.parse(out.account.passage!));
  });

  it('wrong credentials: token 0, last_change moves, the message in last_error', async () => {
    const first = await sync(account.id);
    fake.accounts.set(FAKE_RNE_ACCOUNT.username, 'another-password');
    try {
      const out = await sync(account.id);
      expect(out).toMatchObject({ result: 'credentials', status: 401, message: 'Identifiants refusés par le service RNE.' });
      expect(out.account).toMatchObject({ token: 0, last_error: 'Identifiants refusés par le service RNE.' });
      expect(Date.parse(out.account.last_change!)).toBeGreaterThan(Date.parse(first.account.last_change!));
      const [row] = await rows<{ token_enc: string | null }>(sql`select token_enc from rne_accounts where id = ${account.id}`);
      expect(row.token_enc).toBeNull();
    } finally {
      fake.accounts.set(FAKE_RNE_ACCOUNT.username, FAKE_RNE_ACCOUNT.password);
    }
    expect((await sync(account.id)).account.token).toBe(1);
  });

  it('a service answering 503: unreachable with its status', async () => {
    fake.failNext(/\/api\/sso\/login/, 503);
    const out = await sync(account.id);
    expect(out).toMatchObject({ result: 'unreachable', status: 503, message: 'Service RNE injoignable (HTTP 503).' });
    expect(out.account).toMatchObject({ token: 0, last_error: 'Service RNE injoignable (HTTP 503).' });
  });

  it('each failure keeps its own reason in last_error: a locked account (403), an answer without token, a time-out', async () => {
    fake.failNext(/\/api\/sso\/login/, 403);
    const locked = await sync(account.id);
    expect(locked).toMatchObject({ result: 'credentials', status: 403, message: 'Compte bloqué ou accès interdit par le service RNE (HTTP 403).' });
    expect(locked.account).toMatchObject({ token: 0, last_error: 'Compte bloqué ou accès interdit par le service RNE (HTTP 403).' });

    fake.failNext(/\/api\/sso\/login/, 200);
    const odd = await sync(account.id);
    expect(odd).toMatchObject({ result: 'unreachable', status: 200, message: 'Réponse inattendue du service RNE (HTTP 200, sans jeton).' });
    expect(odd.account.last_error).toBe('Réponse inattendue du service RNE (HTTP 200, sans jeton).');

    fake.latencyMs = 3500;
    try {
      const slow = await sync(account.id);
      expect(slow).toMatchObject({ result: 'unreachable', status: null, message: 'Service RNE injoignable (délai dépassé).' });
      expect(slow.account).toMatchObject({ token: 0, last_error: 'Service RNE injoignable (délai dépassé).' });
    } finally {
      fake.latencyMs = 0;
    }
  });

  it('unknown account: 404', async () => {
    const res = await root.get('/api/supervisions/syncInpiAccount/999999');
    expect(res.statusCode).toBe(404);
  });

  it('a service that does not answer: unreachable, no status', async () => {
    await fake.close();
    const out = await sync(account.id);
    expect(out).toMatchObject({ result: 'unreachable', status: null, message: 'Service RNE injoignable (pas de réponse).' });
    expect(out.account.token).toBe(0);
  });
});

describe('logs', () => {
  let app: FastifyInstance;
  let ctx: AppContext;
  let logFake: FakeRne;
  const lines: string[] = [];

  beforeAll(async () => {
    logFake = await startFakeRne();
    const capture = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const database = await freshDatabase();
    const config = loadConfig({ DATA_DIR: '/nonexistent-vigie', ADMIN_EMAIL: SUPER_EMAIL, ADMIN_PASSWORD: SUPER_PASSWORD, APP_KEY: TEST_APP_KEY, LOG_LEVEL: 'trace', RNE_API_URL: logFake.url });
    ctx = { config, database, db: database.db, box: new SecretBox(parseAppKey(TEST_APP_KEY)), jobs: new JobQueue(database) };
    await ensureSuperAdmin(ctx);
    app = await buildApp(ctx, { logStream: capture });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await ctx?.database.close();
    await logFake?.close();
  });

  it('never carry an account password or token, through create, clash, update, list and sync', async () => {
    const c = await new Client(app).login(SUPER_EMAIL, SUPER_PASSWORD);
    const body = { pool: 'officers', email: FAKE_RNE_ACCOUNT.username, password: FAKE_RNE_ACCOUNT.password };
    const created = await c.post('/api/supervisions/rne/accounts', body);
    expect(created.statusCode).toBe(201);
    expect((await c.post('/api/supervisions/rne/accounts', body)).statusCode).toBe(422);
    const id = created.json().id as number;
    expect((await c.post(`/api/supervisions/rne/accounts/${id}`, body)).statusCode).toBe(200);
    expect((await c.get('/api/supervisions/inpiall')).statusCode).toBe(200);
    expect((await c.get(`/api/supervisions/syncInpiAccount/${id}`)).json().result).toBe('ok');
    const [row] = await rowsOf<{ token_enc: string }>(ctx.db, sql`select token_enc from rne_accounts where id = ${id}`);
    const token = ctx.box.decrypt(row.token_enc);
    const logs = lines.join('');
    expect(logs.length).toBeGreaterThan(0);
    expect(logs).toContain('/api/supervisions/syncInpiAccount');
    expect(logs).not.toContain(FAKE_RNE_ACCOUNT.password);
    expect(logs).not.toContain(token);
  });
});
