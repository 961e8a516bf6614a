/**
 * NAF rév. 2 codes and their French labels, read from the maintained npm package `@socialgouv/codes-naf`
 * (INSEE's nomenclature; provenance in PROVENANCE.md beside this file). Its `index.json` is
 * `[{id: '01.11Z', label: '…'}, …]` with divisions (`64`), groups (`64.1`), classes (`64.19`) and sub-classes
 * (`64.19Z`, the code of the Sirene files).
 */
import { createRequire } from 'node:module';

/** The nomenclature of `naf_code` (Sirene `nomenclatureActivitePrincipale…`) whose codes have labels here. */
export const NAF_REV2 = 'NAFRev2';
/** Longest code `naf_labels.code` holds (varchar(8)). */
const CODE_MAX = 8;
const require = createRequire(import.meta.url);
/** Path of the package's `index.json`. */
export const NAF_REV2_FILE = require.resolve('@socialgouv/codes-naf/index.json');

interface CodeNaf {
  id: string;
  label: string;
}

/**
 * Every code of the package that fits `naf_labels.code`, as `[code, label]` sorted by code (labels trimmed).
 * @throws Error when the package holds an entry without a code or a label (a broken install)
 */
export function readNafRev2(): Array<[string, string]> {
  const codes = require(NAF_REV2_FILE) as CodeNaf[];
  const entries = new Map<string, string>();
  for (const { id, label } of codes) {
    const code = String(id ?? '').trim();
    const text = String(label ?? '').trim();
    if (!code || !text) throw new Error(`@socialgouv/codes-naf: entry without code or label (${JSON.stringify({ id, label })})`);
    if (code.length <= CODE_MAX) entries.set(code, text);
  }
  return [...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}
