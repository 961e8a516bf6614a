/**
 * How names are compared when people search them (deal roles, types, countries): lower case, accents
 * removed (Unicode decomposition), œ/æ written oe/ae, the typographic apostrophe ’ written '. Shared by the
 * browser's select search (web/src/lib/searchFold.ts) and the server's folding of a search term, which meets
 * the same folding done in SQL (server/modules/deals/import-sql.ts `foldSql`).
 */

/** `text` folded for comparison, e.g. `États-Unis d’Amérique` -> `etats-unis d'amerique`. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/’/g, "'");
}
