/**
 * Administrators (SPEC "Administrators", sections 4 and 7): a status resource (server/lib/status-resource.ts)
 * with the protection rules of `rules.ts`, case-insensitive unique emails and argon2id passwords. A taken email
 * is reported with the body's other errors (a weak password…) in one 422.
 * Disabling or deleting an account revokes its sessions; a new password revokes its sessions except
 * the caller's own.
 */
import { sql } from 'drizzle-orm';
import { ADMINS } from '../../../contract/resources';
import { adminResponse, adminStoreBody, adminUpdateBody, type AdminStoreInput, type AdminUpdateInput } from '../../../contract/admins';
import type { Db } from '../../db/client';
import { admins } from '../../db/schema';
import { fieldError, type FieldErrors } from '../../lib/errors';
import { revokeSessions } from '../../http/session';
import { hashPassword } from '../../lib/password';
import { defineStatusResource, type Actor } from '../../lib/status-resource';
import { toAdminResponse } from './mapping';
import { assertMayDelete, assertMayDisable, assertSuperAdminCredentialsKept } from './rules';

const EMAIL_TAKEN = 'Cet email est déjà utilisé par un autre administrateur.';

type AdminRow = typeof admins.$inferSelect;

/** Finds an administrator by email, case-insensitively. */
export async function findAdminByEmail(db: Db, email: string): Promise<AdminRow | undefined> {
  const [row] = await db.select().from(admins).where(sql`lower(${admins.email}) = ${email.toLowerCase()}`);
  return row;
}

/**
 * The taken-email error of a raw request body (`{email}` as sent, trimmed), for the 422 that gives every field
 * error at once (`check` of the status resource): empty when the email is free, absent or not text.
 * @param exceptId - the administrator being updated (their own email is free for them)
 */
async function emailTakenErrors(db: Db, body: unknown, exceptId?: number): Promise<FieldErrors> {
  const email = typeof body === 'object' && body !== null ? (body as { email?: unknown }).email : undefined;
  if (typeof email !== 'string' || email.trim() === '') return {};
  const other = await findAdminByEmail(db, email.trim());
  return other && other.id !== exceptId ? { email: [EMAIL_TAKEN] } : {};
}

/** Checked before hashing a password; the unique index decides between concurrent writes. */
async function assertEmailFree(db: Db, email: string, exceptId?: number): Promise<void> {
  const other = await findAdminByEmail(db, email);
  if (other && other.id !== exceptId) throw fieldError('email', EMAIL_TAKEN);
}

/** Administrators as a status resource: routes `/api/admins/{all, togglestatus, store, getUserRoles, update, :id}`. */
export const adminsResource = defineStatusResource({
  table: admins,
  notFound: ADMINS.notFound,
  unique: { admins_email_lower_uq: { field: 'email', message: EMAIL_TAKEN } },
  response: adminResponse,
  toResponse: toAdminResponse,
  http: { tag: 'Administrateurs' },
  store: {
    body: adminStoreBody,
    check: (db, body) => emailTakenErrors(db, body),
    values: async (db, input) => {
      await assertEmailFree(db, input.email);
      return { name: input.name, email: input.email, passwordHash: await hashPassword(input.password), status: input.status };
    },
  },
  update: {
    body: adminUpdateBody,
    check: (db, body, id) => emailTakenErrors(db, body, id),
    values: async (db, input, current) => {
      assertSuperAdminCredentialsKept(current.id, { currentEmail: current.email, email: input.email, password: input.password });
      await assertEmailFree(db, input.email, current.id);
      return { name: input.name, email: input.email, ...(input.password ? { passwordHash: await hashPassword(input.password) } : {}) };
    },
    after: async (db, row, input, actor) => {
      if (input.password && row.status === 1) await revokeSessions(db, row.id, row.id === actor.id ? actor.sessionId : undefined);
    },
  },
  guardDisable: (id, actor) => assertMayDisable(id, actor.id),
  onDisabled: (db, id) => revokeSessions(db, id),
  guardDelete: (id, actor) => assertMayDelete(id, actor.id),
});

/** @throws AppError 404 'User does not exist!' */
export function getAdmin(db: Db, id: number): Promise<AdminRow> {
  return adminsResource.find(db, id);
}

/** Creates an administrator. @throws AppError 422 errors.email when the email is taken */
export function createAdmin(db: Db, input: AdminStoreInput): Promise<AdminRow> {
  return adminsResource.create(db, input);
}

/**
 * Updates an administrator on behalf of `actor` (session `actor.sessionId`).
 * @throws AppError 404, 422 errors.email (taken) or errors.status (protected account)
 */
export function updateAdmin(db: Db, id: number, input: AdminUpdateInput, actor: Actor): Promise<AdminRow> {
  return adminsResource.update(db, id, input, actor);
}

