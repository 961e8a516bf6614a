/**
 * Demo deals (`npm run seed:demo`): one deal per real BODACC sale of the demo samples (the 29 sales of BODACC A
 * n°20210005 of 08/01/2021, test/fixtures/bodacc/RCS-A_BXA20210005_ventes.xml), built from what the importer
 * reads in each notice (`Notice.sale`, server/modules/feeds/bodacc/notice.ts) and the row it writes from it
 * (`saleRow`, server/modules/feeds/bodacc/sale.ts), and nothing else (CONVENTIONS.md section 7 "Data truth"):
 * - identifier `BODACC-` + the notice's identifier on bodacc.fr (`BODACC-A202100051`), date = the issue date;
 * - type 1 = the nature of the operation (`Achat de fonds`, `Apport de fonds en société`…), no type 2;
 * - amount and currency as the notice states them (none when it states none);
 * - description = the row's sentence, a note when the amount is a valuation (a contribution's amount is not a
 *   price), and the row's complement (a correction, where the business is, the previous operator);
 * - url = the notice on bodacc.fr, source = `BODACC A n°20210005 du 08/01/2021, avis n°1`;
 * - entities: the buyer (role `Acquéreur`) and every seller (role `Cédant`), each with the name the notice gives
 *   and a SIREN only when the notice gives one; no stake;
 * - buyer, target and seller columns (extra3..extra16) and the investment flags only where the row states them:
 *   a country only when the notice states the party's country.
 * A notice cancelled or corrected by another notice of the samples, or of kind `annulation`, gives no deal.
 * The roles Acquéreur, Cédant, Cible and Conseil and the types the sales' natures need are created when missing
 * (matched by name, case ignored). Idempotent: a deal whose identifier exists is left as it is.
 */
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { dealRoles, deals, dealTypes } from '../db/schema';
import { createDeal } from '../modules/deals/deals';
import { ensureCountries } from '../modules/deals/countries';
import { amountKind, NATURE_LABEL } from '../modules/feeds/bodacc/nature';
import { noticeId, type Notice, type SaleParts } from '../modules/feeds/bodacc/notice';
import { BUYER_ROLE, saleRow } from '../modules/feeds/bodacc/sale';
import { rowsOf } from '../db/rows';

/** Role of the previous owners of a business sold. */
export const SELLER_ROLE = 'Cédant';
/** The demo roles `[name, display name]`: the buyer's and the sellers', and two more for deals keyed in by hand. */
export const DEMO_ROLES: ReadonlyArray<readonly [string, string]> = [
  [BUYER_ROLE, BUYER_ROLE],
  [SELLER_ROLE, SELLER_ROLE],
  ['Cible', 'Cible'],
  ['Conseil', 'Conseil'],
];
/** Prefix of the demo deals' identifiers (`BODACC-A202100051`). */
export const DEMO_DEAL_PREFIX = 'BODACC-';

/** The note added to the description when the amount is a valuation, not a price. */
export const CONTRIBUTION_NOTE = "Le montant est la valeur d’apport indiquée par l’avis (une évaluation, non un prix de vente).";
export const VALUATION_NOTE = "Le montant est une évaluation indiquée par l’avis, non un prix de vente.";

/** What `seedDemoDeals` created. */
export interface DemoDealsCreated {
  dealRoles: number;
  dealTypes: number;
  deals: number;
}

/** A sale notice with its sale. */
export type SaleNotice = Notice & { sale: SaleParts };

/** The ids a deal payload refers to. */
export interface DealRefs {
  /** Id of the type named `name` (the nature's label). */
  type: (name: string) => number;
  buyerRole: number;
  sellerRole: number;
  /** Id of the country of ISO code `iso`, or null when unknown. */
  country: (iso: string | null) => number | null;
}

/** `BODACC-A202100051`: the demo identifier of a notice's deal. */
export function demoDealIdentifier(notice: Notice): string {
  return DEMO_DEAL_PREFIX + noticeId(notice);
}

/**
 * The sale notices that give a deal: those with a sale, not cancellations, and not named as the earlier notice
 * by another notice of `notices` (a correction replaces it, a cancellation withdraws it, as the importer does).
 */
export function dealNotices(notices: Notice[]): SaleNotice[] {
  const replaced = new Set(notices.filter((n) => n.previous).map((n) => `${n.previous!.bulletin}${n.previous!.issue}-${n.previous!.noticeNumber}`));
  return notices.filter(
    (n): n is SaleNotice => n.sale !== null && n.kind !== 'annulation' && !replaced.has(`${n.bulletin}${n.issue}-${n.noticeNumber}`) && Boolean(n.sale.buyer.siren || n.sale.buyer.name),
  );
}

/** The description of a sale's deal (see the module comment). */
function description(notice: SaleNotice): string {
  const row = saleRow(notice, notice.sale);
  const parts = [row.description];
  if (row.amount !== null && row.deal_type1 === NATURE_LABEL.contribution) parts.push(CONTRIBUTION_NOTE);
  else if (row.amount !== null && amountKind(notice.sale.origin) === 'valuation') parts.push(VALUATION_NOTE);
  if (row.description_complement) parts.push(row.description_complement);
  return parts.join(' ');
}

/** `value` when it fits a name column (255 characters), else null (a column is left empty rather than cut). */
const fits = (value: string | null) => (value !== null && value.length <= 255 ? value : null);

/**
 * The `storedeal` payload of one sale notice (see the module comment).
 * @param notice - a notice of `dealNotices`
 */
export function saleDealBody(notice: SaleNotice, refs: DealRefs) {
  const { sale } = notice;
  const row = saleRow(notice, sale);
  const sellers = sale.sellers.filter((s) => s.name || s.siren);
  const sellerIsos = new Set(sellers.map((s) => s.iso));
  return {
    deal_identifier: demoDealIdentifier(notice),
    deal_date: notice.issueDate,
    dealtype1_id: refs.type(row.deal_type1),
    dealtype2_id: 0,
    amount: row.amount,
    currency: row.currency,
    description: description(notice),
    url: row.url,
    source: row.source,
    status: 1,
    extra1: row.french_investment_abroad,
    extra2: row.foreign_investment_in_france,
    extra3: fits(row.acquirer_name),
    extra4: refs.country(sale.buyer.iso),
    extra9: fits(row.target_name),
    extra10: row.target_country ? refs.country('FR') : null,
    extra15: fits(row.seller_name),
    // One country for the seller column only when the notice states the same one for every seller.
    extra16: sellerIsos.size === 1 ? refs.country([...sellerIsos][0]) : null,
    entities: [
      { siren: sale.buyer.siren, name: sale.buyer.name, entityrole_id: refs.buyerRole, stake_percent: null },
      ...sellers.map((s) => ({ siren: s.siren, name: s.name, entityrole_id: refs.sellerRole, stake_percent: null })),
    ],
  };
}

/** Ids by lower-cased name of the rows of `names` in `table`, creating the missing ones. */
async function ensureNamed(
  db: Db,
  table: typeof dealRoles | typeof dealTypes,
  names: ReadonlyArray<readonly [string, string]>,
): Promise<{ ids: Map<string, number>; created: number }> {
  const existing = await db.select({ id: table.id, name: table.name }).from(table);
  const ids = new Map(existing.map((r) => [r.name.toLowerCase(), r.id]));
  let created = 0;
  for (const [name, displayName] of names) {
    if (ids.has(name.toLowerCase())) continue;
    const values = table === dealRoles ? { name, displayName, status: 1 } : { name, status: 1 };
    const [row] = await db.insert(table).values(values as never).returning({ id: table.id });
    ids.set(name.toLowerCase(), row.id);
    created += 1;
  }
  return { ids, created };
}

/**
 * Seeds the demo roles, the types of the sales' natures and one deal per sale of `notices` (server/seed/demo-notices.ts),
 * each through the deals service (`createDeal`: the form's rules, the list's copies, the publication counters).
 * @throws AppError 422 when a payload breaks the deal rules (a bug to fix, not a deal to drop)
 */
export async function seedDemoDeals(db: Db, notices: Notice[]): Promise<DemoDealsCreated> {
  const sales = dealNotices(notices);
  const natures = [...new Set(sales.map((n) => saleRow(n, n.sale).deal_type1))];
  const roles = await ensureNamed(db, dealRoles, DEMO_ROLES);
  const types = await ensureNamed(db, dealTypes, natures.map((n) => [n, n] as const));
  const created: DemoDealsCreated = { dealRoles: roles.created, dealTypes: types.created, deals: 0 };

  await ensureCountries(db);
  const countries = await rowsOf<{ id: number; iso_alpha2: string }>(db, sql`select id, iso_alpha2 from countries`);
  const countryIds = new Map(countries.map((c) => [c.iso_alpha2, Number(c.id)]));
  const refs: DealRefs = {
    type: (name) => types.ids.get(name.toLowerCase())!,
    buyerRole: roles.ids.get(BUYER_ROLE.toLowerCase())!,
    sellerRole: roles.ids.get(SELLER_ROLE.toLowerCase())!,
    country: (iso) => (iso ? (countryIds.get(iso) ?? null) : null),
  };
  const identifiers = sales.map(demoDealIdentifier);
  const existing = new Set(
    identifiers.length ? (await db.select({ identifier: deals.dealIdentifier }).from(deals).where(inArray(deals.dealIdentifier, identifiers))).map((d) => d.identifier) : [],
  );
  for (const notice of sales) {
    if (existing.has(demoDealIdentifier(notice))) continue;
    await createDeal(db, saleDealBody(notice, refs));
    created.deals += 1;
  }
  return created;
}
