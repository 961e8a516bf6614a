/**
 * The rows of a CSV as a stream (CONVENTIONS.md section 6): bytes -> iconv-lite decoding (BOM dropped)
 * -> csv-parse with the sniffed delimiter (server/lib/csv/layout.ts), one record at a time, with its line
 * number and the bytes read so far. Memory holds a few chunks whatever the size of the file.
 *
 * A file sniffed as UTF-8 may only have been ASCII in its first 64 KB: its encoding is settled by its first
 * non-ASCII bytes (UTF-8 if they are, else Windows-1252), so that an Excel export whose accents come later
 * is still read right.
 */
import { Transform, type Readable } from 'node:stream';
import { parse, type CsvError } from 'csv-parse';
import iconv from 'iconv-lite';
import { fieldError } from '../../lib/errors';
import type { CsvLayout } from './layout';

/** One data record: its cells and the line where it starts (the header is line 1). */
export interface CsvRecord {
  cells: string[];
  line: number;
  /** Bytes of the file read when the record was parsed. */
  bytesRead: number;
}

/**
 * Yields the data records of `input` (the header row skipped, empty lines ignored).
 * @param maxRows - refuse a file with more data rows than this
 * @throws AppError 422 errors.file: malformed CSV (with its line), too many rows
 */
export async function* readCsvRecords(input: Readable, layout: CsvLayout, maxRows: number): AsyncGenerator<CsvRecord> {
  let bytesRead = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      bytesRead += chunk.length;
      done(null, chunk);
    },
  });
  // csv-parse's `lines` is the line where a record ends, and it counts a CR LF inside quotes as two lines:
  // `extra` is what it has counted too many so far, `lastEnd` the real last line of the latest record parsed.
  let extra = 0;
  let lastEnd = 1;
  /** Start lines of the records parsed and not yet read, in order. */
  const starts: number[] = [];
  const parser = parse({
    delimiter: layout.delimiter,
    bom: true,
    from_line: 2,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    skip_records_with_empty_values: true,
    // Called as each record is parsed (not when it is read from the stream), so `lastEnd` is current when an error comes.
    on_record: (cells, info) => {
      let breaks = 0;
      for (const cell of cells) {
        if (!cell.includes('\n') && !cell.includes('\r')) continue;
        breaks += cell.match(/\r\n|\r|\n/g)!.length;
        extra += cell.match(/\r\n/g)?.length ?? 0;
      }
      lastEnd = info.lines - extra;
      starts.push(lastEnd - breaks);
      return cells;
    },
  });
  const decoded = input.pipe(counter).pipe(layout.encoding === 'utf-8' ? utf8OrWindows1252() : iconv.decodeStream(layout.encoding, { stripBOM: true }));
  decoded.pipe(parser);
  input.on('error', (err) => parser.destroy(err));
  let rows = 0;
  try {
    for await (const cells of parser as AsyncIterable<string[]>) {
      rows++;
      if (rows > maxRows) {
        throw fieldError('file', `Le fichier dépasse ${maxRows.toLocaleString('fr-FR')} lignes de données\u00a0: découpez-le en plusieurs fichiers.`);
      }
      yield { cells, line: starts.shift()!, bytesRead };
    }
  } catch (err) {
    if ((err as CsvError).code?.startsWith?.('CSV_')) {
      const e = err as CsvError & { lines?: number };
      // A quote never closed runs to the end of the file: name the line where its record starts.
      const line = e.code === 'CSV_QUOTE_NOT_CLOSED' ? lastEnd + 1 : e.lines === undefined ? '?' : e.lines - extra;
      throw fieldError('file', `Le fichier CSV est mal formé à la ligne ${line} (${csvReason(e.code)}). Rien n’a été importé.`);
    }
    throw err;
  } finally {
    input.destroy();
  }
}

/** The position of the first non-ASCII byte of `bytes`, or -1. */
function firstNonAscii(bytes: Buffer): number {
  for (let i = 0; i < bytes.length; i++) if (bytes[i] >= 0x80) return i;
  return -1;
}

/**
 * The encoding told by `bytes`, which start with a non-ASCII byte: 'utf-8' when they are valid UTF-8,
 * 'windows-1252' when not; undefined when they are only the start of a sequence cut by the end of the chunk.
 * @param final - true at the end of the file (nothing more will come)
 */
function utf8Verdict(bytes: Buffer, final: boolean): 'utf-8' | 'windows-1252' | undefined {
  let end = bytes.length;
  if (!final) {
    // Leave out a sequence that may be cut by the end of the chunk.
    let i = end - 1;
    while (i >= 0 && end - i <= 3 && (bytes[i] & 0xc0) === 0x80) i--;
    if (i >= 0 && bytes[i] >= 0xc0) end = i;
  }
  if (end === 0) return undefined;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, end));
    return 'utf-8';
  } catch {
    return 'windows-1252';
  }
}

/** Decodes UTF-8, unless the first non-ASCII bytes of the stream are not UTF-8: then Windows-1252 throughout. */
function utf8OrWindows1252(): Transform {
  let decoder: ReturnType<typeof iconv.getDecoder> | undefined;
  let held = Buffer.alloc(0);
  const settle = (bytes: Buffer, final: boolean): string => {
    if (decoder) return decoder.write(bytes);
    const at = firstNonAscii(bytes);
    if (at < 0) return bytes.toString('latin1');
    const encoding = utf8Verdict(bytes.subarray(at), final);
    if (!encoding) {
      held = Buffer.from(bytes.subarray(at));
      return bytes.subarray(0, at).toString('latin1');
    }
    decoder = iconv.getDecoder(encoding, { stripBOM: true });
    return decoder.write(bytes);
  };
  return new Transform({
    readableObjectMode: false,
    transform(chunk: Buffer, _enc, done) {
      const bytes = held.length ? Buffer.concat([held, chunk]) : chunk;
      held = Buffer.alloc(0);
      done(null, settle(bytes, false));
    },
    flush(done) {
      const rest = held.length ? settle(held, true) : '';
      done(null, rest + (decoder?.end() ?? ''));
    },
  });
}

function csvReason(code: string): string {
  switch (code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return 'guillemet ouvert jamais fermé';
    case 'CSV_INVALID_CLOSING_QUOTE':
      return 'guillemet mal placé';
    case 'CSV_MAX_RECORD_SIZE':
      return 'ligne trop longue';
    default:
      return 'format illisible';
  }
}
