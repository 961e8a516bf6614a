/**
 * Groups of SIRENs (SPEC "Groups"; issue 3 point 3): CRUD with case-insensitive unique names, toggles,
 * and the SIREN list: all-or-nothing validated additions (bulk, idempotent), removals, server-side pages.
 */
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { groupSirens, groups } from '../../db/schema';
import { fieldError, notFound, validationError } from '../../http/errors';
import { runList, type FilterBody, type Page } from '../../http/listing';
import { isUniqueViolation } from '../../lib/db-errors';
import { normaliseSiren } from '../../lib/siren';
import { toggleStatus } from '../../lib/status-toggle';
import { GROUP_NOT_FOUND, type GroupInput, type GroupResponse, type GroupUpdateInput } from './schemas';

const NAME_TAKEN = 'Ce nom de groupe est déjà utilisé.';
const MAX_LISTED_ERRORS = 50;

// Qualified by hand: inside the sub-select Drizzle would render `"id"`, which would bind to gs.id.
const sirensCount = sql<number>`(select count(*) from group_sirens gs where gs.group_id = "groups"."id")::int`;
const columns = {
  id: groups.id,
  name: groups.name,
  status: groups.status,
  sirensCount,
  createdAt: groups.createdAt,
  updatedAt: groups.updatedAt,
};
type GroupRow = { id: number; name: string; status: number; sirensCount: number; createdAt: Date; updatedAt: Date };

/** Maps a row to the API object. */
export function toGroupResponse(row: GroupRow): GroupResponse {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    sirens_count: Number(row.sirensCount),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Every group with its SIREN count, newest first. */
export function listGroups(db: Db): Promise<GroupRow[]> {
  return db.select(columns).from(groups).orderBy(desc(groups.id));
}

/** @throws AppError 404 'Group does not exist!' */
export async function getGroup(db: Db, id: number): Promise<GroupRow> {
  const [row] = await db.select(columns).from(groups).where(eq(groups.id, id));
  if (!row) throw notFound(GROUP_NOT_FOUND);
  return row;
}

async function guardName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err, 'groups_name_lower_uq')) throw fieldError('name', NAME_TAKEN);
    throw err;
  }
}

/** Creates a group. @throws AppError 422 errors.name when the name is taken (any case) */
export async function createGroup(db: Db, input: GroupInput): Promise<GroupRow> {
  const [row] = await guardName(() => db.insert(groups).values(input).returning({ id: groups.id }));
  return getGroup(db, row.id);
}

/** Renames / (de)activates a group. @throws AppError 404, 422 errors.name */
export async function updateGroup(db: Db, id: number, input: GroupUpdateInput): Promise<GroupRow> {
  const values = { name: input.name, ...(input.status === undefined ? {} : { status: input.status }), updatedAt: new Date() };
  const updated = await guardName(() => db.update(groups).set(values).where(eq(groups.id, id)).returning({ id: groups.id }));
  if (updated.length === 0) throw notFound(GROUP_NOT_FOUND);
  return getGroup(db, id);
}

/** Flips the status. @throws AppError 404 */
export async function toggleGroup(db: Db, id: number): Promise<GroupRow> {
  const row = await toggleStatus(db, groups, id);
  if (!row) throw notFound(GROUP_NOT_FOUND);
  return getGroup(db, id);
}

/** Deletes a group and its SIRENs in one transaction. @throws AppError 404 */
export async function deleteGroup(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(groupSirens).where(eq(groupSirens.groupId, id));
    const deleted = await tx.delete(groups).where(eq(groups.id, id)).returning({ id: groups.id });
    if (deleted.length === 0) throw notFound(GROUP_NOT_FOUND);
  });
}

/**
 * Adds SIRENs to a group: every entry is validated first (spaces removed, 9 digits, Luhn); if any is
 * invalid nothing is added and the 422 lists the invalid lines under `errors.sirens`. SIRENs already
 * in the group (or repeated in the call) are counted as already present.
 * @param lines - optional line number of each entry as the user typed it (defaults to its position)
 * @throws AppError 404, 422 errors.sirens
 */
export async function addSirens(db: Db, groupId: number, values: string[], lines?: number[]) {
  const invalid: string[] = [];
  const unique = new Set<string>();
  values.forEach((raw, i) => {
    const s = normaliseSiren(raw);
    if (s) unique.add(s);
    else if (invalid.length <= MAX_LISTED_ERRORS) invalid.push(`Ligne ${lines?.[i] ?? i + 1} : « ${raw.trim().slice(0, 30)} » n'est pas un siren valide.`);
  });
  if (invalid.length) {
    const total = values.filter((v) => !normaliseSiren(v)).length;
    const listed = invalid.slice(0, MAX_LISTED_ERRORS);
    if (total > listed.length) listed.push(`… et ${total - listed.length} autre(s) ligne(s) invalide(s).`);
    throw validationError({ sirens: listed });
  }
  const sirens = [...unique];
  return db.transaction(async (tx) => {
    const [group] = await tx.select({ id: groups.id }).from(groups).where(eq(groups.id, groupId)).for('update');
    if (!group) throw notFound(GROUP_NOT_FOUND);
    const res = (await tx.execute(sql`
      with ins as (
        insert into group_sirens (group_id, siren)
        select ${groupId}, s from unnest(${sql.param(sirens)}::text[]) s
        on conflict (group_id, siren) do nothing
        returning 1
      ) select count(*)::int as added from ins`)) as unknown as { rows: Array<{ added: number }> };
    const added = Number(res.rows[0].added);
    await tx.update(groups).set({ updatedAt: new Date() }).where(eq(groups.id, groupId));
    const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(groupSirens).where(eq(groupSirens.groupId, groupId));
    return { added, already_present: values.length - added, sirens_count: Number(n) };
  });
}

/** Removes one SIREN row (by its id) from its group. @throws AppError 404 */
export async function removeSiren(db: Db, sirenRowId: number): Promise<void> {
  const deleted = await db.delete(groupSirens).where(eq(groupSirens.id, sirenRowId)).returning({ id: groupSirens.id });
  if (deleted.length === 0) throw notFound('Siren does not exist!');
}

/** One page of a group's SIRENs (sort id / siren; search: digits of a SIREN prefix). @throws AppError 404 */
export async function filterGroupSirens(db: Db, groupId: number, body: FilterBody, page: number) {
  await getGroup(db, groupId);
  return runList<{ id: number; siren: string; created_at: string }>(
    db,
    {
      select: sql`gs.id::int as id, gs.siren, to_char(gs.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at`,
      from: sql`group_sirens gs`,
      where: sql`gs.group_id = ${groupId}`,
      sortable: { id: sql`gs.id`, siren: sql`gs.siren` },
      search: (term) => {
        const digits = term.replace(/\s+/g, '');
        return /^\d{1,9}$/.test(digits) ? sql`gs.siren like ${digits + '%'}` : sql`false`;
      },
    },
    body,
    page,
  ) as Promise<Page<{ id: number; siren: string; created_at: string }>>;
}
