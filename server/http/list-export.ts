/**
 * « Exporter CSV » of a list: every row of the list's current filter and sort (no page, no OFFSET/LIMIT),
 * written by the shared CSV writer (server/lib/csv/write.ts) as it is read, so that memory stays flat
 * whatever the number of rows (1,000,000 update-log entries included).
 *
 * The rows come from the list's own `ListSpec` (server/http/listing.ts): the same WHERE (search, filters)
 * and ORDER BY (whitelisted column and tie-breaker), read through a server-side cursor
 * (`DECLARE … NO SCROLL CURSOR`, `FETCH BATCH_ROWS`) inside one read-only REPEATABLE READ transaction, on
 * PostgreSQL and PGlite alike. The transaction applies the list's planner settings and lifts the app's
 * `statement_timeout` (an export of millions of rows is not a page read). Rows are written with backpressure:
 * the next batch is fetched only when the client has taken the previous ones; a client that goes away
 * closes the stream, which ends the transaction.
 *
 * The query string of an export route is the list's filter: `?search=…&column=…&direction=asc|desc`
 * (`exportQuery`, contract/list-export.ts).
 */
import type { Readable } from 'node:stream';
import type { Stringifier } from 'csv-stringify';
import { sql } from 'drizzle-orm';
import type { FilterBody } from '../../contract/listing';
import type { ListExportQuery } from '../../contract/list-export';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { csvStringifier, type CsvColumn } from '../lib/csv/write';
import { parisDay } from '../lib/paris-day';
import { applyPlanner, listClauses, type ListSpec } from './listing';

/** Rows fetched from the cursor at a time. */
export const BATCH_ROWS = 5000;

/** The filter body of an export's query string (no pagination: every row). */
export function exportFilter(query: ListExportQuery): FilterBody {
  return {
    search: query.search ?? undefined,
    orderBy: { column: query.column ?? undefined, direction: query.direction ?? undefined },
  };
}

/** `<name>-YYYY-MM-DD.csv`, the day of `now` in Europe/Paris: the file name of an export. */
export function exportFilename(name: string, now = new Date()): string {
  return `${name}-${parisDay(now)}.csv`;
}

/** Resolves when `csv` takes more records; rejects when it was closed (client gone) or failed. */
function writable(csv: Stringifier): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (err?: Error) => {
      csv.off('drain', onDrain);
      csv.off('close', onClose);
      if (err) reject(err);
      else resolve();
    };
    const onDrain = () => done();
    const onClose = () => done(new Error('CSV export closed before its end'));
    csv.on('drain', onDrain);
    csv.on('close', onClose);
  });
}

/**
 * The CSV of every row of `spec` for the filter `body`, as a byte stream (BOM, `;`, header of `columns`).
 * `spec.select` may differ from the page's (e.g. dates formatted for the file); FROM, WHERE and ORDER BY
 * are the list's.
 * @throws AppError 422 errors.column (synchronously, before any byte) when the sort column is not whitelisted
 * A failure while reading ends the stream with that error (the headers are already sent: the download is cut).
 */
export function exportList<R>(db: Db, spec: ListSpec, body: FilterBody, columns: readonly CsvColumn<R>[]): Readable {
  const { whereSql, orderSql } = listClauses(spec, body);
  const csv = csvStringifier(columns.map((c) => c.header));
  const read = db.transaction(
    async (tx) => {
      const q: Db = tx;
      await q.execute(sql`set local statement_timeout = 0`);
      await applyPlanner(q, spec);
      await q.execute(sql`declare list_export no scroll cursor for select ${spec.select} from ${spec.from} ${whereSql} ${orderSql(false)}`);
      for (;;) {
        const rows = await rowsOf<R>(q, sql.raw(`fetch forward ${BATCH_ROWS} from list_export`));
        for (const row of rows) {
          if (csv.destroyed) throw new Error('CSV export closed before its end');
          if (!csv.write(columns.map((c) => c.value(row) ?? null))) await writable(csv);
        }
        if (rows.length < BATCH_ROWS) break;
      }
      await q.execute(sql`close list_export`);
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  read.then(
    () => csv.end(),
    (err: Error) => {
      if (!csv.destroyed) csv.destroy(err);
    },
  );
  return csv;
}
