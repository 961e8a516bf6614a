/**
 * INSEE catégories juridiques, niveau III (the 4-digit `categorieJuridiqueUniteLegale` of the Sirene files),
 * read from `categories_juridiques_niveau_III.csv` beside this file (`code;libelle`, UTF-8, 260 codes;
 * provenance in PROVENANCE.md beside it), parsed with csv-parse.
 */
import fs from 'node:fs';
import { parse } from 'csv-parse/sync';

/** The nomenclature file, read where the server runs from its sources (tsx). */
export const LEGAL_CATEGORIES_FILE = new URL('./categories_juridiques_niveau_III.csv', import.meta.url);

/**
 * The catégories juridiques as `[code, label]` sorted by code.
 * @param text - the file's content (the committed file when absent)
 * @throws Error naming the line of a row whose code is not 4 digits or whose label is empty, or a code twice
 */
export function readLegalCategories(text: string = fs.readFileSync(LEGAL_CATEGORIES_FILE, 'utf8')): Array<[string, string]> {
  const rows = parse(text, { delimiter: ';', columns: true, bom: true, trim: true, skip_empty_lines: true, info: true }) as Array<{
    record: { code?: string; libelle?: string };
    info: { lines: number };
  }>;
  const entries = new Map<string, string>();
  for (const { record, info } of rows) {
    const code = record.code ?? '';
    const label = record.libelle ?? '';
    if (!/^\d{4}$/.test(code) || !label) throw new Error(`legal categories file (categories_juridiques_niveau_III.csv), line ${info.lines}: expected a 4-digit code and a label`);
    if (entries.has(code)) throw new Error(`legal categories file (categories_juridiques_niveau_III.csv), line ${info.lines}: code ${code} given twice`);
    entries.set(code, label);
  }
  return [...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}
