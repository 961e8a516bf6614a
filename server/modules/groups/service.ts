/**
 * Groups of SIRENs (SPEC "Groups"): a status resource (server/lib/status-resource.ts)
 * with case-insensitive unique names and its SIREN count, and the SIREN list: all-or-nothing validated
 * additions (bulk, idempotent), removals, server-side pages. Each addition or removal records its audit entry
 * (resource `groups`, the group's id) in its transaction.
 */
import { eq, sql } from 'drizzle-orm';
import { GROUPS } from '../../../contract/resources';
import type { Status } from '../../../contract/fields';
import { groupBody, groupResponse, groupUpdateBody, type GroupInput, type GroupResponse } from '../../../contract/groups';
import type { CompanyKnownFrom } from '../../../contract/feeds';
import type { FilterBody, Page } from '../../../contract/listing';
import type { Db } from '../../db/client';
import { groupSirens, groups } from '../../db/schema';
import { auditedWrite, recordAudit } from '../../lib/audit';
import { notFound } from '../../lib/errors';
import { parseSirenLines } from '../../http/siren-lines';
import type { Readable } from 'node:stream';
import { exportList } from '../../http/list-export';
import { runList, type ListSpec } from '../../http/listing';
import type { CsvColumn } from '../../lib/csv/write';
import { sirenPrefixSql } from '../../lib/siren-sql';
import { defineStatusResource } from '../../lib/status-resource';
import { bodaccNameColumn, registerStatusColumns } from '../register';
import { rowsOf } from '../../db/rows';

const NAME_TAKEN = 'Ce nom de groupe est déjà utilisé.';

/** The audit action of an addition of SIRENs to a group (`POST /api/groups/addsirens`). */
export const ADD_SIRENS = 'add_sirens';

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
    status: row.status as Status,
    sirens_count: Number(row.sirensCount),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Groups as a status resource: routes `/api/groups/{all, togglestatus, store, getGroupRoles, update, removegroup}`. */
export const groupsResource = defineStatusResource({
  table: groups,
  columns,
  notFound: GROUPS.notFound,
  unique: { groups_name_lower_uq: { field: 'name', message: NAME_TAKEN } },
  response: groupResponse,
  toResponse: toGroupResponse,
  http: { tag: 'Groupes', paths: GROUPS.paths },
  store: { body: groupBody, values: (_db, input) => input },
  update: { body: groupUpdateBody, values: (_db, input) => ({ name: input.name }) },
  // The group and its SIRENs go in one transaction.
  deleteDependents: async (tx, id) => {
    await tx.delete(groupSirens).where(eq(groupSirens.groupId, id));
  },
});

/** Creates a group. @throws AppError 422 errors.name when the name is taken (any case) */
export function createGroup(db: Db, input: GroupInput): Promise<GroupRow> {
  return groupsResource.create(db, input);
}

/**
 * Adds SIRENs to a group: every entry is validated first (server/http/siren-lines.ts: spaces removed, a SIREN, or
 * a valid SIRET taken for its SIREN); if any is invalid nothing is added and the 422 lists the invalid lines under
 * `errors.sirens`. SIRENs already in the group (or repeated in the call, a SIRET and its SIREN included) are counted
 * as already present. The answer carries `notes` (one per SIRET line) when there are any.
 * @param lines - optional line number of each entry as the user typed it (defaults to its position)
 * @throws AppError 404, 422 errors.sirens
 */
export async function addSirens(db: Db, groupId: number, values: string[], lines?: number[]) {
  const { sirens, notes } = parseSirenLines(values, lines);
  return db.transaction(async (tx) => {
    const [group] = await tx.select({ id: groups.id }).from(groups).where(eq(groups.id, groupId)).for('update');
    if (!group) throw notFound(GROUPS.notFound);
    const [row] = await rowsOf<{ added: number }>(tx, sql`
      with ins as (
        insert into group_sirens (group_id, siren)
        select ${groupId}, s from unnest(${sql.param(sirens)}::text[]) s
        on conflict (group_id, siren) do nothing
        returning 1
      ) select count(*)::int as added from ins`);
    const added = Number(row.added);
    await tx.update(groups).set({ updatedAt: new Date() }).where(eq(groups.id, groupId));
    const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(groupSirens).where(eq(groupSirens.groupId, groupId));
    // Named here as on its route: the demo seeds groups through this function too.
    await recordAudit(tx, { resource: 'groups', resourceId: groupId, action: ADD_SIRENS, details: { count: added, already_present: values.length - added } });
    return { added, already_present: values.length - added, sirens_count: Number(n), ...(notes.length ? { notes } : {}) };
  });
}

/**
 * Removes one SIREN row (by its id) from its group, with its route's audit entry (the group's id, the SIREN).
 * @throws AppError 404
 */
export async function removeSiren(db: Db, sirenRowId: number): Promise<void> {
  const [deleted] = await auditedWrite(
    db,
    (tx) => tx.delete(groupSirens).where(eq(groupSirens.id, sirenRowId)).returning({ groupId: groupSirens.groupId, siren: groupSirens.siren }),
    ([gone]) => (gone ? { resourceId: gone.groupId, details: { siren: gone.siren } } : null),
  );
  if (!deleted) throw notFound('Siren does not exist!');
}

/** A row of a group's SIREN list (contract/groups.ts `groupSiren`). */
type GroupSirenRow = {
  id: number;
  siren: string;
  company_name: string | null;
  known_from: CompanyKnownFrom | null;
  head_office_closed: boolean;
  created_at: string;
};

/**
 * The list of a group's SIRENs (sort id / siren; search: digits of a SIREN prefix), each with the company's
 * name from the register (`companies`), else as the latest stored BODACC notice registering it names it, null
 * when neither gives one, how vigie knows it (`known_from`) and
 * whether its head office is closed (server/modules/register/head-office.ts).
 */
function groupSirensSpec(groupId: number): ListSpec {
  return {
    select: sql`gs.id::int as id, gs.siren, coalesce(c.name, ${bodaccNameColumn(sql`gs.siren`)}) as company_name, ${registerStatusColumns(sql`gs.siren`, 'c')}, to_char(gs.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at`,
    // The register's name beside each SIREN, one join on its primary key: null when unknown.
    from: sql`group_sirens gs left join companies c on c.siren = gs.siren`,
    where: sql`gs.group_id = ${groupId}`,
    sortable: { id: sql`gs.id`, siren: sql`gs.siren` },
    search: (term) => {
      const digits = term.replace(/\s+/g, '');
      return /^\d{1,9}$/.test(digits) ? sirenPrefixSql(sql`gs.siren`, digits) : sql`false`;
    },
  };
}

/** One page of a group's SIRENs (`groupSirensSpec`). @throws AppError 404 */
export async function filterGroupSirens(db: Db, groupId: number, body: FilterBody, page: number) {
  await groupsResource.assertExists(db, groupId);
  return runList<GroupSirenRow>(db, groupSirensSpec(groupId), body, page) as Promise<Page<GroupSirenRow>>;
}

/** A row of a group's SIREN export. */
interface GroupSirenExportRow {
  id: number;
  siren: string;
  company_name: string | null;
  added: string;
}

/** Columns of a group's SIREN export: the list's (ID, Siren, Entreprise, Date d’ajout in Paris time). */
const GROUP_SIRENS_CSV: CsvColumn<GroupSirenExportRow>[] = [
  { header: 'ID', value: (r) => r.id },
  { header: 'Siren', value: (r) => r.siren },
  { header: 'Entreprise', value: (r) => r.company_name },
  { header: 'Date d’ajout', value: (r) => r.added },
];

/**
 * « Exporter CSV » of a group's SIRENs: every SIREN of the list's search and sort.
 * @throws AppError 404 for an unknown group, 422 errors.column for a sort the list does not offer
 */
export async function exportGroupSirens(db: Db, groupId: number, body: FilterBody): Promise<Readable> {
  await groupsResource.assertExists(db, groupId);
  const spec = groupSirensSpec(groupId);
  const select = sql`gs.id::int as id, gs.siren, coalesce(c.name, ${bodaccNameColumn(sql`gs.siren`)}) as company_name,
    to_char(gs.created_at at time zone 'Europe/Paris', 'DD/MM/YYYY HH24:MI') as added`;
  return exportList(db, { ...spec, select }, body, GROUP_SIRENS_CSV);
}
