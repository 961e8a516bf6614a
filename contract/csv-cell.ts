/**
 * The cell rule every CSV vigie writes follows (server/lib/csv/write.ts on the server, the client-mode lists'
 * « Exporter CSV » in the browser): formula neutralisation (OWASP "CSV injection"): a text cell beginning with
 * `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading apostrophe `'`, so that a spreadsheet shows it
 * as text instead of running it. Pure and free of zod, so the web may import it.
 */

/** A cell: text, a number, or empty (null / undefined). */
export type CsvCell = string | number | null | undefined;

/** Characters that make a spreadsheet read a cell as a formula when they begin it. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** `value` with a leading `'` when it begins like a formula (`=`, `+`, `-`, `@`, tab, CR); else unchanged. */
export function neutraliseFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/**
 * csv-stringify options of every CSV vigie writes: UTF-8 BOM, `;`, CRLF line ends (RFC 4180, what Excel writes),
 * a header line, line breaks inside a cell quoted (LF alone included), formulas neutralised.
 */
export function csvOptions(headers: readonly string[]) {
  return {
    delimiter: ';',
    bom: true,
    header: true,
    columns: [...headers],
    record_delimiter: '\r\n',
    quoted_match: /[\r\n]/,
    cast: { string: neutraliseFormula },
  } as const;
}
