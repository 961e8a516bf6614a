/**
 * Demo deals (issue 10 section 5): the roles Acquéreur, Cible, Cédant, Conseil, the types Acquisition,
 * Cession, LBO, Fusion, Prise de participation, Levée de fonds, and 300 deals of 1 to 3 entities on the demo
 * SIRENs (the listed companies). No made-up fact next to a real SIREN (issue 6 section 3): the identifiers
 * are `DEMO-0001`..., the description says the deal is a demonstration with fictitious data, links point to
 * example.com, and the buyer, target and seller names are left empty. Deterministic (the caller's generator).
 * Idempotent: roles and types are matched by name (case ignored); the deals are written, in one transaction,
 * only when no `DEMO-` deal exists.
 */
import { sql } from 'drizzle-orm';
import type { DealInput } from '../../contract/deals';
import type { Db } from '../db/client';
import { dealEntities, dealRoles, deals, dealTypes } from '../db/schema';
import { dealValues, parseDeal } from '../modules/deals/deals';

/** The demo roles `[name, display name]`. */
export const DEMO_ROLES: ReadonlyArray<readonly [string, string]> = [
  ['Acquéreur', 'Acquéreur'],
  ['Cible', 'Cible'],
  ['Cédant', 'Cédant'],
  ['Conseil', 'Conseil'],
];
/** The demo deal types. */
export const DEMO_TYPES: readonly string[] = ['Acquisition', 'Cession', 'LBO', 'Fusion', 'Prise de participation', 'Levée de fonds'];
/** How many demo deals, and the prefix of their identifiers. */
export const DEMO_DEALS = 300;
export const DEMO_DEAL_PREFIX = 'DEMO-';

/** What `seedDemoDeals` created. */
export interface DemoDealsCreated {
  dealRoles: number;
  dealTypes: number;
  deals: number;
}

/** Ids by lower-cased name of the rows of `names` in `table`, creating the missing ones. */
async function ensureNamed(
  db: Db,
  table: typeof dealRoles | typeof dealTypes,
  names: ReadonlyArray<readonly [string, string]>,
): Promise<{ rows: Array<{ id: number; name: string }>; created: number }> {
  const existing = await db.select({ id: table.id, name: table.name }).from(table);
  const byName = new Map(existing.map((r) => [r.name.toLowerCase(), r]));
  let created = 0;
  for (const [name, displayName] of names) {
    if (byName.has(name.toLowerCase())) continue;
    const values = table === dealRoles ? { name, displayName, status: 1 } : { name, status: 1 };
    const [row] = await db.insert(table).values(values as never).returning({ id: table.id, name: table.name });
    byName.set(name.toLowerCase(), row);
    created += 1;
  }
  return { rows: names.map(([name]) => byName.get(name.toLowerCase())!), created };
}

/**
 * Seeds the demo roles, types and deals on `companies`.
 * @param random - a [0, 1) generator (deterministic in the demo)
 */
export async function seedDemoDeals(db: Db, companies: Array<{ name: string; siren: string }>, now: Date, random: () => number): Promise<DemoDealsCreated> {
  const roles = await ensureNamed(db, dealRoles, DEMO_ROLES);
  const types = await ensureNamed(db, dealTypes, DEMO_TYPES.map((n) => [n, n] as const));
  const created: DemoDealsCreated = { dealRoles: roles.created, dealTypes: types.created, deals: 0 };
  const [{ n }] = ((await db.execute(sql`select count(*)::int as n from deals where deal_identifier like ${DEMO_DEAL_PREFIX + '%'}`)) as unknown as {
    rows: Array<{ n: number }>;
  }).rows;
  if (Number(n) > 0) return created;

  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  const currencies = ['EUR', 'EUR', 'EUR', 'EUR', 'EUR', 'USD', 'GBP', 'CHF'];
  const inputs: DealInput[] = [];
  for (let i = 1; i <= DEMO_DEALS; i++) {
    const count = 1 + Math.floor(random() * 3);
    const chosen = new Set<number>();
    while (chosen.size < Math.min(count, companies.length)) chosen.add(Math.floor(random() * companies.length));
    const date = new Date(now.getTime() - Math.floor(random() * 3 * 365) * 86_400_000);
    const type1 = pick(types.rows);
    const type2 = random() < 0.3 ? pick(types.rows.filter((t) => t.id !== type1.id)) : null;
    const disclosed = random() < 0.8;
    inputs.push(
      parseDeal({
        deal_identifier: `${DEMO_DEAL_PREFIX}${String(i).padStart(4, '0')}`,
        deal_date: date.toISOString().slice(0, 10),
        dealtype1_id: type1.id,
        dealtype2_id: type2?.id ?? 0,
        amount: disclosed ? Math.round(100 + random() * 500_000) * 1000 : null,
        currency: pick(currencies),
        description: `Transaction de démonstration n°\u00a0${i} (données fictives)`,
        url: `https://www.example.com/demo/transactions/${i}`,
        source: 'Démonstration',
        status: random() < 0.95 ? 1 : 0,
        extra1: 1 + Math.floor(random() * 2),
        extra2: 1 + Math.floor(random() * 2),
        entities: [...chosen].map((c, k) => ({
          siren: companies[c].siren,
          name: companies[c].name,
          entityrole_id: k === 0 ? roles.rows[0].id : pick(roles.rows).id,
          stake_percent: random() < 0.6 ? Math.round(random() * 10_000) / 100 : null,
        })),
      }),
    );
  }

  const roleName = new Map(roles.rows.map((r) => [r.id, r.name]));
  const typeName = new Map(types.rows.map((t) => [t.id, t.name]));
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const written = await tx.insert(deals).values(inputs.map((d) => dealValues(d))).returning({ id: deals.id, identifier: deals.dealIdentifier });
    const idOf = new Map(written.map((w) => [w.identifier, w.id]));
    const entities = inputs.flatMap((d) =>
      d.entities.map((e, position) => ({
        dealId: idOf.get(d.deal_identifier)!,
        position,
        siren: e.siren,
        name: e.name,
        roleId: e.entityrole_id,
        stakePercent: e.stake_percent,
        dealIdentifier: d.deal_identifier,
        dealDate: d.deal_date,
        roleName: e.entityrole_id === null ? null : (roleName.get(e.entityrole_id) ?? null),
        type1Name: d.dealtype1_id === null ? null : (typeName.get(d.dealtype1_id) ?? null),
        type2Name: d.dealtype2_id === null ? null : (typeName.get(d.dealtype2_id) ?? null),
        amount: d.amount,
        currency: d.currency,
      })),
    );
    await tx.insert(dealEntities).values(entities);
    created.deals = written.length;
  });
  return created;
}
