/**
 * API customers (SPEC "API customers", sections 4 and 7): a status resource (server/lib/status-resource.ts)
 * created with generated credentials; on update the credentials are editable, validated, and unique
 * across Prod and Sandbox. Secrets are sealed at rest with the APP_KEY box. Changing a secret asks an
 * administrator with a second factor for a code of the last 10 minutes (403 `mfa_step_up`, auth module).
 * Each customer as listed or read carries today's calls to the customer API (`calls_today`, Prod and Sandbox, the
 * Paris day), read from `api_usage_daily` by its primary key.
 */
import { and, getTableColumns, ne, or, sql } from 'drizzle-orm';
import { CUSTOMERS } from '../../../contract/resources';
import {
  customerLabels,
  customerResponse,
  customerStoreBody,
  customerUpdateBody,
  type CustomerStoreInput,
  type CustomerUpdateInput,
} from '../../../contract/customers';
import type { Db } from '../../db/client';
import { apiCustomers } from '../../db/schema';
import { validationError, type FieldErrors } from '../../lib/errors';
import type { SecretBox } from '../../lib/app-key';
import { PARIS_TODAY } from '../../lib/paris-day';
import { defineStatusResource } from '../../lib/status-resource';
import { assertFreshSecondFactor } from '../auth';
import { generateCredentials, sealCredentials, toCustomerResponse } from './credentials';

// Qualified by hand: inside the sub-select Drizzle would render `"id"` unqualified.
const callsToday = sql<number>`(select coalesce(sum(u.calls), 0) from api_usage_daily u
  where u.customer_id = "api_customers"."id" and u.day = ${PARIS_TODAY})::float8`.mapWith(Number);

/** What list and find select: the row and today's calls (both environments). */
const columns = { ...getTableColumns(apiCustomers), callsToday };

type CustomerRow = typeof apiCustomers.$inferSelect & { callsToday: number };

const taken = (label: string) => `Cette valeur du champ ${label} est déjà utilisée.`;

/** Checks that ids and secrets differ from each other and from every other customer's. */
async function assertCredentialsFree(db: Db, box: SecretBox, id: number, input: CustomerUpdateInput): Promise<void> {
  const errors: FieldErrors = {};
  if (input.client_id === input.client_id_sandbox) errors.client_id_sandbox = [taken(customerLabels.client_id_sandbox)];
  if (input.client_secret === input.client_secret_sandbox) errors.client_secret_sandbox = [taken(customerLabels.client_secret_sandbox)];
  const checks: Array<[keyof CustomerUpdateInput, ReturnType<typeof sql>]> = [
    ['client_id', sql`${input.client_id} in (${apiCustomers.clientId}, ${apiCustomers.clientIdSandbox})`],
    ['client_id_sandbox', sql`${input.client_id_sandbox} in (${apiCustomers.clientId}, ${apiCustomers.clientIdSandbox})`],
    ['client_secret', sql`${box.hmac(input.client_secret)} in (${apiCustomers.clientSecretHash}, ${apiCustomers.clientSecretSandboxHash})`],
    [
      'client_secret_sandbox',
      sql`${box.hmac(input.client_secret_sandbox)} in (${apiCustomers.clientSecretHash}, ${apiCustomers.clientSecretSandboxHash})`,
    ],
  ];
  const [row] = await db
    .select({
      client_id: sql<boolean>`bool_or(${checks[0][1]})`,
      client_id_sandbox: sql<boolean>`bool_or(${checks[1][1]})`,
      client_secret: sql<boolean>`bool_or(${checks[2][1]})`,
      client_secret_sandbox: sql<boolean>`bool_or(${checks[3][1]})`,
    })
    .from(apiCustomers)
    .where(
      and(
        ne(apiCustomers.id, id),
        or(...checks.map(([, cond]) => cond)),
      ),
    );
  for (const [field] of checks) {
    if (row?.[field as keyof typeof row]) errors[field] ??= [taken(customerLabels[field as keyof typeof customerLabels])];
  }
  if (Object.keys(errors).length) throw validationError(errors);
}

/**
 * API customers as a status resource: routes `/api/customers/{all, togglestatus, store, getUserRoles, update, :id}`.
 * @param box - seals the secrets written and opens the secrets answered
 */
export function customersResource(box: SecretBox) {
  return defineStatusResource({
    table: apiCustomers,
    columns,
    // Calls come from the customer API, not from a write of the record.
    unaudited: ['calls_today'],
    notFound: CUSTOMERS.notFound,
    // Two concurrent updates racing for one value: the unique index decides.
    unique: {
      api_customers_client_id_uq: { field: 'client_id', message: taken(customerLabels.client_id) },
      api_customers_client_id_sandbox_uq: { field: 'client_id_sandbox', message: taken(customerLabels.client_id_sandbox) },
      api_customers_client_secret_hash_uq: { field: 'client_secret', message: taken(customerLabels.client_secret) },
      api_customers_client_secret_sandbox_hash_uq: { field: 'client_secret_sandbox', message: taken(customerLabels.client_secret_sandbox) },
    },
    response: customerResponse,
    toResponse: (row: CustomerRow) => ({ ...toCustomerResponse(box, row), calls_today: Number(row.callsToday) }),
    http: { tag: "Clients de l'api", secretReads: true },
    // New random credentials at each attempt (a collision is astronomically rare).
    store: {
      body: customerStoreBody,
      values: (_db, input) => ({ name: input.name, status: input.status, ...sealCredentials(box, generateCredentials()) }),
      retries: 2,
    },
    update: {
      body: customerUpdateBody,
      values: async (db, input, current, actor) => {
        const secretChanged =
          box.hmac(input.client_secret) !== current.clientSecretHash || box.hmac(input.client_secret_sandbox) !== current.clientSecretSandboxHash;
        if (secretChanged) await assertFreshSecondFactor(db, actor);
        await assertCredentialsFree(db, box, current.id, input);
        return { name: input.name, ...sealCredentials(box, input) };
      },
    },
  });
}

/** Creates a customer with new random credentials. */
export function createCustomer(db: Db, box: SecretBox, input: CustomerStoreInput): Promise<CustomerRow> {
  return customersResource(box).create(db, input);
}

