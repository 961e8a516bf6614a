/**
 * The shared SIREN rule (contract/siren.ts: 9 digits, Luhn check digit) as a SQL expression, for the
 * set-based imports that check a million staged rows in one statement (deals CSV import, INSEE Sirene merge),
 * where a call into JavaScript per row is out of the question.
 */

/** Doubled digit (Luhn): index 1..10 for the digit 0..9, as a SQL array literal. */
const DOUBLED = `'{0,2,4,6,8,1,3,5,7,9}'::int[]`;

/**
 * A SQL condition, true when `expr` (a text expression of exactly 9 ASCII digits) passes the Luhn check.
 * Reads the bytes of the value (`get_byte`: about half the cost of `substr` per digit over a million rows).
 * Only meaningful once `expr` is known to be 9 digits: another value gives NULL or false, never an error,
 * since the value is right-padded to 9 characters before its bytes are read.
 * @param expr - a SQL expression of type text (never user input: a column reference or a generated expression)
 */
export function sirenLuhnSql(expr: string): string {
  const bytes = `convert_to(rpad(${expr}, 9, '0'), 'UTF8')`;
  // Positions 0..8 from the left; the 2nd, 4th, 6th and 8th digits (odd byte offsets) are doubled.
  const terms = [0, 1, 2, 3, 4, 5, 6, 7, 8].map((i) => (i % 2 === 1 ? `(${DOUBLED})[get_byte(${bytes}, ${i}) - 47]` : `(get_byte(${bytes}, ${i}) - 48)`));
  return `((${terms.join(' + ')}) % 10 = 0)`;
}
