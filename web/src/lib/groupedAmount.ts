/**
 * An amount in a number field, shown as the lists show it: digits grouped by thousands the French way
 * (« 289 325 000 », « 1 250,5 »), through `Intl.NumberFormat` on the decimal string itself (exact: no float).
 * While the user types, the text stays as typed; `parseGroupedAmount` reads it back (spaces out, comma as the
 * decimal point).
 */

/** fr-FR grouping, up to the cent, without trailing zeros. */
const FORMAT = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2, useGrouping: true });

/**
 * The shown text of `value` (a decimal string such as `2500000.00`, or a number): grouped, with a decimal comma;
 * `''` when empty. A value that is not a plain decimal is shown as it is.
 * @param info.userTyping - antd's flag: true while the user types (the text is then left alone)
 */
export function formatGroupedAmount(value: string | number | undefined, info?: { userTyping: boolean; input: string }): string {
  if (info?.userTyping) return info.input;
  if (value === undefined || value === null || value === '') return '';
  const text = String(value);
  if (!/^-?\d+(\.\d+)?$/.test(text)) return text;
  // A decimal string is formatted exactly (Intl.NumberFormat takes it as written, beyond a float's precision).
  return FORMAT.format(text as unknown as number);
}

/** The decimal string of a shown amount: spaces (plain, no-break, narrow) out, the comma as decimal point. */
export function parseGroupedAmount(text: string | undefined): string {
  return (text ?? '').replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
}
