/**
 * Deal-entity roles (SPEC sections 2 "/transactions/roles", 3 "Role", 4, 7 "Transactions", 8): a status resource (server/lib/status-resource.ts) at `/api/transactions/{allroles,
 * togglerole/:id, storerole, getRoleRoles/:id, updaterole/:id, removerole}` (delete with the role as body),
 * names unique without regard to case, and no delete while a deal's entity has the role (422 errors.destroy
 * with the number of deals). A rename (name or display name) bumps the revision of the deals using the role,
 * so that the next publication carries it.
 */
import { sql } from 'drizzle-orm';
import type { Status } from '../../../contract/fields';
import { roleBody, roleResponse, roleUpdateBody, type RoleResponse } from '../../../contract/deals';
import { DEAL_ROLES } from '../../../contract/resources';
import type { Db } from '../../db/client';
import { dealRoles } from '../../db/schema';
import { fieldError } from '../../lib/errors';
import { defineStatusResource } from '../../lib/status-resource';
import { rowsOf } from '../../db/rows';

type RoleRow = typeof dealRoles.$inferSelect;

/** Row -> API object. */
export function toRoleResponse(row: RoleRow): RoleResponse {
  return {
    id: row.id,
    name: row.name,
    display_name: row.displayName,
    status: row.status as Status,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** How many deals have an entity with role `id` (indexed on `deal_entities.role_id`). */
export async function roleUsage(db: Db, id: number): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(db, sql`select count(distinct deal_id)::int as n from deal_entities where role_id = ${id}`);
  return Number(row.n);
}

/** '1 transaction' / '1 234 transactions', grouped in French. */
export function dealCount(n: number): string {
  return `${n.toLocaleString('fr-FR')} transaction${n > 1 ? 's' : ''}`;
}

/** Text of the refusal to delete a role in use by `n` deals. */
export function roleInUseMessage(n: number): string {
  return `Ce rôle est utilisé par ${dealCount(n)}\u00a0: il ne peut pas être effacé. Désactivez-le plutôt.`;
}


/**
 * Bumps the revision of every deal that has an entity with role `id`, so that the next publication carries
 * the new name (the published snapshots hold the names; the list's copies follow by trigger).
 * @returns how many deals were bumped
 */
export async function bumpDealsOfRole(db: Db, id: number): Promise<number> {
  const res = await rowsOf<unknown>(db, sql`
    update deals set revision = revision + 1, updated_at = now()
     where id in (select deal_id from deal_entities where role_id = ${id}) returning id`);
  return res.length;
}

/** Deal-entity roles as a status resource. */
export const rolesResource = defineStatusResource({
  table: dealRoles,
  notFound: DEAL_ROLES.notFound,
  unique: { deal_roles_name_lower_uq: { field: 'name', message: 'Ce nom de rôle est déjà utilisé.' } },
  response: roleResponse,
  toResponse: toRoleResponse,
  http: { tag: 'Transactions', paths: DEAL_ROLES.paths },
  store: { body: roleBody, values: (_db, input) => ({ name: input.name, displayName: input.display_name, status: input.status }) },
  update: {
    body: roleUpdateBody,
    values: (_db, input) => ({ name: input.name, displayName: input.display_name }),
    // A rename (name or display name) changes what the deals using the role publish: they are pending again.
    after: async (db, row, _input, _actor, previous) => {
      if (row.name !== previous.name || row.displayName !== previous.displayName) await bumpDealsOfRole(db, row.id);
    },
  },
  guardDelete: async (id, _actor, db) => {
    const n = await roleUsage(db, id);
    if (n > 0) throw fieldError('destroy', roleInUseMessage(n));
  },
});
