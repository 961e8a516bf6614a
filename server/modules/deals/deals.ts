/**
 * Deals with their entities (SPEC sections 3 "Deal", "Deal entity", 7 `getDealRoles/{id}`, `storedeal`,
 * `updatedeal/{id}`, `toggledeal/{id}`, `removedeal`).
 *
 * - The payload keeps the spec's `extra1..extra16`; `DEAL_EXTRA_COLUMNS` maps them to the meaningful columns of
 *   `deals` (buyer1_name, buyer1_country_id, ...), here only.
 * - A save checks the payload (contract/deals.ts `dealBody`), then the references (types, countries, roles
 *   exist; the identifier is free), all errors in one 422 field map (`entities.0.siren` for an entity's field).
 *   An entity without name whose SIREN the company register knows (`companies`) takes the
 *   register's name.
 * - The deal and its entities are written in ONE transaction, the deal row locked (run again when PostgreSQL
 *   aborts it for a deadlock with a publication, server/db/retry.ts). Every real change (a deal
 *   field, or an entity added, removed, changed or moved) bumps `deals.revision`; a save that changes nothing
 *   writes nothing (same revision, same updated_at), so publication only sees real changes. Entities keep
 *   their ids while they stay in the list (the list's rows link to the deal by them).
 * - The entities' copy columns (deal_identifier, deal_date, type1_name, type2_name, amount, currency, and
 *   role_name) are written from the deal at each save; the rename of a role or type is followed by the
 *   triggers of migration 0011.
 * - The toggle flips `status` and bumps `revision` (a deactivated published deal is withdrawn at the next
 *   publication). The delete removes the deal and its entities (cascade); its published snapshot, if any,
 *   stays in `published_deals` until the publication withdraws it.
 * - Every write leaves one audit entry in its transaction (server/lib/audit.ts): the deal as `getDealRoles`
 *   answers it, before → after.
 */
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  COUNTRY_FIELDS,
  dealBody,
  dealFieldErrors,
  IDENTIFIER_TAKEN,
  type DealEntityInput,
  type DealInput,
  type DealResponse,
} from '../../../contract/deals';
import type { Status } from '../../../contract/fields';
import { DEAL_ROLES } from '../../../contract/resources';
import type { Db } from '../../db/client';
import { countries, dealEntities, dealRoles, deals, dealTypes } from '../../db/schema';
import { notFound, validationError, type FieldErrors } from '../../lib/errors';
import { withUniqueFields } from '../../lib/status-resource';
import { diffChanges, recordAudit } from '../../lib/audit';
import { isForeignKeyViolation } from '../../db/errors';
import { inTransaction } from '../../db/retry';
import type { ActiveTotal } from '../module';
import { countByStatus } from '../../lib/status-count';
import { rowsOf } from '../../db/rows';

/** 404 text of a missing deal (SPEC section 8). */
export const DEAL_NOT_FOUND = DEAL_ROLES.notFound;

type DealRow = typeof deals.$inferSelect;
type DealValues = Omit<typeof deals.$inferInsert, 'id' | 'revision' | 'publishedRevision' | 'createdAt' | 'updatedAt'>;

/** The spec's generic fields -> the columns of `deals` (SPEC section 3 "Deal"). */
export const DEAL_EXTRA_COLUMNS = {
  extra1: 'frenchInvestmentAbroad',
  extra2: 'foreignInvestmentInFrance',
  extra3: 'buyer1Name',
  extra4: 'buyer1CountryId',
  extra5: 'buyer2Name',
  extra6: 'buyer2CountryId',
  extra7: 'buyer3Name',
  extra8: 'buyer3CountryId',
  extra9: 'target1Name',
  extra10: 'target1CountryId',
  extra11: 'target2Name',
  extra12: 'target2CountryId',
  extra13: 'target3Name',
  extra14: 'target3CountryId',
  extra15: 'sellerName',
  extra16: 'sellerCountryId',
} as const satisfies Record<string, keyof DealValues>;
type ExtraField = keyof typeof DEAL_EXTRA_COLUMNS;
const EXTRA_FIELDS = Object.keys(DEAL_EXTRA_COLUMNS) as ExtraField[];

/** The column values of a checked payload (status defaults to `fallbackStatus`: 1 on create, the current one on update). */
export function dealValues(input: DealInput, fallbackStatus: Status = 1): DealValues {
  const values: DealValues = {
    dealIdentifier: input.deal_identifier,
    dealDate: input.deal_date,
    dealType1Id: input.dealtype1_id,
    dealType2Id: input.dealtype2_id,
    amount: input.amount,
    currency: input.currency,
    description: input.description,
    url: input.url,
    source: input.source,
    status: input.status ?? fallbackStatus,
  };
  const record = values as Record<string, unknown>;
  for (const f of EXTRA_FIELDS) record[DEAL_EXTRA_COLUMNS[f]] = input[f];
  return values;
}

/**
 * Checks a request body against `dealBody`.
 * @throws AppError 422 with dotted field keys (`deal_identifier`, `entities`, `entities.1.siren`)
 */
export function parseDeal(body: unknown): DealInput {
  const parsed = dealBody.safeParse(body ?? {});
  if (!parsed.success) throw validationError(dealFieldErrors(parsed.error));
  return parsed.data;
}

async function existingIds(db: Db, table: typeof dealTypes | typeof countries | typeof dealRoles, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: table.id }).from(table).where(inArray(table.id, [...new Set(ids)]));
  return new Set(rows.map((r) => r.id));
}

/**
 * The references of a checked payload: types, countries and roles exist; the identifier is not another
 * deal's. All failures in one map.
 * @param id - the deal being updated (null on create)
 */
async function checkReferences(db: Db, input: DealInput, id: number | null): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);

  const same = await db
    .select({ id: deals.id })
    .from(deals)
    .where(id === null ? eq(deals.dealIdentifier, input.deal_identifier) : and(eq(deals.dealIdentifier, input.deal_identifier), ne(deals.id, id)))
    .limit(1);
  if (same.length) add('deal_identifier', IDENTIFIER_TAKEN);

  const typeIds = [input.dealtype1_id, input.dealtype2_id].filter((v): v is number => v !== null);
  const types = await existingIds(db, dealTypes, typeIds);
  if (input.dealtype1_id !== null && !types.has(input.dealtype1_id)) add('dealtype1_id', 'Le champ Deal Type 1 désigne un type qui n’existe pas.');
  if (input.dealtype2_id !== null && !types.has(input.dealtype2_id)) add('dealtype2_id', 'Le champ Deal Type 2 désigne un type qui n’existe pas.');

  const countryIds = COUNTRY_FIELDS.map((f) => input[f]).filter((v): v is number => v !== null);
  const known = await existingIds(db, countries, countryIds);
  for (const f of COUNTRY_FIELDS) {
    const v = input[f];
    if (v !== null && !known.has(v)) add(f, 'Le pays choisi n’existe pas.');
  }

  const roleIds = input.entities.map((e) => e.entityrole_id).filter((v): v is number => v !== null);
  const roles = await existingIds(db, dealRoles, roleIds);
  input.entities.forEach((e, i) => {
    if (e.entityrole_id !== null && !roles.has(e.entityrole_id)) add(`entities.${i}.entityrole_id`, 'Le champ Company Role désigne un rôle qui n’existe pas.');
  });
  return errors;
}

/**
 * The register's company names of `sirens` (`companies`), for the entities given without a name.
 * @returns SIREN -> name, only for the SIRENs the register knows
 */
export async function registerNames(db: Db, sirens: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(sirens)];
  if (unique.length === 0) return new Map();
  const res = await rowsOf<{ siren: string; name: string | null }>(db,
    sql`select siren, name from companies where siren in (${sql.join(unique.map((s) => sql`${s}`), sql`, `)})`,
  );
  return new Map(res.filter((r) => r.name).map((r) => [r.siren, r.name as string]));
}

/** An entity as stored: what a save compares and writes (position = index in the payload). */
interface EntityValues {
  siren: string | null;
  name: string | null;
  roleId: number | null;
  stakePercent: string | null;
  position: number;
}

/** The entities of a checked payload, names filled from the register where empty. */
async function entityValues(db: Db, entities: DealEntityInput[]): Promise<EntityValues[]> {
  const names = await registerNames(
    db,
    entities.filter((e) => e.name === null && e.siren !== null).map((e) => e.siren as string),
  );
  return entities.map((e, i) => ({
    siren: e.siren,
    name: e.name ?? (e.siren ? (names.get(e.siren)?.slice(0, 255) ?? null) : null),
    roleId: e.entityrole_id,
    stakePercent: e.stake_percent,
    position: i,
  }));
}

/** The copies of the deal's listed columns each entity carries (migration 0011), and its role's name. */
async function copies(tx: Db, v: DealValues): Promise<{ deal: Record<string, unknown>; roleNames: Map<number, string> }> {
  const typeIds = [v.dealType1Id, v.dealType2Id].filter((x): x is number => x != null);
  const types = typeIds.length ? await tx.select({ id: dealTypes.id, name: dealTypes.name }).from(dealTypes).where(inArray(dealTypes.id, typeIds)) : [];
  const typeName = (id: number | null | undefined) => (id == null ? null : (types.find((t) => t.id === id)?.name ?? null));
  const roles = await tx.select({ id: dealRoles.id, name: dealRoles.name }).from(dealRoles);
  return {
    deal: {
      dealIdentifier: v.dealIdentifier,
      dealDate: v.dealDate ?? null,
      type1Name: typeName(v.dealType1Id),
      type2Name: typeName(v.dealType2Id),
      amount: v.amount ?? null,
      currency: v.currency ?? 'EUR',
    },
    roleNames: new Map(roles.map((r) => [r.id, r.name])),
  };
}

const sameValue = (a: unknown, b: unknown) => (a ?? null) === (b ?? null);

/** True when the stored deal differs from `next` in any written column. */
function dealChanged(current: DealRow, next: DealValues): boolean {
  return (Object.keys(next) as Array<keyof DealValues>).some((k) => !sameValue(current[k], next[k]));
}

type EntityRow = typeof dealEntities.$inferSelect;

/** True when the stored entity differs from `next`. */
function entityChanged(current: EntityRow, next: EntityValues): boolean {
  return (
    !sameValue(current.siren, next.siren) ||
    !sameValue(current.name, next.name) ||
    !sameValue(current.roleId, next.roleId) ||
    !sameValue(current.stakePercent, next.stakePercent) ||
    current.position !== next.position
  );
}

/** The id of each payload entity that names one of `current` (each at most once); null for a new entity. */
function matchEntities(input: DealEntityInput[], current: EntityRow[]): Array<EntityRow | null> {
  const byId = new Map(current.map((e) => [e.id, e]));
  const taken = new Set<number>();
  return input.map((e) => {
    const id = e.id === null || e.id === undefined ? NaN : Number(e.id);
    const row = byId.get(id);
    if (!row || taken.has(id)) return null;
    taken.add(id);
    return row;
  });
}

const unique = { deals_identifier_uq: { field: 'deal_identifier', message: IDENTIFIER_TAKEN } };

/**
 * Runs `write`; when it fails on a foreign key (a type, country or role chosen was deleted after the checks),
 * checks the references again and answers their 422 instead.
 * @throws AppError 422 (the references now missing), or `write`'s own error
 */
async function withReferences<R>(db: Db, input: DealInput, id: number | null, write: () => Promise<R>): Promise<R> {
  try {
    return await write();
  } catch (err) {
    if (isForeignKeyViolation(err)) {
      const errors = await checkReferences(db, input, id);
      if (Object.keys(errors).length) throw validationError(errors);
    }
    throw err;
  }
}

/**
 * Creates a deal with its entities (one transaction).
 * @returns the deal as `getDealRoles` answers it (revision 1)
 * @throws AppError 422 (payload, references, identifier taken)
 */
export async function createDeal(db: Db, body: unknown): Promise<DealResponse> {
  const input = parseDeal(body);
  const errors = await checkReferences(db, input, null);
  if (Object.keys(errors).length) throw validationError(errors);
  const values = dealValues(input, 1);
  const entities = await entityValues(db, input.entities);
  const id = await withReferences(db, input, null, () =>
    withUniqueFields(unique, () =>
      inTransaction(db, async (tx) => {
        const [row] = await tx.insert(deals).values(values).returning({ id: deals.id });
        const c = await copies(tx, values);
        await tx.insert(dealEntities).values(entities.map((e) => entityRow(row.id, e, c)));
        await recordAudit(tx, { resource: 'deals', resourceId: row.id, action: 'create', changes: diffChanges(null, await getDeal(tx, row.id)) });
        return row.id;
      }),
    ),
  );
  return getDeal(db, id);
}

/** The row of `deal_entities` for entity `e` of deal `dealId`, with the deal's copies. */
function entityRow(dealId: number, e: EntityValues, c: Awaited<ReturnType<typeof copies>>): typeof dealEntities.$inferInsert {
  return {
    dealId,
    ...e,
    ...(c.deal as Pick<typeof dealEntities.$inferInsert, 'dealIdentifier'>),
    roleName: e.roleId === null ? null : (c.roleNames.get(e.roleId) ?? null),
  };
}

/**
 * Updates deal `id` and its entities (one transaction, the deal row locked): entities named by their `id`
 * are updated in place, the others are added, the missing ones removed. Nothing changed: nothing written.
 * @returns the deal as `getDealRoles` answers it
 * @throws AppError 404 DEAL_NOT_FOUND, 422 (payload, references, identifier taken)
 */
export async function updateDeal(db: Db, id: number, body: unknown): Promise<DealResponse> {
  const input = parseDeal(body);
  const [exists] = await db.select({ id: deals.id }).from(deals).where(eq(deals.id, id));
  if (!exists) throw notFound(DEAL_NOT_FOUND);
  const errors = await checkReferences(db, input, id);
  if (Object.keys(errors).length) throw validationError(errors);
  const entities = await entityValues(db, input.entities);
  await withReferences(db, input, id, () =>
    withUniqueFields(unique, () =>
      inTransaction(db, async (tx) => {
        const [current] = await tx.select().from(deals).where(eq(deals.id, id)).for('update');
        if (!current) throw notFound(DEAL_NOT_FOUND);
        const before = await getDeal(tx, id);
        const values = dealValues(input, current.status as Status);
        const stored = await tx.select().from(dealEntities).where(eq(dealEntities.dealId, id)).orderBy(asc(dealEntities.position), asc(dealEntities.id));
        const matched = matchEntities(input.entities, stored);
        const kept = new Set(matched.filter((m): m is EntityRow => m !== null).map((m) => m.id));
        const removed = stored.filter((e) => !kept.has(e.id)).map((e) => e.id);
        const changedEntities = entities.some((e, i) => matched[i] === null || entityChanged(matched[i] as EntityRow, e));
        const changedDeal = dealChanged(current, values);
        if (!changedDeal && !changedEntities && removed.length === 0) return;

        await tx
          .update(deals)
          .set({ ...values, revision: sql`${deals.revision} + 1`, updatedAt: new Date() })
          .where(eq(deals.id, id));
        if (removed.length) await tx.delete(dealEntities).where(inArray(dealEntities.id, removed));
        const c = await copies(tx, values);
        // The deal's copies on every kept entity in one statement; then each changed entity on its own.
        if (changedDeal && kept.size) await tx.update(dealEntities).set(c.deal).where(eq(dealEntities.dealId, id));
        const added: Array<typeof dealEntities.$inferInsert> = [];
        for (const [i, e] of entities.entries()) {
          const row = entityRow(id, e, c);
          const was = matched[i];
          if (!was) added.push(row);
          else if (entityChanged(was, e) || was.roleName !== row.roleName) {
            const { dealId: _dealId, ...set } = row;
            await tx.update(dealEntities).set(set).where(eq(dealEntities.id, was.id));
          }
        }
        if (added.length) await tx.insert(dealEntities).values(added);
        await recordAudit(tx, { resource: 'deals', resourceId: id, action: 'update', changes: diffChanges(before, await getDeal(tx, id)) });
      }),
    ),
  );
  return getDeal(db, id);
}

/**
 * Flips the status of deal `id` and bumps its revision (one statement), with its audit entry (server/lib/audit.ts).
 * @returns the deal as `getDealRoles` answers it
 * @throws AppError 404 DEAL_NOT_FOUND
 */
export async function toggleDeal(db: Db, id: number): Promise<DealResponse> {
  await inTransaction(db, async (tx) => {
    const rows = await tx
      .update(deals)
      .set({ status: sql`1 - ${deals.status}`, revision: sql`${deals.revision} + 1`, updatedAt: new Date() })
      .where(eq(deals.id, id))
      .returning({ status: deals.status });
    if (rows.length === 0) throw notFound(DEAL_NOT_FOUND);
    await recordAudit(tx, { resource: 'deals', resourceId: id, action: 'status', changes: { status: [1 - rows[0].status, rows[0].status] } });
  });
  return getDeal(db, id);
}

/**
 * Deletes deal `id` and its entities (cascade, one statement), with its audit entry (the deal as it was).
 * @throws AppError 404 DEAL_NOT_FOUND
 */
export async function removeDeal(db: Db, id: number): Promise<void> {
  await inTransaction(db, async (tx) => {
    const before = await getDeal(tx, id);
    const rows = await tx.delete(deals).where(eq(deals.id, id)).returning({ id: deals.id });
    if (rows.length === 0) throw notFound(DEAL_NOT_FOUND);
    await recordAudit(tx, { resource: 'deals', resourceId: id, action: 'delete', changes: diffChanges(before, null) });
  });
}

/**
 * Deal `id` with its type names and entities (by position), in the payload's names.
 * @throws AppError 404 DEAL_NOT_FOUND
 */
export async function getDeal(db: Db, id: number): Promise<DealResponse> {
  const [row] = await db.select().from(deals).where(eq(deals.id, id));
  if (!row) throw notFound(DEAL_NOT_FOUND);
  const typeIds = [row.dealType1Id, row.dealType2Id].filter((x): x is number => x !== null);
  const types = typeIds.length ? await db.select({ id: dealTypes.id, name: dealTypes.name }).from(dealTypes).where(inArray(dealTypes.id, typeIds)) : [];
  const type = (tid: number | null) => (tid === null ? null : (types.find((t) => t.id === tid) ?? null));
  const entities = await db
    .select({ e: dealEntities, role: { id: dealRoles.id, name: dealRoles.name, display_name: dealRoles.displayName } })
    .from(dealEntities)
    .leftJoin(dealRoles, eq(dealRoles.id, dealEntities.roleId))
    .where(eq(dealEntities.dealId, id))
    .orderBy(asc(dealEntities.position), asc(dealEntities.id));
  const out: Record<string, unknown> = {
    id: row.id,
    deal_identifier: row.dealIdentifier,
    deal_id: row.dealIdentifier,
    deal_date: row.dealDate,
    dealtype1_id: row.dealType1Id ?? 0,
    dealtype2_id: row.dealType2Id ?? 0,
    type1: type(row.dealType1Id),
    type2: type(row.dealType2Id),
    amount: row.amount === null ? null : Number(row.amount),
    currency: row.currency,
    description: row.description,
    url: row.url,
    source: row.source,
    status: row.status as Status,
  };
  for (const f of EXTRA_FIELDS) out[f] = row[DEAL_EXTRA_COLUMNS[f]] ?? null;
  return {
    ...(out as Omit<DealResponse, 'entities' | 'revision' | 'published_revision' | 'created_at' | 'updated_at'>),
    entities: entities.map(({ e, role }) => ({
      id: e.id,
      siren: e.siren,
      name: e.name,
      entityrole_id: e.roleId ?? 0,
      role: role && role.id !== null ? role : null,
      stake_percent: e.stakePercent === null ? null : Number(e.stakePercent),
    })),
    revision: row.revision,
    published_revision: row.publishedRevision,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Dashboard counter of the deals module: active and total deals (one `count(*) … filter` query). */
export function countDeals(db: Db): Promise<ActiveTotal> {
  return countByStatus(db, deals);
}
