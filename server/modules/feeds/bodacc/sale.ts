/**
 * A sale notice (`vente`) as a row of `bodacc_transactions` (issue 9 section 2; SPEC section 3
 * "Legal-announcement transaction row", columns b1..b37 under their meaningful names in
 * server/db/schema/feeds.ts). The row is about the buyer (the registering company, role `Acquéreur`); the
 * seller is the previous owner (`precedentProprietairePM` with its SIREN, or `precedentProprietairePP`), or
 * else the previous operator (`precedentExploitantPP`); deal type 1 is the sale category; the price comes
 * from `origineFonds` when it states one, else that text goes to the description complement.
 */
import { noticeId, issueLabel, type Notice, type SaleParts } from './notice';
import { formatPrice, parsePrice } from './price';

/** Role of the company a sale row is about. */
export const BUYER_ROLE = 'Acquéreur';

/** The columns of `bodacc_transactions` a sale fills (snake_case, as the table), without `announcement_id`. */
export interface SaleRow {
  siren: string | null;
  company_name: string | null;
  role: string;
  transaction_number: string;
  announced_on: string;
  deal_type1: string | null;
  amount: string | null;
  currency: string | null;
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

/** The row of the sale told by `notice` (whose `sale` is set). */
export function saleRow(notice: Notice, sale: SaleParts): SaleRow {
  const { buyer, seller } = sale;
  const price = parsePrice(sale.origin);
  const bothFrench = buyer.french && (seller?.french ?? false);
  const buyerText = buyer.name ?? (buyer.siren ? `SIREN ${buyer.siren}` : 'Une entreprise');
  const sellerText = seller?.name ? ` de ${seller.name}` : '';
  return {
    siren: buyer.siren,
    company_name: buyer.name,
    role: BUYER_ROLE,
    transaction_number: noticeId(notice),
    announced_on: notice.issueDate,
    deal_type1: sale.category,
    amount: price?.amount ?? null,
    currency: price?.currency ?? null,
    acquirer_name: buyer.name,
    acquirer_siren: buyer.siren,
    acquirer_country: buyer.french ? 'France' : null,
    seller_name: seller?.name ?? null,
    seller_sirens: seller?.siren ? [seller.siren] : [],
    seller_country: seller?.french ? 'France' : null,
    french_investment_abroad: bothFrench ? 2 : null,
    foreign_investment_in_france: bothFrench ? 2 : null,
    buyer_iso1: buyer.french ? 'FR' : null,
    description: `${buyerText} acquiert un fonds de commerce${sellerText}${price ? ` pour ${formatPrice(price)}` : ''}.`,
    description_complement: price ? null : sale.origin,
    url: notice.url,
    source: issueLabel(notice),
  };
}
