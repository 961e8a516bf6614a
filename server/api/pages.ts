/**
 * Keyset pages of the `/v1` lists (news, deals, announcements): the route reads `limit + 1` rows after the cursor in
 * a fixed order; the extra row only says whether another page follows. A cursor is the sort key of the last row
 * given, as text.
 */
import { ApiProblem } from '../http/problem';

/** One page: the rows, the cursor of the next page (null when there is none) and whether it exists. */
export interface Page<T> {
  data: T[];
  next_cursor: string | null;
  has_more: boolean;
}

/** The page of `rows` (read with `limit + 1`), whose next cursor is `keyOf` of its last row. */
export function pageFrom<R, T>(rows: R[], limit: number, keyOf: (row: R) => string, toItem: (row: R) => T): Page<T> {
  const page = rows.slice(0, limit);
  const hasMore = rows.length > limit;
  return { data: page.map(toItem), next_cursor: hasMore ? keyOf(page[page.length - 1]) : null, has_more: hasMore };
}

/**
 * Reads a cursor made of a row id (decimal digits).
 * @throws ApiProblem invalid-request when it is not one
 */
export function idCursor(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  if (!/^\d{1,18}$/.test(value)) throw new ApiProblem('invalid-request', 'Curseur invalide\u00a0: reprenez la valeur next_cursor d’une page précédente.', [{ name: 'cursor', reason: 'curseur invalide' }]);
  return Number(value);
}
