/**
 * API customers (SPEC "API customers", sections 4 and 7): list, read, create with generated
 * credentials, update (credentials editable, validated, unique across Prod and Sandbox), toggle, delete.
 */
import { and, desc, eq, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiCustomers } from '../../db/schema';
import { notFound, validationError, type FieldErrors } from '../../http/errors';
import type { SecretBox } from '../../lib/app-key';
import { isUniqueViolation } from '../../lib/db-errors';
import { toggleStatus } from '../../lib/status-toggle';
import { generateCredentials, sealCredentials } from './credentials';
import { customerLabels, type CustomerStoreInput, type CustomerUpdateInput } from './schemas';

export const CUSTOMER_NOT_FOUND = 'User does not exist!';
type CustomerRow = typeof apiCustomers.$inferSelect;

/** Every customer, newest first. */
export function listCustomers(db: Db): Promise<CustomerRow[]> {
  return db.select().from(apiCustomers).orderBy(desc(apiCustomers.id));
}

/** @throws AppError 404 'User does not exist!' */
export async function getCustomer(db: Db, id: number): Promise<CustomerRow> {
  const [row] = await db.select().from(apiCustomers).where(eq(apiCustomers.id, id));
  if (!row) throw notFound(CUSTOMER_NOT_FOUND);
  return row;
}

/** Creates a customer with new random credentials (retried on the astronomically rare collision). */
export async function createCustomer(db: Db, box: SecretBox, input: CustomerStoreInput): Promise<CustomerRow> {
  for (let attempt = 0; ; attempt++) {
    try {
      const [row] = await db
        .insert(apiCustomers)
        .values({ name: input.name, status: input.status, ...sealCredentials(box, generateCredentials()) })
        .returning();
      return row;
    } catch (err) {
      if (attempt >= 2 || !isUniqueViolation(err)) throw err;
    }
  }
}

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

/** Updates name, status and credentials. @throws AppError 404, or 422 with the taken fields */
export async function updateCustomer(db: Db, box: SecretBox, id: number, input: CustomerUpdateInput): Promise<CustomerRow> {
  const current = await getCustomer(db, id);
  await assertCredentialsFree(db, box, id, input);
  try {
    const [row] = await db
      .update(apiCustomers)
      .set({ name: input.name, status: input.status ?? current.status, ...sealCredentials(box, input), updatedAt: new Date() })
      .where(eq(apiCustomers.id, id))
      .returning();
    return row;
  } catch (err) {
    // Two concurrent updates racing for one value: the unique index decides.
    if (isUniqueViolation(err)) throw validationError({ client_id: [taken(customerLabels.client_id)] });
    throw err;
  }
}

/** Flips the status. @throws AppError 404 */
export async function toggleCustomer(db: Db, id: number): Promise<CustomerRow> {
  const row = await toggleStatus(db, apiCustomers, id);
  if (!row) throw notFound(CUSTOMER_NOT_FOUND);
  return row;
}

/** Deletes a customer. @throws AppError 404 */
export async function deleteCustomer(db: Db, id: number): Promise<void> {
  const deleted = await db.delete(apiCustomers).where(eq(apiCustomers.id, id)).returning({ id: apiCustomers.id });
  if (deleted.length === 0) throw notFound(CUSTOMER_NOT_FOUND);
}

/** Counts for the dashboard. */
export async function countCustomers(db: Db): Promise<{ active: number; total: number }> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      active: sql<number>`count(*) filter (where ${apiCustomers.status} = 1)::int`,
    })
    .from(apiCustomers);
  return { active: Number(row.active), total: Number(row.total) };
}
