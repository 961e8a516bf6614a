/**
 * Staging of a deals CSV (CONVENTIONS.md section 6 "every file import streams"): the bytes
 * after the header go straight into `COPY <stage> FROM STDIN (FORMAT csv)` with the sniffed delimiter, one text
 * column `c0..cN` per header column, so that PostgreSQL parses the CSV and the rules run in SQL (./import-sql.ts).
 * Memory holds one chunk at a time whatever the size of the file.
 * The COPY is server/db/sql.ts `copyBytes`: streamed on PostgreSQL (which converts a Windows-1252 file itself),
 * in batches cut at record boundaries on PGlite (the file decoded by iconv-lite first).
 * A COPY failure (a row with too few or too many cells, a quote never closed, bytes that are not UTF-8) becomes
 * a French 422 naming the line (the header is line 1).
 */
import type { Sql } from '../../db/sql';
import { AppError } from '../../lib/errors';
import type { CsvLayout } from '../../lib/csv/layout';

/** The statement creating a stage of `count` text columns. */
export function createStageSql(stage: string, count: number, temp: string): string {
  return `create temporary table ${stage} (${Array.from({ length: count }, (_, i) => `c${i} text`).join(', ')}) ${temp}`;
}

/** Counts what went through `body`. */
export interface StageMeter {
  /** Bytes of the file read (header included). */
  bytes: number;
  /** Line ends seen after the header (about the rows, exact without line breaks inside cells). */
  lines: number;
}

/**
 * The data part of a stored file: BOM and header line dropped, and the line ends at its very end (an empty
 * last line, which COPY would take for a row) left out. Counts bytes and line ends into `meter`.
 */
export async function* dataPart(file: AsyncIterable<Buffer>, meter: StageMeter, onChunk: () => void): AsyncGenerator<Buffer> {
  let inHeader = true;
  let first = true;
  let held: Buffer | undefined;
  for await (const raw of file) {
    meter.bytes += raw.length;
    let chunk = raw;
    if (first) {
      first = false;
      if (chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) chunk = chunk.subarray(3);
    }
    if (inHeader) {
      const end = chunk.indexOf(0x0a);
      if (end < 0) continue;
      inHeader = false;
      chunk = chunk.subarray(end + 1);
    }
    for (let at = chunk.indexOf(0x0a); at >= 0; at = chunk.indexOf(0x0a, at + 1)) meter.lines++;
    // Hold back the trailing line ends until more data comes.
    let keep = chunk.length;
    while (keep > 0 && (chunk[keep - 1] === 0x0a || chunk[keep - 1] === 0x0d)) keep--;
    if (keep === 0) {
      if (chunk.length) held = held ? Buffer.concat([held, chunk]) : chunk;
      continue;
    }
    if (held) yield held;
    held = keep < chunk.length ? chunk.subarray(keep) : undefined;
    yield chunk.subarray(0, keep);
    onChunk();
  }
}

/** The COPY options of a layout (delimiter; encoding on PostgreSQL). */
function copyOptions(layout: CsvLayout): string {
  const delimiter = layout.delimiter === '\t' ? "E'\\t'" : `'${layout.delimiter}'`;
  return `format csv, delimiter ${delimiter}`;
}

/** PostgreSQL error fields used here. */
interface PgError extends Error {
  code?: string;
  where?: string;
}

/** Whether `err` is PostgreSQL refusing bytes that are not UTF-8 (the file is then read again as Windows-1252). */
export function isNotUtf8(err: unknown): boolean {
  return (err as PgError).code === '22021';
}

/**
 * The French error of a failed COPY, or undefined for another failure.
 * @param lineOffset - data records sent before the failing COPY (PGlite batches)
 * @param header - the header's column names (the message names the missing column)
 */
export function copyError(err: PgError, lineOffset: number, header: string[]): AppError | undefined {
  if (!err.code || !['22P04', '22021', '22P02', '54000'].includes(err.code)) return undefined;
  const found = /line (\d+)/.exec(err.where ?? '');
  const line = found ? Number(found[1]) + lineOffset + 1 : undefined;
  const at = line === undefined ? '' : ` à la ligne ${line}`;
  const msg = err.message;
  const missing = /missing data for column "c(\d+)"/.exec(msg);
  let reason: string;
  if (missing && missing[1] === '1') reason = `ligne vide ou sans séparateur (${header.length} colonnes attendues)`;
  else if (missing) reason = `la ligne s’arrête avant la colonne ${header[Number(missing[1])]?.trim() || Number(missing[1]) + 1} (${header.length} colonnes attendues)`;
  else if (/extra data after last expected column/.test(msg)) reason = `plus de ${header.length} colonnes (autant que l’en-tête attendues)`;
  else if (/unterminated CSV quoted field/.test(msg)) reason = 'guillemet ouvert jamais fermé';
  else if (err.code === '22021') reason = 'octets illisibles dans l’encodage du fichier';
  else if (/carriage return|newline/.test(msg)) reason = 'fins de ligne incohérentes';
  else reason = 'ligne illisible';
  return new AppError(422, `Le fichier CSV est mal formé${at} (${reason}). Rien n’a été importé.`);
}

/**
 * Streams `body` (the data part) into `stage` through one COPY (server/db/sql.ts `copyBytes`: PostgreSQL converts a
 * Windows-1252 file itself, PGlite gets it decoded first).
 * @param between - awaited between two PGlite batches (progress, abort check, a turn of the event loop)
 * @returns the number of records copied
 * @throws AppError 422 of `copyError`; the raw PostgreSQL error of bytes that are not UTF-8 (`isNotUtf8`: the caller
 *   may read the file again as Windows-1252), or of another failure; the input's own failure
 */
export async function copyToStage(sql: Sql, stage: string, layout: CsvLayout, body: AsyncIterable<Buffer>, between?: () => Promise<void>): Promise<number> {
  const columns = layout.header.map((_, i) => `c${i}`);
  const encoding = layout.encoding === 'windows-1252' ? 'windows-1252' : 'utf-8';
  return sql.copyBytes({ table: stage, columns, options: copyOptions(layout), encoding }, body, {
    between,
    onError: (err, recordsBefore) => (isNotUtf8(err) && encoding === 'utf-8' ? undefined : copyError(err as PgError, recordsBefore, layout.header)),
  });
}
