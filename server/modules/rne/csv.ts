/**
 * `GET /api/supervisions/download-csv` (SPEC section 7): the officers entries processed
 * on J and J-1 (since the start of J-1, Europe/Paris), newest first, as `export.csv`: UTF-8 with a BOM, `;`
 * separated, a header line `Siren;Date;Motif`, dates `DD/MM/YYYY HH:mm:ss` in Paris time. Streamed: the rows
 * are read in keyset batches of BATCH_ROWS on the done-entries index and written by the shared CSV writer
 * (server/lib/csv/write.ts) as they
 * come, so memory stays flat whatever the day's volume.
 */
import type { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { parisDayStart } from '../../lib/paris-day';
import { rowsOf } from '../../db/rows';
import { csvStream } from '../../lib/csv/write';

/** The file name the browser saves. */
export const CSV_FILENAME = 'export.csv';
/** The header line's columns. */
export const CSV_COLUMNS = ['Siren', 'Date', 'Motif'];
/** Rows read per query. */
export const BATCH_ROWS = 5000;

interface CsvRow {
  id: number;
  siren: string;
  /** Keyset position: the processing instant, ISO UTC with microseconds. */
  k: string;
  date: string;
  reason: string;
}

/** The rows of the export, batch after batch (keyset on processed_at desc, id desc). */
async function* liveRows(db: Db): AsyncGenerator<string[]> {
  let after: { k: string; id: number } | undefined;
  for (;;) {
    const cursor = after ? sql`and (q.processed_at, q.id) < (${after.k}::timestamptz, ${after.id})` : sql``;
    const rows = await rowsOf<CsvRow>(db, sql`
      select q.id::bigint as id, q.siren, to_char(q.processed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as k,
             to_char(q.processed_at at time zone 'Europe/Paris', 'DD/MM/YYYY HH24:MI:SS') as date, q.reason
        from rne_queue q
       where q.queue = 'officers' and q.state = 'done' and q.processed_at >= ${parisDayStart(1)} ${cursor}
       order by q.processed_at desc, q.id desc
       limit ${BATCH_ROWS}`);
    for (const r of rows) yield [r.siren, r.date, r.reason];
    if (rows.length < BATCH_ROWS) return;
    const last = rows[rows.length - 1];
    after = { k: last.k, id: Number(last.id) };
  }
}

/**
 * The export as a byte stream (UTF-8 with BOM, `;`, header). A failure while reading ends the stream with
 * that error (the route logs it; the download is cut).
 */
export function liveCsvStream(db: Db): Readable {
  return csvStream(liveRows(db), CSV_COLUMNS.map((header, i) => ({ header, value: (row: string[]) => row[i] })));
}
