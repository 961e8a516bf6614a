/**
 * The template of the deals CSV import: the header of every column
 * (contract/deal-import.ts `DEAL_CSV_COLUMNS`) and two example rows of one deal (a buyer and a target), in UTF-8
 * with a BOM and `;` (what Excel opens as French CSV). The example uses La Poste's SIREN beside placeholder
 * names and an example.com link: no invented event about a real company.
 *
 * Reading rules (documented in docs/deals.md "CSV import"): one row per deal entity; rows sharing `deal_id` form
 * one deal and repeat its deal-level columns; dates DD/MM/YYYY or YYYY-MM-DD; amounts and stakes with French decimals
 * (`1 234,56`); currency among the 20 of SPEC section 5 (EUR when empty); role and types by name; countries by
 * ISO 3166 alpha-2 code or French name; flags YES / NO / OUI / NON / 1 / 2.
 */
import { DEAL_CSV_COLUMNS } from '../../../contract/deal-import';
import { LA_POSTE_SIREN } from '../../../contract/siren';
import { csvText } from '../../lib/csv/write';

/** File name of the template. */
export const DEAL_TEMPLATE_FILENAME = 'modele-import-transactions.csv';

/**
 * The template's bytes.
 * @param roles - two existing role names for the example rows (buyer, target)
 * @param type - an existing deal type name
 */
export function dealTemplate(roles: [string, string] = ['Acquéreur', 'Cible'], type = 'Acquisition'): Buffer {
  const deal = {
    deal_id: 'EXEMPLE-2026-001',
    deal_date: '23/11/2026',
    type1: type,
    type2: '',
    amount: '1 250 000,00',
    currency: 'EUR',
    description: 'Description de la transaction (exemple à remplacer)',
    url: 'https://www.example.com/transaction',
    source: 'Nom de la source',
    french_investment_abroad: 'NON',
    foreign_investment_in_france: 'OUI',
    buyer1: 'Acquéreur exemple',
    buyer1_country: 'BE',
    target1: 'Cible exemple',
    target1_country: 'France',
  } as Record<string, string>;
  const row = (entity: Record<string, string>) => DEAL_CSV_COLUMNS.map((c) => entity[c] ?? deal[c] ?? '');
  return csvText(DEAL_CSV_COLUMNS, [
    row({ siren: '', company_name: 'Acquéreur exemple', role: roles[0], stake: '60' }),
    row({ siren: LA_POSTE_SIREN, company_name: 'Cible exemple', role: roles[1], stake: '60,00' }),
  ]);
}
