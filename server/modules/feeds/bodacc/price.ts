/**
 * The price of a sale, read from the free text of `etablissement/origineFonds`. The
 * real notices write it as `Achat au prix stipulé de 280000,00 euros.`, `… au prix stipulé de 150000 EUR`,
 * `… de 102000 Euros.`, `… de 30000.00 EUR`, `Apport en société au montant évalué à 192691,00 euros.`
 * (BODACC A n°20210005); thousands may be grouped by spaces or dots (`150 000,00 euros`, `1.500.000 €`).
 * Only an amount announced as a price, a value or an amount counts (not a share capital).
 */

/** A parsed price: `amount` as a decimal string with 2 decimals (for a numeric column), ISO 4217 currency. */
export interface Price {
  amount: string;
  currency: string;
}

const CURRENCIES: Array<[RegExp, string]> = [
  [/^(?:eur|euros?|€)$/i, 'EUR'],
  [/^(?:usd|dollars?(?: us)?|\$)$/i, 'USD'],
  [/^(?:gbp|livres? sterling|£)$/i, 'GBP'],
  [/^(?:chf|francs? suisses?)$/i, 'CHF'],
];

// A number (digits, or groups of 3 after spaces or dots) with optional decimals, then a currency.
const AMOUNT =
  /(\d{1,3}(?:[ \u00a0\u202f]\d{3})+|\d{1,3}(?:\.\d{3})+(?!\d)|\d+)(?:[,.](\d{1,2}))?(?!\d)\s*(eur(?:os?)?\b|€|usd\b|dollars?(?: us)?\b|\$|gbp\b|livres? sterling\b|£|chf\b|francs? suisses?\b)/i;
const PRICE_WORD = /prix|montant|valeur|évalu|moyennant|pour la somme/i;

/** The price stated by `text`, or null when it states none. */
export function parsePrice(text: string | null | undefined): Price | null {
  if (!text) return null;
  const words = PRICE_WORD.exec(text);
  if (!words) return null;
  const m = AMOUNT.exec(text.slice(words.index));
  if (!m) return null;
  const integer = m[1].replace(/[ .\u00a0\u202f]/g, '');
  const cents = (m[2] ?? '').padEnd(2, '0');
  const currency = CURRENCIES.find(([re]) => re.test(m[3].trim()))?.[1];
  if (!currency || integer.length > 16) return null;
  return { amount: `${BigInt(integer).toString()}.${cents}`, currency };
}

/** `192691.00` -> `192 691 €`-like French text: `192 691,00 EUR` (narrow no-break spaces between groups). */
export function formatPrice(p: Price): string {
  const [int, cents] = p.amount.split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, '\u202f');
  return `${grouped}${cents === '00' ? '' : ',' + cents}\u00a0${p.currency === 'EUR' ? '€' : p.currency}`;
}
