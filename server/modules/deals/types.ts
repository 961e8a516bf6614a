/**
 * Deal types (SPEC sections 2 "/transactions/types", 3 "Type", 4, 7 "Transactions", 8): a
 * status resource (server/lib/status-resource.ts) at `/api/transactions/{alltypes, toggletype/:id, storetype,
 * getTypeRoles/:id, updatetype/:id, removetype}` (delete with the type as body), names unique without regard
 * to case, and no delete while a deal has the type as type 1 or 2 (422 errors.destroy with the number of
 * deals). A rename bumps the revision of the deals of the type, so that the next publication carries it.
 */
import { sql } from 'drizzle-orm';
import type { Status } from '../../../contract/fields';
import { typeBody, typeResponse, typeUpdateBody, type TypeResponse } from '../../../contract/deals';
import { DEAL_TYPES } from '../../../contract/resources';
import type { Db } from '../../db/client';
import { dealTypes } from '../../db/schema';
import { fieldError } from '../../lib/errors';
import { defineStatusResource } from '../../lib/status-resource';
import { dealCount } from './roles';
import { rowsOf } from '../../db/rows';

type TypeRow = typeof dealTypes.$inferSelect;

/** Row -> API object. */
export function toTypeResponse(row: TypeRow): TypeResponse {
  return {
    id: row.id,
    name: row.name,
    status: row.status as Status,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** How many deals have type `id` as type 1 or type 2 (two indexed lookups). */
export async function typeUsage(db: Db, id: number): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(db,
    sql`select count(*)::int as n from deals where deal_type1_id = ${id} or deal_type2_id = ${id}`,
  );
  return Number(row.n);
}

/** Text of the refusal to delete a type in use by `n` deals. */
export function typeInUseMessage(n: number): string {
  return `Ce type est utilisé par ${dealCount(n)}\u00a0: il ne peut pas être effacé. Désactivez-le plutôt.`;
}


/**
 * Bumps the revision of every deal of type `id` (type 1 or 2), so that the next publication carries the new
 * name (the published snapshots hold the names; the list's copies follow by trigger).
 * @returns how many deals were bumped
 */
export async function bumpDealsOfType(db: Db, id: number): Promise<number> {
  const res = await rowsOf<unknown>(db, sql`
    update deals set revision = revision + 1, updated_at = now()
     where deal_type1_id = ${id} or deal_type2_id = ${id} returning id`);
  return res.length;
}

/** Deal types as a status resource. */
export const typesResource = defineStatusResource({
  table: dealTypes,
  notFound: DEAL_TYPES.notFound,
  unique: { deal_types_name_lower_uq: { field: 'name', message: 'Ce nom de type est déjà utilisé.' } },
  response: typeResponse,
  toResponse: toTypeResponse,
  http: { tag: 'Transactions', paths: DEAL_TYPES.paths },
  store: { body: typeBody, values: (_db, input) => ({ name: input.name, status: input.status }) },
  update: {
    body: typeUpdateBody,
    values: (_db, input) => ({ name: input.name }),
    // A rename changes what the deals of the type publish: they are pending again.
    after: async (db, row, _input, _actor, previous) => {
      if (row.name !== previous.name) await bumpDealsOfType(db, row.id);
    },
  },
  guardDelete: async (id, _actor, db) => {
    const n = await typeUsage(db, id);
    if (n > 0) throw fieldError('destroy', typeInUseMessage(n));
  },
});
