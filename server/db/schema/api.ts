/**
 * The customer API's own tables (OAuth 2.0 client credentials, RFC 6749 section 4.4):
 * - `api_tokens`: one row per access token issued by `POST /oauth/token`, stored as the SHA-256 of the token
 *   (hex), never in clear. A token names the customer, the environment its credentials gave (`prod` or `sandbox`)
 *   and the credentials it was issued for (client_id and the secret's HMAC): when the customer is deactivated or
 *   the credentials change on `/customers/{id}/edit`, they no longer match and the token is refused at once.
 * - `api_usage_daily`: calls, errors (answers >= 400) and the last call per customer, environment and day
 *   (Europe/Paris), added to by set-based writes from each process's counters.
 */
import { bigint, char, date, index, integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';
import { apiCustomers } from './customers';

/** The two environments of a customer's credentials (SPEC "API customer": client_id / client_id_sandbox). */
export const API_ENVIRONMENTS = ['prod', 'sandbox'] as const;
export type ApiEnvironment = (typeof API_ENVIRONMENTS)[number];

export const apiTokens = pgTable(
  'api_tokens',
  {
    /** SHA-256 of the access token, hex. */
    tokenHash: char('token_hash', { length: 64 }).primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => apiCustomers.id, { onDelete: 'cascade' }),
    environment: varchar('environment', { length: 8 }).$type<ApiEnvironment>().notNull(),
    /** The client_id the token was issued to. */
    clientId: varchar('client_id', { length: 255 }).notNull(),
    /** The HMAC of the secret the token was issued for (`api_customers.client_secret*_hash`). */
    secretHash: varchar('secret_hash', { length: 64 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('api_tokens_expires_idx').on(t.expiresAt), index('api_tokens_customer_idx').on(t.customerId)],
);

export const apiUsageDaily = pgTable(
  'api_usage_daily',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => apiCustomers.id, { onDelete: 'cascade' }),
    /** Calendar day in Europe/Paris. */
    day: date('day', { mode: 'string' }).notNull(),
    environment: varchar('environment', { length: 8 }).$type<ApiEnvironment>().notNull(),
    calls: bigint('calls', { mode: 'number' }).notNull().default(0),
    /** Answers with a status >= 400. */
    errors: bigint('errors', { mode: 'number' }).notNull().default(0),
    lastCallAt: timestamp('last_call_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.day, t.environment] })],
);
