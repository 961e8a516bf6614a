/**
 * Administrators (SPEC "Administrators", sections 4 and 7): list, read, create, update, toggle and
 * delete, with the protection rules of `rules.ts`. Disabling or deleting an account revokes its
 * sessions; a new password revokes its sessions except the caller's own.
 */
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { admins } from '../../db/schema';
import { fieldError, notFound } from '../../http/errors';
import { revokeSessions } from '../../http/session';
import { isUniqueViolation } from '../../lib/db-errors';
import { hashPassword } from '../../lib/password';
import { toggleStatus } from '../../lib/status-toggle';
import { assertMayDelete, assertMayDisable } from './rules';
import type { AdminStoreInput, AdminUpdateInput } from './schemas';

export const ADMIN_NOT_FOUND = 'User does not exist!';
const EMAIL_TAKEN = 'Cet email est déjà utilisé par un autre administrateur.';

type AdminRow = typeof admins.$inferSelect;

/** Every administrator, newest first. */
export function listAdmins(db: Db): Promise<AdminRow[]> {
  return db.select().from(admins).orderBy(desc(admins.id));
}

/** @throws AppError 404 'User does not exist!' */
export async function getAdmin(db: Db, id: number): Promise<AdminRow> {
  const [row] = await db.select().from(admins).where(eq(admins.id, id));
  if (!row) throw notFound(ADMIN_NOT_FOUND);
  return row;
}

/** Finds an administrator by email, case-insensitively. */
export async function findAdminByEmail(db: Db, email: string): Promise<AdminRow | undefined> {
  const [row] = await db.select().from(admins).where(sql`lower(${admins.email}) = ${email.toLowerCase()}`);
  return row;
}

async function assertEmailFree(db: Db, email: string, exceptId?: number): Promise<void> {
  const other = await findAdminByEmail(db, email);
  if (other && other.id !== exceptId) throw fieldError('email', EMAIL_TAKEN);
}

/** Creates an administrator. @throws AppError 422 errors.email when the email is taken */
export async function createAdmin(db: Db, input: AdminStoreInput & { firstname?: string }): Promise<AdminRow> {
  await assertEmailFree(db, input.email);
  const passwordHash = await hashPassword(input.password);
  try {
    const [row] = await db
      .insert(admins)
      .values({ name: input.name, firstname: input.firstname ?? '', email: input.email, passwordHash, status: input.status })
      .returning();
    return row;
  } catch (err) {
    if (isUniqueViolation(err, 'admins_email_lower_uq')) throw fieldError('email', EMAIL_TAKEN);
    throw err;
  }
}

/**
 * Updates an administrator on behalf of `actor` (session `actorSessionId`).
 * @throws AppError 404, 422 errors.email (taken) or errors.status (protected account)
 */
export async function updateAdmin(
  db: Db,
  id: number,
  input: AdminUpdateInput,
  actor: { id: number; sessionId?: string },
): Promise<AdminRow> {
  const current = await getAdmin(db, id);
  const status = input.status ?? current.status;
  if (current.status === 1 && status === 0) assertMayDisable(id, actor.id);
  await assertEmailFree(db, input.email, id);
  const values: Partial<typeof admins.$inferInsert> = {
    name: input.name,
    email: input.email,
    status,
    updatedAt: new Date(),
  };
  if (input.password) values.passwordHash = await hashPassword(input.password);
  try {
    const [row] = await db.update(admins).set(values).where(eq(admins.id, id)).returning();
    if (status === 0) await revokeSessions(db, id);
    else if (input.password) await revokeSessions(db, id, id === actor.id ? actor.sessionId : undefined);
    return row;
  } catch (err) {
    if (isUniqueViolation(err, 'admins_email_lower_uq')) throw fieldError('email', EMAIL_TAKEN);
    throw err;
  }
}

/** Flips the status. @throws AppError 404, or 422 errors.status for the super admin or oneself */
export async function toggleAdmin(db: Db, id: number, actorId: number): Promise<AdminRow> {
  const row = await toggleStatus(db, admins, id, (current) => {
    if (current.status === 1) assertMayDisable(id, actorId);
  });
  if (!row) throw notFound(ADMIN_NOT_FOUND);
  if (row.status === 0) await revokeSessions(db, id);
  return row;
}

/** Deletes an administrator (sessions and avatar cascade). @throws AppError 404, or 422 errors.destroy */
export async function deleteAdmin(db: Db, id: number, actorId: number): Promise<void> {
  assertMayDelete(id, actorId);
  const deleted = await db.delete(admins).where(eq(admins.id, id)).returning({ id: admins.id });
  if (deleted.length === 0) throw notFound(ADMIN_NOT_FOUND);
}

/** Counts for the dashboard. */
export async function countAdmins(db: Db): Promise<{ active: number; total: number }> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int`, active: sql<number>`count(*) filter (where ${admins.status} = 1)::int` })
    .from(admins);
  return { active: Number(row.active), total: Number(row.total) };
}
