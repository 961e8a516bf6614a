/**
 * Client credentials and access tokens of the customer API (OAuth 2.0 client credentials grant, RFC 6749
 * section 4.4), as the model of `@node-oauth/oauth2-server`:
 * - a client is an active customer (`api_customers.status = 1`) found by its Prod or its Sandbox client_id; its
 *   secret is checked by comparing HMACs in constant time (`crypto.timingSafeEqual`); the client_id it used decides
 *   the environment of its tokens (`prod` or `sandbox`);
 * - an access token is 32 random bytes (base64url, 43 characters); only its SHA-256 is stored (`api_tokens`), with
 *   the client_id and secret HMAC it was issued for;
 * - a token is accepted while it has not expired, its customer is active and the customer's credentials for its
 *   environment are still those it was issued for: deactivating the customer or changing its client_id or secret
 *   refuses it on the next call, with no cache in between.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import type { ApiEnvironment } from '../db/schema';
import type { SecretBox } from '../lib/app-key';

/** Who is calling: the customer and the environment of its token. */
export interface ApiClient {
  customerId: number;
  environment: ApiEnvironment;
}

/** The client object handed to the OAuth library (its `id` and `grants` are what the library reads). */
export interface OAuthClient extends ApiClient {
  id: string;
  grants: string[];
  clientId: string;
  secretHash: string;
}

/** SHA-256 (hex) of an access token: the only form stored. */
export function tokenHash(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/** A new access token: 256 random bits, base64url. */
export function newAccessToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/** Constant-time equality of two hex digests (false when their lengths differ). */
function sameDigest(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && crypto.timingSafeEqual(x, y);
}

/**
 * The active customer whose Prod or Sandbox credentials are `clientId` / `clientSecret`, or null (unknown client_id,
 * wrong secret, customer deactivated). The secret's HMAC is computed even when no customer matches, so that the time
 * taken does not tell a known client_id from an unknown one.
 */
export async function findClient(db: Db, box: SecretBox, clientId: string, clientSecret: string): Promise<OAuthClient | null> {
  const given = box.hmac(clientSecret);
  if (!clientId || clientId.length > 255) return null;
  const rows = await rowsOf<{ id: number; status: number; prod: boolean; hash: string }>(
    db,
    sql`select id, status, client_id = ${clientId} as prod,
               case when client_id = ${clientId} then client_secret_hash else client_secret_sandbox_hash end as hash
          from api_customers where client_id = ${clientId} or client_id_sandbox = ${clientId} limit 1`,
  );
  const row = rows[0];
  const match = sameDigest(given, row?.hash ?? '0'.repeat(64));
  if (!row || !match || row.status !== 1) return null;
  return {
    id: String(row.id),
    grants: ['client_credentials'],
    customerId: row.id,
    environment: row.prod ? 'prod' : 'sandbox',
    clientId,
    secretHash: row.hash,
  };
}

/** Stores a token issued to `client` (its hash only). */
export async function saveToken(db: Db, token: string, client: OAuthClient, expiresAt: Date): Promise<void> {
  await db.execute(sql`insert into api_tokens (token_hash, customer_id, environment, client_id, secret_hash, expires_at)
    values (${tokenHash(token)}, ${client.customerId}, ${client.environment}, ${client.clientId}, ${client.secretHash}, ${expiresAt})`);
}

/**
 * The caller of a token, with its expiry, or null when the token is unknown, its customer deactivated, or the
 * customer's credentials for its environment changed since it was issued. Expiry is checked by the caller.
 */
export async function findToken(db: Db, token: string): Promise<(ApiClient & { expiresAt: Date }) | null> {
  const rows = await rowsOf<{ customer_id: number; environment: ApiEnvironment; expires_at: Date | string }>(
    db,
    sql`select t.customer_id, t.environment, t.expires_at
          from api_tokens t join api_customers c on c.id = t.customer_id
         where t.token_hash = ${tokenHash(token)} and c.status = 1
           and case t.environment when 'prod' then c.client_id = t.client_id and c.client_secret_hash = t.secret_hash
                                  else c.client_id_sandbox = t.client_id and c.client_secret_sandbox_hash = t.secret_hash end`,
  );
  const row = rows[0];
  if (!row) return null;
  return { customerId: row.customer_id, environment: row.environment, expiresAt: new Date(row.expires_at) };
}

/** Deletes the tokens expired for more than a day; returns how many. */
export async function purgeExpiredTokens(db: Db): Promise<number> {
  const rows = await rowsOf<{ n: number }>(db, sql`with gone as (delete from api_tokens where expires_at < now() - interval '1 day' returning 1) select count(*)::int as n from gone`);
  return rows[0]?.n ?? 0;
}
