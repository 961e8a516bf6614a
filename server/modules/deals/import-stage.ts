/**
 * Staging of a deals CSV (issue 10 section 3; CONVENTIONS.md section 6 "every file import streams"): the bytes
 * after the header go straight into `COPY <stage> FROM STDIN (FORMAT csv)` with the sniffed delimiter, one text
 * column `c0..cN` per header column, so that PostgreSQL parses the CSV and the rules run in SQL (./import-sql.ts).
 * Memory holds one chunk at a time whatever the size of the file.
 * - PostgreSQL: one streamed COPY on the job's connection, inside its transaction; a Windows-1252 file is
 *   converted by PostgreSQL itself (`ENCODING 'WIN1252'`).
 * - PGlite: one `COPY … FROM '/dev/blob'` per batch of a few MB, cut at a record boundary; a Windows-1252 file
 *   is decoded by iconv-lite first (PGlite's COPY has no encoding conversion).
 * A COPY failure (a row with too few or too many cells, a quote never closed, bytes that are not UTF-8) becomes
 * a French 422 naming the line (the header is line 1).
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { PGlite } from '@electric-sql/pglite';
import iconv from 'iconv-lite';
import { copyBlobBatches } from '../../db/copy-blob';
import { AppError } from '../../http/errors';
import type { CsvLayout } from '../../lib/csv/layout';

/** Bytes per COPY on PGlite. */

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
function copyOptions(layout: CsvLayout, encoding: boolean): string {
  const delimiter = layout.delimiter === '\t' ? "E'\\t'" : `'${layout.delimiter}'`;
  return `format csv, delimiter ${delimiter}${encoding ? `, encoding '${layout.encoding === 'windows-1252' ? 'WIN1252' : 'UTF8'}'` : ''}`;
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
 * Streams `body` (the data part) into `stage` through one COPY on `client` (PostgreSQL).
 * @returns the number of records copied
 * @throws the raw PostgreSQL error (see `copyError`, `isNotUtf8`) or the input's own failure
 */
export async function copyToStagePg(client: pg.PoolClient, stage: string, layout: CsvLayout, body: AsyncIterable<Buffer>): Promise<number> {
  const columns = layout.header.map((_, i) => `c${i}`).join(', ');
  const target = client.query(copyFrom(`copy ${stage} (${columns}) from stdin with (${copyOptions(layout, true)})`));
  // A byte stream holds one chunk ahead (an object stream would read 16 chunks of 1 MiB ahead of the socket).
  await pipeline(Readable.from(body, { objectMode: false }), target);
  return target.rowCount;
}

/**
 * Sends `body` (the data part) into `stage` in batches cut at record boundaries (PGlite), decoding a
 * Windows-1252 file to UTF-8 first.
 * @param between - awaited between two batches (progress, abort check, a turn of the event loop)
 * @returns the number of records copied
 * @throws AppError 422 of `copyError`, or the raw error
 */
export async function copyToStagePglite(pglite: PGlite, stage: string, layout: CsvLayout, body: AsyncIterable<Buffer>, between: () => Promise<void>): Promise<number> {
  const columns = layout.header.map((_, i) => `c${i}`).join(', ');
  const statement = `copy ${stage} (${columns}) from '/dev/blob' with (${copyOptions(layout, false)})`;
  const decoder = layout.encoding === 'windows-1252' ? iconv.getDecoder('windows-1252') : undefined;
  return copyBlobBatches(pglite, statement, body, {
    transform: decoder ? (bytes) => Buffer.from(decoder.write(bytes), 'utf8') : undefined,
    between,
    onError: (err, records) => copyError(err as PgError, records, layout.header),
  });
}
