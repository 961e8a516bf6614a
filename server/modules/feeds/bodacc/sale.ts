/**
 * A sale notice (`vente`) as a row of `bodacc_transactions` (SPEC section 3 "Legal-announcement transaction
 * row", columns b1..b37 under their meaningful names in server/db/schema/feeds.ts), holding only what the notice
 * states (CONVENTIONS.md section 7 "Data truth"):
 * - b1..b4: the buyer (the registering person, role `Acquéreur`), the notice's identifier on bodacc.fr;
 * - b6: the nature of the operation (./nature.ts: a purchase, a contribution at a valuation, an allotment, a
 *   purchase by the lessee-manager…), b7: the notice's own sale category, word for word;
 * - b8, b9: the amount `origineFonds` states (./price.ts), a price or a valuation as b6 and b34 say;
 * - b11, b13: the business sold: its trade name when given, France when the notice gives its address;
 * - b15..b17: the buyer; b19..b21: every previous owner (names joined by `, `; the SIRENs given; the country
 *   only when the notice states one for each of them, ./party.ts);
 * - b26..b28: the investment direction only where the notice's facts fix it: a buyer whose address is abroad
 *   buying a business in France is a foreign investment in France (b27 YES, b26 NO, b28 its country's ISO code);
 *   otherwise the three stay empty (a French address does not say who owns the buyer);
 * - b34: one French sentence of what happened; b35: what the row would otherwise lose — the notice this one
 *   corrects, where the business sold is and what it does when that is not the buyer's own address, the
 *   previous operator, and `origineFonds` when it states no amount;
 * - b36, b37: the notice's page and `BODACC A n°20210005 du 08/01/2021, avis n°1`.
 */
import { frenchDate, noticeId, sourceLabel, type Notice, type SaleParts } from './notice';
import { amountKind, NATURE_LABEL, saleNature, type AmountKind, type SaleNature } from './nature';
import { deName, FRANCE, frenchList, type SaleParty } from './party';
import { samePlace } from './place';
import { formatPrice, parsePrice, type Price } from './price';

/** Role of the company a sale row is about. */
export const BUYER_ROLE = 'Acquéreur';

/** The columns of `bodacc_transactions` a sale fills (snake_case, as the table), without `announcement_id`. */
export interface SaleRow {
  siren: string | null;
  company_name: string | null;
  role: string;
  transaction_number: string;
  announced_on: string;
  deal_type1: string;
  deal_type2: string | null;
  amount: string | null;
  currency: string | null;
  target_name: string | null;
  target_country: string | null;
  acquirer_name: string | null;
  acquirer_siren: string | null;
  acquirer_country: string | null;
  seller_name: string | null;
  seller_sirens: string[];
  seller_country: string | null;
  french_investment_abroad: number | null;
  foreign_investment_in_france: number | null;
  buyer_iso1: string | null;
  description: string;
  description_complement: string | null;
  url: string;
  source: string;
}

/** The columns a sale fills, in the order of SaleRow (the merge inserts them, a rebuild rewrites them). */
export const SALE_COLUMNS: ReadonlyArray<keyof SaleRow> = [
  'siren',
  'company_name',
  'role',
  'transaction_number',
  'announced_on',
  'deal_type1',
  'deal_type2',
  'amount',
  'currency',
  'target_name',
  'target_country',
  'acquirer_name',
  'acquirer_siren',
  'acquirer_country',
  'seller_name',
  'seller_sirens',
  'seller_country',
  'french_investment_abroad',
  'foreign_investment_in_france',
  'buyer_iso1',
  'description',
  'description_complement',
  'url',
  'source',
];

/** b26 / b27 values (SPEC section 9: 1 = YES, 2 = NO). */
const YES = 1;
const NO = 2;

/** `pour 280 000 €`, `évalué à 192 691 €`, `pour un montant de 5 000 €`. */
function amountText(price: Price, kind: AmountKind): string {
  const value = formatPrice(price);
  if (kind === 'valuation') return `évalué à ${value}`;
  if (kind === 'price') return `pour ${value}`;
  return `pour un montant de ${value}`;
}

/** The names of the parties that have one, in order and once each. */
function names(parties: SaleParty[]): string[] {
  return [...new Set(parties.map((p) => p.name).filter((n): n is string => Boolean(n)))];
}

/** `un fonds artisanal` when the notice says so, else `un fonds de commerce` (the BODACC sales are of businesses). */
function fondsWord(sale: SaleParts): string {
  return /fonds artisanal/i.test(sale.origin ?? '') ? 'un fonds artisanal' : 'un fonds de commerce';
}

/** The sentence of b34 (see the module comment). */
function describe(sale: SaleParts, nature: SaleNature, price: Price | null, kind: AmountKind): string {
  const buyer = sale.buyer.name ?? (sale.buyer.siren ? `SIREN ${sale.buyer.siren}` : 'Une entreprise');
  const sellers = names(sale.sellers);
  const from = sellers.length ? ` ${deName(frenchList(sellers))}` : '';
  const fonds = fondsWord(sale);
  const amount = price ? ` ${amountText(price, kind)}` : '';
  const commaAmount = price ? `, ${amountText(price, kind)}` : '';
  switch (nature) {
    case 'purchase':
      return `${buyer} acquiert ${fonds}${from}${amount}.`;
    case 'lessee_purchase':
      return `${buyer}, précédemment locataire-gérant, acquiert ${fonds}${from}${amount}.`;
    case 'contribution':
      return sellers.length
        ? `${frenchList(sellers)} ${sellers.length > 1 ? 'apportent' : 'apporte'} ${fonds} à ${buyer}${commaAmount}.`
        : `Apport d’${fonds} à ${buyer}${commaAmount}.`;
    case 'unknown':
      return `Vente ou cession d’${fonds} à ${buyer}${sellers.length ? ` par ${frenchList(sellers)}` : ''}${commaAmount}.`;
    default:
      return `${NATURE_LABEL[nature]} au profit de ${buyer}${sellers.length ? ` (précédent propriétaire\u00a0: ${frenchList(sellers)})` : ''}${commaAmount}.`;
  }
}

/** The sentences of b35 (see the module comment), or null when there is nothing to add. */
function complement(notice: Notice, sale: SaleParts, price: Price | null): string | null {
  const parts: string[] = [];
  const prev = notice.previous;
  if (notice.kind === 'rectificatif') {
    parts.push(
      prev
        ? `Avis rectificatif de l’avis n°${prev.noticeNumber} du BODACC ${prev.bulletin} n°${prev.issue}${prev.issueDate ? ` du ${frenchDate(prev.issueDate)}` : ''}`
        : 'Avis rectificatif (l’avis corrigé n’est pas précisé)',
    );
  }
  const place = sale.establishment;
  if (place?.address && !samePlace(place.address, sale.buyerAddress)) {
    const what = [place.tradeName ? `« ${place.tradeName} »` : null, place.activity ? `activité\u00a0: ${place.activity.replace(/\.$/, '')}` : null].filter(Boolean);
    parts.push(`Fonds situé ${place.address.line}${what.length ? ` (${what.join(', ')})` : ''}`);
  }
  const sellers = new Set(names(sale.sellers));
  const operators = names(sale.operators).filter((n) => !sellers.has(n));
  if (operators.length) parts.push(`Précédent exploitant\u00a0: ${frenchList(operators)}`);
  if (!price && sale.origin) parts.push(`Origine du fonds\u00a0: ${sale.origin.replace(/\.$/, '')}`);
  return parts.length ? `${parts.join('. ')}.` : null;
}

/** The countries of every seller when the notice states one for each, joined by `, `; else null. */
function sellerCountry(sellers: SaleParty[]): string | null {
  if (!sellers.length || sellers.some((s) => !s.country)) return null;
  return [...new Set(sellers.map((s) => s.country!))].join(', ');
}

/** The row of the sale told by `notice` (whose `sale` is set). */
export function saleRow(notice: Notice, sale: SaleParts): SaleRow {
  const { buyer } = sale;
  const price = parsePrice(sale.origin);
  const kind = amountKind(sale.origin);
  const nature = saleNature(sale.origin, sale.category);
  const targetInFrance = Boolean(sale.establishment?.address);
  // A buyer stated abroad buying a business in France: a foreign investment in France, not a French one abroad.
  const foreignBuyer = targetInFrance && buyer.country !== null && buyer.country !== FRANCE;
  return {
    siren: buyer.siren,
    company_name: buyer.name,
    role: BUYER_ROLE,
    transaction_number: noticeId(notice),
    announced_on: notice.issueDate,
    deal_type1: NATURE_LABEL[nature],
    deal_type2: sale.category,
    amount: price?.amount ?? null,
    currency: price?.currency ?? null,
    target_name: sale.establishment?.tradeName ?? null,
    target_country: targetInFrance ? FRANCE : null,
    acquirer_name: buyer.name,
    acquirer_siren: buyer.siren,
    acquirer_country: buyer.country,
    seller_name: names(sale.sellers).join(', ') || null,
    seller_sirens: [...new Set(sale.sellers.map((s) => s.siren).filter((s): s is string => s !== null))],
    seller_country: sellerCountry(sale.sellers),
    french_investment_abroad: foreignBuyer ? NO : null,
    foreign_investment_in_france: foreignBuyer ? YES : null,
    buyer_iso1: foreignBuyer ? buyer.iso : null,
    description: describe(sale, nature, price, kind),
    description_complement: complement(notice, sale, price),
    url: notice.url,
    source: sourceLabel(notice),
  };
}
