/**
 * The official nomenclatures' labels (CONVENTIONS.md section 7 "Data truth": codes are shown with their labels):
 * NAF rév. 2 from `@socialgouv/codes-naf` and INSEE catégories juridiques niveau III from the CSV kept in
 * `nomenclatures/` (sources and provenance there).
 *
 * - `ensureNomenclatures(db)`, run once at start after the migrations (server/bootstrap.ts `createContext`; the
 *   tests' fresh databases too), writes them into `naf_labels` and `legal_category_labels`
 *   (server/db/schema/feeds.ts) so that SQL can name a code (the Sirene merge, the company lookup). A table
 *   whose content is its source's (compared by fingerprint) is left alone; else one upsert keyed on the code adds
 *   the new codes and renames the changed ones. Codes are never deleted (companies keep the code INSEE gave
 *   them, whatever the edition).
 * - `nafLabel(code)` and `legalCategoryLabel(code)` answer the same labels from memory, for JS callers.
 */
import crypto from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { readLegalCategories } from './nomenclatures/legal-categories';
import { NAF_REV2, readNafRev2 } from './nomenclatures/naf';
import { rowsOf } from '../../db/rows';

export { NAF_REV2 } from './nomenclatures/naf';

let naf: Map<string, string> | undefined;
let legalCategories: Map<string, string> | undefined;

/** NAF rév. 2 code -> label (read once). */
function nafLabels(): Map<string, string> {
  return (naf ??= new Map(readNafRev2()));
}

/** Catégorie juridique code -> label (read once). */
function legalCategoryLabels(): Map<string, string> {
  return (legalCategories ??= new Map(readLegalCategories()));
}

/**
 * The French label of a NAF rév. 2 code (`64.19Z`, or a division, group or class such as `64.1`), null when the
 * code is empty or unknown, or when `nomenclature` is given and is not `NAFRev2` (NAFRev1, NAF1993 and NAP codes
 * have no labels here).
 */
export function nafLabel(code: string | null | undefined, nomenclature: string | null = NAF_REV2): string | null {
  if (!code || nomenclature !== NAF_REV2) return null;
  return nafLabels().get(code.trim()) ?? null;
}

/** The French label of an INSEE catégorie juridique (niveau III, e.g. `5710`), null when empty or unknown. */
export function legalCategoryLabel(code: string | null | undefined): string | null {
  if (!code) return null;
  return legalCategoryLabels().get(code.trim()) ?? null;
}

/** What `ensureNomenclatures` wrote: codes added or renamed per table (0 and 0 when already current). */
export interface NomenclatureChanges {
  naf: number;
  legal_categories: number;
}

/** The two tables and their sources. */
const TABLES = [
  { key: 'naf', table: sql.raw('naf_labels'), entries: () => nafLabels() },
  { key: 'legal_categories', table: sql.raw('legal_category_labels'), entries: () => legalCategoryLabels() },
] as const;

/**
 * md5 of `code TAB label` lines joined by LF in byte order of the code: what `tableFingerprint` computes in SQL
 * over a table holding exactly these entries.
 */
function fingerprint(entries: Map<string, string>): string {
  const lines = [...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([code, label]) => `${code}\t${label}`);
  return crypto.createHash('md5').update(lines.join('\n'), 'utf8').digest('hex');
}

/** The same md5 over a whole table (null when empty). */
function tableFingerprint(table: SQL): SQL {
  return sql`(select md5(string_agg(code || E'\t' || label, E'\n' order by code collate "C")) from ${table})`;
}

/**
 * Writes the nomenclatures' labels into `naf_labels` and `legal_category_labels`. A table whose fingerprint is
 * its source's is current and left alone (one read-only statement for both: about 1 ms on PostgreSQL, 15 ms on
 * PGlite); a stale one gets one upsert keyed on the code (new codes added, changed labels replaced, none deleted;
 * a table that keeps codes its source dropped runs this upsert at each start, and it changes nothing). Safe when
 * several processes start at once.
 * @returns the codes added or renamed per table
 * @throws Error when a source is unreadable (see readNafRev2, readLegalCategories)
 */
export async function ensureNomenclatures(db: Db): Promise<NomenclatureChanges> {
  const [current] = await rowsOf<Record<string, string | null>>(db,
    sql`select ${sql.join(
      TABLES.map((t) => sql`${tableFingerprint(t.table)} as ${sql.raw(t.key)}`),
      sql`, `,
    )}`,
  );
  const changes: NomenclatureChanges = { naf: 0, legal_categories: 0 };
  for (const t of TABLES) {
    const entries = t.entries();
    if (current[t.key] === fingerprint(entries)) continue;
    const json = JSON.stringify([...entries].map(([code, label]) => ({ code, label })));
    const res = await rowsOf<unknown>(db, sql`
      insert into ${t.table} (code, label)
      select code, label from jsonb_to_recordset(${json}::jsonb) as x(code text, label text)
      on conflict (code) do update set label = excluded.label
        where ${t.table}.label is distinct from excluded.label
      returning code`);
    changes[t.key] = res.length;
  }
  return changes;
}
