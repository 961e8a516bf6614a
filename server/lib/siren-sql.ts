/**
 * The shared SIREN rules in SQL:
 * - `sirenLuhnSql`: the SIREN check (contract/siren.ts: 9 digits, Luhn check digit) as a SQL expression, for the
 *   set-based imports that check a million staged rows in one statement (deals CSV import, INSEE Sirene merge),
 *   where a call into JavaScript per row is out of the question;
 * - `sirenPrefixSql`: the search of the SIRENs starting with some digits, as an index-served range.
 */
import { sql, type SQL } from 'drizzle-orm';

/** Doubled digit (Luhn): index 1..10 for the digit 0..9, as a SQL array literal. */
const DOUBLED = `'{0,2,4,6,8,1,3,5,7,9}'::int[]`;

/**
 * A SQL condition, true when `expr` (a text expression of exactly 9 ASCII digits) passes the Luhn check.
 * The value is read as one integer and its digits taken by division: about 0.45 s per million rows on
 * PostgreSQL 15 here, where reading each character (`substr`, `get_byte`) costs 1 to 2 s.
 * Callers guard it: evaluated on a value that is not 9 digits, the cast raises `22P02`. The Sirene checks put
 * it after the digits check in one OR (evaluated left to right, stopping at the first true); the deals import
 * inside a CASE on `^[0-9]{9}$`.
 * @param expr - a SQL expression of type text (never user input: a column reference or a generated expression)
 */
export function sirenLuhnSql(expr: string): string {
  const n = `(${expr})::int`;
  // Digit k (0 = leftmost) of the 9; the 2nd, 4th, 6th and 8th (odd k) are doubled.
  const digit = (k: number) => `(${n} / ${10 ** (8 - k)} % 10)`;
  const terms = [0, 1, 2, 3, 4, 5, 6, 7, 8].map((k) => (k % 2 === 1 ? `(${DOUBLED})[${digit(k)} + 1]` : digit(k)));
  return `((${terms.join(' + ')}) % 10 = 0)`;
}

/**
 * SIRENs starting with `prefix` (1 to 9 digits, checked by the caller), as a condition on `column` (a SIREN column of
 * 9 digits): a range `column >= prefix and column < next` (next: the prefix with its last digit that is not a 9
 * raised by one, the 9s after it dropped; none after 9…9), which a B-tree index on the column serves whatever its
 * collation (a LIKE 'prefix%' is served only under the C collation). 9 digits: equality.
 */
export function sirenPrefixSql(column: SQL, prefix: string): SQL {
  if (prefix.length === 9) return sql`${column} = ${prefix}`;
  const stem = prefix.replace(/9+$/, '');
  if (!stem) return sql`${column} >= ${prefix}`;
  const next = stem.slice(0, -1) + String(Number(stem.at(-1)) + 1);
  return sql`(${column} >= ${prefix} and ${column} < ${next})`;
}
