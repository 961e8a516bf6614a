/**
 * API customers and their credentials (SPEC section 3, "API customer").
 * Secrets are stored encrypted (AES-256-GCM, `*_enc`) plus a keyed HMAC-SHA256 (`*_hash`) that
 * makes them unique and searchable without decrypting.
 */
import { index, pgTable, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

export const apiCustomers = pgTable(
  'api_customers',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 255 }).notNull(),
    clientId: varchar('client_id', { length: 255 }).notNull(),
    clientSecretEnc: text('client_secret_enc').notNull(),
    clientSecretHash: varchar('client_secret_hash', { length: 64 }).notNull(),
    clientIdSandbox: varchar('client_id_sandbox', { length: 255 }).notNull(),
    clientSecretSandboxEnc: text('client_secret_sandbox_enc').notNull(),
    clientSecretSandboxHash: varchar('client_secret_sandbox_hash', { length: 64 }).notNull(),
    status: smallint('status').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('api_customers_client_id_uq').on(t.clientId),
    uniqueIndex('api_customers_client_id_sandbox_uq').on(t.clientIdSandbox),
    uniqueIndex('api_customers_client_secret_hash_uq').on(t.clientSecretHash),
    uniqueIndex('api_customers_client_secret_sandbox_hash_uq').on(t.clientSecretSandboxHash),
    index('api_customers_name_idx').on(t.name),
    index('api_customers_status_idx').on(t.status),
  ],
);
