/**
 * Reading the first bytes of an uploaded CSV (CONVENTIONS.md section 6 "every file
 * import streams"): refuse what is not a readable CSV, and find the encoding (UTF-8 with or without BOM, or
 * Windows-1252, with chardet for what is neither), the delimiter (`;`, `,` or tab, the most frequent in the
 * header line) and the position of each expected column, matched by name without regard to case, accents,
 * spaces or underscores, French or English. Shared by every CSV import.
 *
 * Every refusal is an AppError 422 under `errors.file` with a French message naming what is wrong.
 */
import chardet from 'chardet';
import iconv from 'iconv-lite';
import { parse } from 'csv-parse/sync';
import { z } from 'zod';
import { fieldError } from '../../lib/errors';
import { headerExcerpt } from '../excerpt';

/** Encodings an import reads. */
export type CsvEncoding = 'utf-8' | 'windows-1252';

/** What the first bytes told. */
export interface CsvLayout {
  encoding: CsvEncoding;
  delimiter: ';' | ',' | '\t';
  /** Field -> position of its column in a row. */
  columns: Record<string, number>;
  /** The header's column names as written. */
  header: string[];
}

/** The schema of a `CsvLayout` stored in a job's payload (server/jobs/define.ts). */
export const csvLayoutSchema = z.object({
  encoding: z.enum(['utf-8', 'windows-1252']),
  delimiter: z.enum([';', ',', '\t']),
  columns: z.record(z.string(), z.number().int().nonnegative()),
  header: z.array(z.string()),
});

/** The columns an import expects: field -> accepted names; `required` lists the fields that must be present. */
export interface CsvColumns {
  names: Record<string, readonly string[]>;
  required: readonly string[];
}

/** How many leading bytes `sniffCsv` wants. */
export const SNIFF_BYTES = 64 * 1024;

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const DELIMITERS = [';', ',', '\t'] as const;
/** The French name of each delimiter read (`point-virgule`, `virgule`, `tabulation`). */
export const DELIMITER_NAMES: Record<CsvLayout['delimiter'], string> = { ';': 'point-virgule', ',': 'virgule', '\t': 'tabulation' };
const refuse = (message: string) => fieldError('file', message);

/** Lower case without accents nor surrounding spaces: how names of columns (and categories) are compared. */
export function foldName(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

/** A column name as compared: folded, without spaces, underscores, dashes or quotes. */
export function foldColumn(name: string): string {
  return foldName(name).replace(/[\s_\-"'’]+/g, '');
}

/**
 * Reads the layout of a CSV from its first bytes.
 * @param head - the first bytes (up to SNIFF_BYTES)
 * @param complete - true when `head` is the whole file
 * @throws AppError 422 errors.file: empty, binary or spreadsheet, unknown encoding, no header, missing columns,
 *   no data row (when the whole file is known)
 */
export function sniffCsv(head: Buffer, complete: boolean, expected: CsvColumns): CsvLayout {
  const bom = head.subarray(0, 3).equals(UTF8_BOM);
  const body = bom ? head.subarray(3) : head;
  if (body.toString('latin1').trim() === '') throw refuse('Le fichier est vide.');
  if (head.subarray(0, 4).equals(Buffer.from('PK\u0003\u0004', 'latin1')) || head.subarray(0, 8).equals(Buffer.from('d0cf11e0a1b11ae1', 'hex'))) {
    throw refuse('Ce fichier est un classeur (Excel, OpenDocument) ou une archive, pas un CSV\u00a0: enregistrez-le au format CSV.');
  }
  if (body.includes(0)) throw refuse('Ce fichier n’est pas un fichier texte CSV (contenu binaire).');

  const encoding = bom || isUtf8(body, complete) ? 'utf-8' : latinOrRefuse(body);
  const text = iconv.decode(body, encoding);
  const lineEnd = text.search(/\r?\n/);
  if (lineEnd < 0 && !complete) throw refuse('La première ligne du fichier est trop longue pour être une ligne d’en-tête.');
  const firstLine = lineEnd < 0 ? text : text.slice(0, lineEnd);
  const delimiter = pickDelimiter(firstLine);
  const header = (parse(firstLine, { delimiter, relax_quotes: true, relax_column_count: true }) as string[][])[0] ?? [];
  const folded = header.map(foldColumn);
  const columns: Record<string, number> = {};
  for (const [field, names] of Object.entries(expected.names)) {
    const wanted = new Set(names.map(foldColumn));
    const at = folded.findIndex((h) => wanted.has(h));
    if (at >= 0) columns[field] = at;
  }
  const missing = expected.required.filter((f) => columns[f] === undefined);
  const requiredNames = expected.required.map((f) => expected.names[f][0]).join(', ');
  if (missing.length === expected.required.length) {
    throw refuse(
      `Ligne d’en-tête introuvable\u00a0: la première ligne doit nommer les colonnes ${requiredNames} ` +
        `(séparées par des points-virgules, des virgules ou des tabulations).`,
    );
  }
  if (missing.length) {
    const names = missing.map((f) => expected.names[f][0]).join(', ');
    throw refuse(
      `${missing.length > 1 ? 'Colonnes obligatoires absentes' : 'Colonne obligatoire absente'}\u00a0: ${names}. ` +
        `Colonnes trouvées (séparateur ${DELIMITER_NAMES[delimiter]})\u00a0: ${headerExcerpt(header) ?? (header.some((h) => h.trim()) ? 'non citées, la première ligne ne nomme pas des colonnes' : 'aucune')}.`,
    );
  }
  if (complete && text.slice(firstLine.length).trim() === '') throw refuse('Le fichier ne contient aucune ligne de données après l’en-tête.');
  return { encoding, delimiter, columns, header };
}

/** Valid UTF-8 (a sequence cut at the end of an incomplete head is forgiven). */
function isUtf8(bytes: Buffer, complete: boolean): boolean {
  let end = bytes.length;
  if (!complete) {
    // Step back over a multi-byte sequence cut by the end of the head.
    let i = end - 1;
    let back = 0;
    while (i >= 0 && back < 3 && (bytes[i] & 0xc0) === 0x80) {
      i--;
      back++;
    }
    if (i >= 0 && bytes[i] >= 0xc0) end = i;
  }
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, end));
    return true;
  } catch {
    return false;
  }
}

/** Not UTF-8: a single-byte Latin text is read as Windows-1252 (Excel's French default); anything else is refused. */
function latinOrRefuse(bytes: Buffer): CsvEncoding {
  const guess = (chardet.detect(bytes) ?? '').toUpperCase();
  if (/^(ISO-8859-\d+|WINDOWS-125\d|ASCII)$/.test(guess)) return 'windows-1252';
  throw refuse(`Encodage du fichier non reconnu${guess ? ` (${guess})` : ''}\u00a0: enregistrez-le en UTF-8 ou en Windows-1252 (CSV Excel).`);
}

/**
 * The delimiter most present in a header line (outside quotes): `;`, `,` or tab; `;` when there is none.
 * @param line - the first line of a CSV file, decoded
 */
export function pickDelimiter(line: string): CsvLayout['delimiter'] {
  const outside = line.replace(/"[^"]*"/g, '');
  let best: CsvLayout['delimiter'] = ';';
  let bestCount = 0;
  for (const d of DELIMITERS) {
    const n = outside.split(d).length - 1;
    if (n > bestCount) {
      best = d;
      bestCount = n;
    }
  }
  return best;
}
