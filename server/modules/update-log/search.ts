/**
 * What a search term of the update log means:
 * - `all` (or empty): every entry; `onlyvip` / `onlyfavoris`: entries whose SIREN belongs to the
 *   active group named `VIP` / `Favoris` (case-insensitive);
 * - a SIREN (9 digits, spaces allowed, valid Luhn): that SIREN, through the (siren, id) index;
 * - anything else: a treatment code equal to the term (upper-cased), or a description containing
 *   every word of the term (case-insensitive, through the trigram index; words under 3 characters
 *   only match codes).
 */
import { sql, type SQL } from 'drizzle-orm';
import { normaliseSiren } from '../../../contract/siren';
import { escapeLike } from '../../lib/like';

export const QUICK_SEARCHES = { all: undefined, onlyvip: 'VIP', onlyfavoris: 'Favoris' } as const;

/** The parsed meaning of a trimmed search term. */
export type LogSearch =
  | { kind: 'all' }
  | { kind: 'group'; groupName: string }
  | { kind: 'siren'; siren: string }
  | { kind: 'text'; code: string; words: string[] };

/** Parses a search term. */
export function parseLogSearch(term: string | undefined): LogSearch {
  const t = (term ?? '').trim();
  if (!t || t === 'all') return { kind: 'all' };
  if (t === 'onlyvip' || t === 'onlyfavoris') return { kind: 'group', groupName: QUICK_SEARCHES[t] };
  const siren = /^[\d\s\u00a0]+$/.test(t) ? normaliseSiren(t) : null;
  if (siren) return { kind: 'siren', siren };
  return { kind: 'text', code: t.toUpperCase(), words: t.split(/\s+/).filter((w) => w.length >= 3) };
}

/** SIRENs of the active group named `name`, as a sub-select. */
export function groupSirens(name: string): SQL {
  return sql`select gs.siren from group_sirens gs join groups g on g.id = gs.group_id where lower(g.name) = lower(${name}) and g.status = 1`;
}

/** WHERE condition on the log alias `l` for a parsed search (undefined: no condition). */
export function logCondition(s: LogSearch): SQL | undefined {
  switch (s.kind) {
    case 'all':
      return undefined;
    case 'group':
      return sql`l.siren in (${groupSirens(s.groupName)})`;
    case 'siren':
      return sql`l.siren = ${s.siren}`;
    case 'text': {
      const code = sql`l.code = ${s.code}`;
      if (s.words.length === 0) return code;
      const words = sql.join(
        s.words.map((w) => sql`l.description ilike ${'%' + escapeLike(w) + '%'}`),
        sql` and `,
      );
      return sql`(${code} or (${words}))`;
    }
  }
}

/** Total read from the rollups when the search allows it (undefined: count the rows). */
export function logTotal(s: LogSearch): SQL | undefined {
  if (s.kind === 'all') return sql`select coalesce(sum(entries), 0)::bigint as total from update_log_daily`;
  if (s.kind === 'group') {
    return sql`select coalesce(sum(c.entries), 0)::bigint as total from update_log_siren_counts c where c.siren in (${groupSirens(s.groupName)})`;
  }
  return undefined;
}
