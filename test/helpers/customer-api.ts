/**
 * Helpers of the customer API tests: an API customer created through the back-office (`/api/customers/store`, as an
 * administrator does on /customers), a token asked on `POST /oauth/token` with its Prod or Sandbox credentials, and
 * `/v1` calls with that token; the wait for the update-log feed to serve what was written.
 */
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../../server/db/client';
import type { CustomerResponse } from '../../contract/customers';
import { rowsOf } from '../../server/db/rows';
import type { Client, TestApp } from './app';

/** A customer as `/api/customers/store` answers it (the contract's type). */
export type ApiCustomer = CustomerResponse;

let seq = 0;

/** Creates an active customer through the back-office. */
export async function newCustomer(admin: Client, name = `Client fictif ${++seq}`): Promise<ApiCustomer> {
  const res = await admin.post('/api/customers/store', { name, status: 1 });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** `POST /oauth/token` with the credentials in the form body. */
export function askToken(t: TestApp, clientId: string, clientSecret: string, grant = 'client_credentials'): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/oauth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ grant_type: grant, client_id: clientId, client_secret: clientSecret }).toString(),
  });
}

/** A bearer token of `customer` for `environment`. */
export async function tokenOf(t: TestApp, customer: ApiCustomer, environment: 'prod' | 'sandbox' = 'prod'): Promise<string> {
  const res = environment === 'prod'
    ? await askToken(t, customer.client_id, customer.client_secret)
    : await askToken(t, customer.client_id_sandbox, customer.client_secret_sandbox);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().access_token;
}

/** `GET` a `/v1` URL with `token`. */
export function v1(t: TestApp, token: string | null, url: string): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
}

/**
 * Waits until `GET /v1/updates` can serve every committed update-log entry of `db`, that is until no transaction
 * older than one of them is still running anywhere on the PostgreSQL cluster (the feed's stable-cursor rule,
 * server/api/updates.ts: another database's long writer holds it back too). Immediate on PGlite.
 * @throws Error when entries are still held back after `timeoutMs`
 */
export async function waitForUpdatesFeed(db: Db, timeoutMs = 20_000): Promise<void> {
  for (const until = Date.now() + timeoutMs; ; await new Promise((r) => setTimeout(r, 100))) {
    const [{ held }] = await rowsOf<{ held: number }>(db, sql`select count(*)::int as held from update_log where xid >= pg_snapshot_xmin(pg_current_snapshot())`);
    if (held === 0) return;
    if (Date.now() > until) throw new Error(`${held} update-log entries still held back by a running transaction after ${timeoutMs} ms`);
  }
}
