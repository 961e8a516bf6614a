/**
 * The customer of the API bench and load runs, and its Prod bearer token: the customer « Bench API <key> » (created
 * once per APP_KEY with the customers service, server/modules/customers/service.ts `createCustomer`, then reused:
 * its credentials are sealed with that key, and the bench and load runs have keys of their own), whose Prod
 * credentials ask `POST /oauth/token` (RFC 6749 section 4.4, client_id and client_secret in the form body) of the
 * running app at `base`.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../server/db/client';
import { apiCustomers } from '../server/db/schema';
import type { SecretBox } from '../server/lib/app-key';
import { toCustomerResponse } from '../server/modules/customers/credentials';
import { createCustomer } from '../server/modules/customers/service';

/** The name of the bench customer of the APP_KEY of `box`. */
export function benchCustomerName(box: SecretBox): string {
  return `Bench API ${box.hmac('bench-api').slice(0, 8)}`;
}

/**
 * A Prod access token of the bench customer, from the app at `base` (e.g. `http://127.0.0.1:8080`).
 * @throws Error with the status and body when the token is refused
 */
export async function benchApiToken(db: Db, box: SecretBox, base: string): Promise<string> {
  const name = benchCustomerName(box);
  const [found] = await db.select().from(apiCustomers).where(eq(apiCustomers.name, name)).limit(1);
  const row = found ?? (await createCustomer(db, box, { name, status: 1 }));
  const customer = toCustomerResponse(box, row);
  const res = await fetch(`${base}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: customer.client_id, client_secret: customer.client_secret }).toString(),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`POST /oauth/token: ${res.status} ${text.slice(0, 300)}`);
  return (JSON.parse(text) as { access_token: string }).access_token;
}
