/**
 * The rows of a CSV as a stream (CONVENTIONS.md section 6): bytes -> iconv-lite decoding (BOM dropped)
 * -> csv-parse with the sniffed delimiter (server/lib/csv/layout.ts), one record at a time, with its line
 * number and the bytes read so far. Memory holds a few chunks whatever the size of the file.
 */
import { Transform, type Readable } from 'node:stream';
import { parse, type CsvError } from 'csv-parse';
import iconv from 'iconv-lite';
import { fieldError } from '../../http/errors';
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
  const parser = parse({
    delimiter: layout.delimiter,
    bom: true,
    from_line: 2,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    skip_records_with_empty_values: true,
    info: true,
  });
  const decoded = input.pipe(counter).pipe(iconv.decodeStream(layout.encoding, { stripBOM: true }));
  decoded.pipe(parser);
  input.on('error', (err) => parser.destroy(err));
  let rows = 0;
  try {
    for await (const item of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      rows++;
      if (rows > maxRows) {
        throw fieldError('file', `Le fichier dépasse ${maxRows.toLocaleString('fr-FR')} lignes de données\u00a0: découpez-le en plusieurs fichiers.`);
      }
      yield { cells: item.record, line: item.info.lines, bytesRead };
    }
  } catch (err) {
    if ((err as CsvError).code?.startsWith?.('CSV_')) {
      const e = err as CsvError & { lines?: number };
      throw fieldError('file', `Le fichier CSV est mal formé à la ligne ${e.lines ?? '?'} (${csvReason(e.code)}). Rien n’a été importé.`);
    }
    throw err;
  } finally {
    input.destroy();
  }
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
