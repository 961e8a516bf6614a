/**
 * Deal lists, stats and publication (SPEC sections 2 "/transactions", 3 "Deal entity", "Legal-announcement
 * transaction row", "Stats", 7 "Transactions", 8 "Purge/insert").
 *
 * - `POST /api/transactions/filter?page=n`: the shared filter body (contract/listing.ts); one row per deal entity
 *   (`DealListRow`). Sort keys: DEAL_SORT_COLUMNS (aliases `role`, `type1`, `type2` also accepted); default `id`
 *   desc. Search (trimmed): digits only -> the SIRENs starting with them; any other text -> Company Name or Deal ID
 *   containing it, or the entity's role / the deal's types whose name contains it.
 * - `GET /api/transactions/stats` -> `{c1, c2}`: c1 = deals waiting for publication (active deals new or changed
 *   since their last publication, plus published deals since deactivated or deleted, which the next publication
 *   withdraws); c2 = deals published (snapshots the customer API serves).
 * - `GET /api/transactions/insert` and `GET /api/transactions/purge` -> a bare number (SPEC section 7: "return the
 *   number processed"; section 4: "0 means nothing was done"): the deals the batch published or withdrew, and the
 *   deals the purge restored. `publicationToast` gives the section 8 texts.
 * - `POST /api/transactions/filterbodacc?page=n`: the same body; rows `{id, b1..b37}` (BODACC_FIELDS order),
 *   search by SIREN (digits, prefix), sort `id` or `b1`; `POST /api/transactions/removebodacc {id}` -> 200
 *   `{message}`, 404 `{message: 'Item does not exist!'}`.
 */
import { z } from 'zod';
import { decimalInteger } from './decimal';
import { pageResponse } from './listing';

/**
 * Sort keys of the deals list (public name -> what it sorts): `id` (entity), `deal_identifier` (Deal Nb),
 * `deal_date`, `siren`, `name` (Company Name), `role_name` (Company Role), `type1_name`, `type2_name` (Deal Type 1/2),
 * `amount`, `currency`, `stake_percent`. Each is served by a (column, id) index of `deal_entities`.
 */
export const DEAL_SORT_COLUMNS = [
  'id',
  'deal_identifier',
  'deal_date',
  'siren',
  'name',
  'role_name',
  'type1_name',
  'type2_name',
  'amount',
  'currency',
  'stake_percent',
] as const;
export type DealSortColumn = (typeof DEAL_SORT_COLUMNS)[number];
/** Other accepted spellings of sort keys. */
export const DEAL_SORT_ALIASES: Record<string, DealSortColumn> = { role: 'role_name', type1: 'type1_name', type2: 'type2_name' };

const named = z.object({ name: z.string() }).nullable();

/** One row of `/transactions`: a deal entity with its deal's listed columns. Dates `YYYY-MM-DD`; numbers or null. */
export const dealListRow = z
  .object({
    id: z.number(),
    /** The deal's id, for the edit link `/transactions/{deal_id}/editdeal`. */
    deal_id: z.number(),
    deal: z.object({
      id: z.number(),
      deal_identifier: z.string(),
      deal_date: z.string().nullable(),
      amount: z.number().nullable(),
      currency: z.string().nullable(),
      type1: named,
      type2: named,
    }),
    siren: z.string().nullable(),
    name: z.string().nullable(),
    role: named,
    stake_percent: z.number().nullable(),
  })
  .meta({ id: 'DealListRow' });
export type DealListRow = z.output<typeof dealListRow>;
export const dealListPage = pageResponse(dealListRow).meta({ id: 'DealListPage' });

/** `GET /api/transactions/stats`. */
export const dealStats = z.object({ c1: z.number(), c2: z.number() }).meta({ id: 'DealStats' });
export type DealStats = z.output<typeof dealStats>;

/** Answer of `insert` and `purge`: how many deals were processed (0: nothing done). */
export const publicationCount = z.number().int().min(0).meta({ id: 'PublicationCount' });

/** The toast of an insert or purge answer (SPEC section 8). */
export function publicationToast(kind: 'insert' | 'purge', count: number): string {
  if (kind === 'insert') return count === 0 ? 'Aucune insertion effectuée!' : `${count} insertions effectuées avec succès!`;
  return count === 0 ? 'Aucune purge effectuée!' : `${count} purges effectuées avec succès!`;
}

/** A buyer, target or seller of a published deal: a party whose name is not given (only its country) has `name` null. */
const partySnapshot = z.object({
  name: z.string().nullable(),
  country: z.object({ id: z.number(), iso_alpha2: z.string(), name: z.string() }).nullable(),
});

/**
 * A published deal as the customer API serves it (`published_deals.snapshot`), written by `insert`: the deal with
 * the names of its types, countries and entity roles as they were at publication. Amount and stake are numbers.
 */
export const publishedDealSnapshot = z
  .object({
    id: z.number(),
    deal_identifier: z.string(),
    revision: z.number(),
    deal_date: z.string().nullable(),
    type1: z.object({ id: z.number(), name: z.string() }).nullable(),
    type2: z.object({ id: z.number(), name: z.string() }).nullable(),
    amount: z.number().nullable(),
    currency: z.string(),
    description: z.string().nullable(),
    url: z.string().nullable(),
    source: z.string().nullable(),
    /** 1 = YES, 2 = NO, null: not given. */
    french_investment_abroad: z.number().nullable(),
    foreign_investment_in_france: z.number().nullable(),
    buyers: z.array(partySnapshot),
    targets: z.array(partySnapshot),
    seller: partySnapshot.nullable(),
    entities: z.array(
      z.object({
        siren: z.string().nullable(),
        name: z.string().nullable(),
        role: z.object({ id: z.number(), name: z.string(), display_name: z.string() }).nullable(),
        stake_percent: z.number().nullable(),
      }),
    ),
  })
  .meta({ id: 'PublishedDeal' });
export type PublishedDealSnapshot = z.output<typeof publishedDealSnapshot>;

/**
 * The 37 fields of a legal-announcement transaction row, in the spec's order (b1..b37), with their French headers.
 * `column` is the `bodacc_transactions` column it is read from; a `list` column (b20, the SIRENs of every seller
 * the notice names) is answered as its values joined by `, `, null when empty.
 */
export const BODACC_FIELDS = [
  { key: 'b1', column: 'siren', label: 'SIREN' },
  { key: 'b2', column: 'company_name', label: 'Société' },
  { key: 'b3', column: 'role', label: 'Rôle' },
  { key: 'b4', column: 'transaction_number', label: 'N° de transaction' },
  { key: 'b5', column: 'announced_on', label: 'Date de l’annonce' },
  { key: 'b6', column: 'deal_type1', label: 'Type de transaction 1' },
  { key: 'b7', column: 'deal_type2', label: 'Type de transaction 2' },
  { key: 'b8', column: 'amount', label: 'Montant', numeric: true },
  { key: 'b9', column: 'currency', label: 'Devise' },
  { key: 'b10', column: 'stake', label: 'Participation (%)', numeric: true },
  { key: 'b11', column: 'target_name', label: 'Cible' },
  { key: 'b12', column: 'target_siren', label: 'SIREN cible' },
  { key: 'b13', column: 'target_country', label: 'Pays cible' },
  { key: 'b14', column: 'target_naf', label: 'NAF cible' },
  { key: 'b15', column: 'acquirer_name', label: 'Acquéreur' },
  { key: 'b16', column: 'acquirer_siren', label: 'SIREN acquéreur' },
  { key: 'b17', column: 'acquirer_country', label: 'Pays acquéreur' },
  { key: 'b18', column: 'acquirer_naf', label: 'NAF acquéreur' },
  { key: 'b19', column: 'seller_name', label: 'Cédant' },
  { key: 'b20', column: 'seller_sirens', label: 'SIREN cédant', list: true },
  { key: 'b21', column: 'seller_country', label: 'Pays cédant' },
  { key: 'b22', column: 'seller_naf', label: 'NAF cédant' },
  { key: 'b23', column: 'adviser_name', label: 'Conseil' },
  { key: 'b24', column: 'adviser_siren', label: 'SIREN conseil' },
  { key: 'b25', column: 'adviser_country', label: 'Pays conseil' },
  { key: 'b26', column: 'french_investment_abroad', label: 'Investissement français à l’étranger', numeric: true },
  { key: 'b27', column: 'foreign_investment_in_france', label: 'Investissement étranger en France', numeric: true },
  { key: 'b28', column: 'buyer_iso1', label: 'Code ISO acquéreur 1' },
  { key: 'b29', column: 'buyer_iso2', label: 'Code ISO acquéreur 2' },
  { key: 'b30', column: 'buyer_iso3', label: 'Code ISO acquéreur 3' },
  { key: 'b31', column: 'target_iso1', label: 'Code ISO cible étrangère 1' },
  { key: 'b32', column: 'target_iso2', label: 'Code ISO cible étrangère 2' },
  { key: 'b33', column: 'target_iso3', label: 'Code ISO cible étrangère 3' },
  { key: 'b34', column: 'description', label: 'Description de la transaction' },
  { key: 'b35', column: 'description_complement', label: 'Complément de description' },
  { key: 'b36', column: 'url', label: 'Lien' },
  { key: 'b37', column: 'source', label: 'Source' },
] as const;

/** Sort keys of `filterbodacc`: the row id and b1 (SIREN), the two indexed columns. */
export const BODACC_SORT_COLUMNS = ['id', 'b1'] as const;

/**
 * A legal-announcement transaction row: `id` and b1..b37 (BODACC_FIELDS), null when empty: b5 `YYYY-MM-DD`;
 * b8 (amount) and b10 (stake %) numbers; b26/b27 numbers 1 = YES, 2 = NO; the others strings.
 */
const bodaccShape = { id: z.number(), ...Object.fromEntries(BODACC_FIELDS.map((f) => [f.key, 'numeric' in f ? z.number().nullable() : z.string().nullable()])) };
export const bodaccRow = z.object(bodaccShape).meta({ id: 'BodaccTransactionRow' }) as unknown as z.ZodType<BodaccRow>;
type BodaccField = (typeof BODACC_FIELDS)[number];
/** A row of `filterbodacc`: numeric fields (b8, b10, b26, b27) as numbers, the others as strings; null when empty. */
export type BodaccRow = { id: number } & { [F in BodaccField as F['key']]: F extends { numeric: true } ? number | null : string | null };
export const bodaccPage = pageResponse(bodaccRow).meta({ id: 'BodaccTransactionPage' });

/**
 * A deleted legal-announcement transaction row (`POST /api/transactions/filterdeletedbodacc`): the row, when it was
 * deleted (ISO instant) and by whom (the administrator's name, null when unknown).
 */
export type DeletedBodaccRow = BodaccRow & { deleted_at: string; deleted_by: string | null };
export const deletedBodaccRow = z
  .object({ ...bodaccShape, deleted_at: z.string(), deleted_by: z.string().nullable() })
  .meta({ id: 'DeletedBodaccTransactionRow' }) as unknown as z.ZodType<DeletedBodaccRow>;
export const deletedBodaccPage = pageResponse(deletedBodaccRow).meta({ id: 'DeletedBodaccTransactionPage' });

/** Body of `POST /api/transactions/removebodacc` and `restorebodacc` (other fields of the row are ignored). */
const ID_MESSAGE = "L’identifiant doit être un nombre entier positif.";
export const removeBodaccBody = z
  .object({
    id: z
      .union([z.number(), z.string()], { error: () => ID_MESSAGE })
      .transform(String)
      .pipe(decimalInteger(ID_MESSAGE, 1, Number.MAX_SAFE_INTEGER)),
  })
  .meta({ id: 'RemoveBodaccTransaction' });

/** 404 of an unknown deal entity, deal or BODACC row (SPEC section 8). */
export const ITEM_MISSING = 'Item does not exist!';
