/**
 * Nothing of a customer's secret reaches the log: the app's own logger (pino, as buildApp configures it, at `trace`)
 * writes into a captured stream while tokens are asked (form body, HTTP Basic, a wrong secret) and used, and while
 * the token lookup fails in the database with the token's hash bound; the captured lines are then searched for the
 * secrets, the tokens and their hashes.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { tokenHash } from '../../server/api/tokens';
import { buildApp } from '../../server/app';
import { ensureSuperAdmin } from '../../server/bootstrap';
import { loadConfig } from '../../server/config';
import type { AppContext } from '../../server/context';
import { parseAppKey, SecretBox } from '../../server/lib/app-key';
import { JobQueue } from '../../server/jobs/queue';
import { Client, SUPER_EMAIL, SUPER_PASSWORD, TEST_APP_KEY, TEST_PASSWORD_HASH_ENV } from '../helpers/app';
import { newCustomer } from '../helpers/customer-api';
import { freshDatabase } from '../helpers/db';

const lines: string[] = [];
const capture = new Writable({
  write(chunk, _enc, done) {
    lines.push(String(chunk));
    done();
  },
});

let app: FastifyInstance;
let database: Awaited<ReturnType<typeof freshDatabase>>;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigie-api-logs-'));

beforeAll(async () => {
  database = await freshDatabase();
  const config = loadConfig({ DATA_DIR: dataDir, ADMIN_EMAIL: SUPER_EMAIL, ADMIN_PASSWORD: SUPER_PASSWORD, APP_KEY: TEST_APP_KEY, LOG_LEVEL: 'trace', ...TEST_PASSWORD_HASH_ENV });
  const ctx: AppContext = { config, database, db: database.db, box: new SecretBox(parseAppKey(TEST_APP_KEY)), jobs: new JobQueue(database) };
  await ensureSuperAdmin(ctx);
  app = await buildApp(ctx, { logStream: capture });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const form = (body: Record<string, string>, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/oauth/token', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, payload: new URLSearchParams(body).toString() });

it('logs no client secret, no access token and no token hash, even when the token lookup fails', async () => {
  const root = await new Client(app).login(SUPER_EMAIL, SUPER_PASSWORD);
  const c = await newCustomer(root);
  const byBody = await form({ grant_type: 'client_credentials', client_id: c.client_id, client_secret: c.client_secret });
  expect(byBody.statusCode).toBe(200);
  const basic = 'Basic ' + Buffer.from(`${c.client_id_sandbox}:${c.client_secret_sandbox}`).toString('base64');
  const byBasic = await form({ grant_type: 'client_credentials' }, { authorization: basic });
  expect(byBasic.statusCode).toBe(200);
  expect((await form({ grant_type: 'client_credentials', client_id: c.client_id, client_secret: c.client_secret + 'wrong' })).statusCode).toBe(400);
  const token: string = byBody.json().access_token;
  expect((await app.inject({ method: 'GET', url: '/v1/news', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(200);

  // The lookup fails with the token's hash bound: a 500 problem, logged without the bound value.
  await database.db.execute(sql`alter table api_tokens rename column expires_at to expires_at_gone`);
  const failed = await app.inject({ method: 'GET', url: '/v1/news', headers: { authorization: `Bearer ${token}` } });
  expect(failed.statusCode).toBe(500);
  expect(failed.json()).toEqual({ type: '/v1/problems/server-error', title: 'Erreur interne', status: 500, instance: '/v1/news' });
  await database.db.execute(sql`alter table api_tokens rename column expires_at_gone to expires_at`);

  const log = lines.join('');
  expect(log).toContain('/oauth/token');
  expect(log).toContain('customer API: unexpected error');
  for (const secret of [c.client_secret, c.client_secret_sandbox, token, byBasic.json().access_token, tokenHash(token), basic.slice(6)]) {
    expect(log).not.toContain(secret);
  }
});

