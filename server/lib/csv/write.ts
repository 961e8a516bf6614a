/**
 * The one CSV writer of vigie: every CSV the back-office hands out (list exports, the RNE report, the import
 * templates, the rows in error of an import) is written here, by csv-stringify, the same way:
 * - UTF-8 with a byte order mark (Excel then reads the accents), `;` separated, CRLF line ends (RFC 4180,
 *   what Excel writes), a header line of French column names;
 * - formula neutralisation (OWASP "CSV injection"): a text cell beginning with `=`, `+`, `-`, `@`, a tab or a
 *   carriage return gets a leading apostrophe `'`, so that a spreadsheet shows it as text instead of running it.
 *   Numbers are written as they are (a negative number is not a formula).
 * The options are shared with the browser's exports of client-mode lists (contract/csv-cell.ts).
 */
import { Readable } from 'node:stream';
import { stringify, type Stringifier } from 'csv-stringify';
import { stringify as stringifySync } from 'csv-stringify/sync';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { csvOptions as options, type CsvCell } from '../../../contract/csv-cell';

export { neutraliseFormula, type CsvCell } from '../../../contract/csv-cell';

/** One column of a CSV: its French header and how a row gives its cell. */
export interface CsvColumn<R> {
  header: string;
  value: (row: R) => CsvCell;
}

/**
 * A stream writer: write records (arrays of cells, in the order of `headers`), read the bytes (BOM, header
 * line, one CRLF-ended line per record).
 */
export function csvStringifier(headers: readonly string[]): Stringifier {
  return stringify(options(headers));
}

/** A whole CSV (BOM, header, records) as bytes: for small files built in memory (templates, tests). */
export function csvText(headers: readonly string[], records: readonly CsvCell[][]): Buffer {
  return Buffer.from(stringifySync(records.map((r) => [...r]), options(headers)), 'utf8');
}

/**
 * The CSV of `rows` as a byte stream, row after row as the iterable gives them (memory stays that of one
 * batch of the source). A failure of the source ends the stream with that error.
 */
export function csvStream<R>(rows: AsyncIterable<R> | Iterable<R>, columns: readonly CsvColumn<R>[]): Readable {
  const csv = csvStringifier(columns.map((c) => c.header));
  const source = Readable.from(
    (async function* () {
      for await (const row of rows) yield columns.map((c) => c.value(row) ?? null);
    })(),
  );
  source.on('error', (err) => csv.destroy(err));
  return source.pipe(csv);
}

/**
 * Sends `stream` as a CSV download: `text/csv; charset=utf-8`, `Content-Disposition: attachment` with
 * `filename` (ASCII, e.g. `journal-2026-11-27.csv`). The headers leave with the first bytes, so a failure
 * afterwards can only cut the download: it is logged on the request.
 */
export function sendCsv(req: FastifyRequest, reply: FastifyReply, filename: string, stream: Readable): FastifyReply {
  stream.on('error', (err) => req.log.error({ err }, `CSV export ${filename} failed`));
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`)
    .send(stream);
}
