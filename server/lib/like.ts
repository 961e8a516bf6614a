/**
 * LIKE / ILIKE patterns built from user text.
 */

/**
 * `term` with `%`, `_` and `\` escaped (by `\`, PostgreSQL's default LIKE escape), so that each matches itself in a
 * LIKE or ILIKE pattern: `'%' + escapeLike(term) + '%'` is "contains `term`".
 */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}
