/**
 * Bulk load through `COPY ... FROM STDIN (FORMAT csv)` (CONVENTIONS.md section 1 "bulk load"), the same CSV
 * text on both databases: on PostgreSQL one streamed COPY on the caller's connection (pg-copy-streams;
 * inside the caller's transaction if it opened one), on PGlite one `COPY ... FROM '/dev/blob'` per batch.
 * Rows are encoded by csv-stringify: null and '' -> empty field, read as NULL except in the `text` columns
 * (FORCE_NOT_NULL: there it is ''); Date -> ISO 8601, objects -> JSON.
 */
import { once } from 'node:events';
import { pipeline } from 'node:stream/promises';
import { stringify, type Stringifier } from 'csv-stringify';
import { stringify as stringifySync } from 'csv-stringify/sync';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { PGlite, Transaction } from '@electric-sql/pglite';

/** A COPY in progress. */
export interface CopyWriter {
  /** Adds one row (values in the order of the columns). Waits when the stream is full. */
  write(row: unknown[]): Promise<void>;
  /** Sends what is left and ends the COPY; resolves with the number of rows written. */
  end(): Promise<number>;
  /** Abandons the COPY (PostgreSQL: the statement fails; the caller rolls back). */
  abort(err: Error): void;
}

const PGLITE_BATCH = 5000;
const options = {
  cast: {
    date: (d: Date) => d.toISOString(),
    object: (o: object) => JSON.stringify(o),
    boolean: (b: boolean) => (b ? 't' : 'f'),
  },
};

/** The driver a COPY runs on: PostgreSQL, or PGlite (the instance or one of its transactions). */
export type CopyTarget = { kind: 'pg' } | { kind: 'pglite'; pglite: PGlite | Transaction };

/**
 * Opens a COPY into `table (columns)`. Modules reach it through `Sql.copyRows` (./sql.ts).
 * @param client - PostgreSQL: the connection to COPY on (required); ignored on PGlite
 * @param text - the NOT NULL text columns, where an empty field is '' (never NULL)
 * @throws Error when a PostgreSQL COPY is asked without a connection
 */
export function openCopy(database: CopyTarget, client: pg.PoolClient | undefined, table: string, columns: readonly string[], text: readonly string[] = []): CopyWriter {
  const notNull = text.length ? `, FORCE_NOT_NULL (${text.join(', ')})` : '';
  const statement = `COPY ${table} (${columns.join(', ')}) FROM STDIN WITH (FORMAT csv${notNull})`;
  if (database.kind === 'pg') {
    if (!client) throw new Error('openCopy: a PostgreSQL COPY needs a client');
    const target = client.query(copyFrom(statement));
    const source: Stringifier = stringify(options);
    const done = pipeline(source, target);
    let rows = 0;
    return {
      async write(row) {
        rows++;
        if (!source.write(row)) await once(source, 'drain');
      },
      async end() {
        source.end();
        await done;
        return rows;
      },
      abort(err) {
        source.destroy(err);
        done.catch(() => {});
      },
    };
  }
  const pglite = database.pglite;
  const blobStatement = statement.replace('FROM STDIN', "FROM '/dev/blob'");
  let batch: unknown[][] = [];
  let rows = 0;
  const flush = async () => {
    if (!batch.length) return;
    const text = stringifySync(batch, options);
    batch = [];
    await pglite.query(blobStatement, [], { blob: new Blob([text]) });
  };
  return {
    async write(row) {
      rows++;
      batch.push(row);
      if (batch.length >= PGLITE_BATCH) await flush();
    },
    async end() {
      await flush();
      return rows;
    },
    abort() {
      batch = [];
    },
  };
}
