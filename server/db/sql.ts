/**
 * One way to run plain SQL on either database (CONVENTIONS.md section 1: PGlite embedded, node-postgres
 * otherwise), so that a module never asks which driver runs.
 *
 * A `Sql` is one place statements go to: the pool (PostgreSQL) or the embedded instance (PGlite), a job's own
 * connection, or a transaction. Every statement is text with `$n` parameters; results are plain rows.
 * - `exec` answers the rows and the command's count (`rowCount` on node-postgres, `affectedRows` on PGlite);
 * - `rows<T>` answers the rows typed as the caller declares them (the one place that cast lives);
 * - `copyRows` opens a row-by-row COPY (./copy.ts), `copyBytes` sends CSV bytes through one COPY;
 * - `transaction` runs a function inside BEGIN … COMMIT (ROLLBACK when it throws); nested, it is a savepoint;
 * - `savepoint` runs a function that may fail without failing the whole transaction (outside a transaction
 *   it just runs it).
 *
 * On PGlite a transaction is `pglite.transaction`: no other statement of the process interleaves with it, so
 * long work (a COPY of millions of rows) is better done before it, in batches (see server/jobs/staged-import.ts).
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import iconv from 'iconv-lite';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { copyBlobBatches, type BlobCopyOptions } from './copy-blob';
import { openCopy, type CopyWriter } from './copy';

/** What one statement answers. */
export interface SqlResult {
  rows: Record<string, unknown>[];
  /** Rows inserted, updated, deleted or copied by the command (0 when the driver does not tell). */
  count: number;
}

/** Where a byte COPY goes (`Sql.copyBytes`). */
export interface ByteCopyTarget {
  /** The table (an identifier checked by the caller). */
  table: string;
  /** Its columns, as SQL identifiers (quoted by the caller where needed). */
  columns: readonly string[];
  /** The COPY options both drivers take, e.g. `format csv, delimiter ';'`. */
  options: string;
  /** The bytes' encoding (default UTF-8): PostgreSQL converts it itself, PGlite gets it decoded by iconv-lite first. */
  encoding?: 'utf-8' | 'windows-1252';
  /** Load frozen (PostgreSQL, into a table created in the same transaction; ignored elsewhere). */
  freeze?: boolean;
}

/** Options of a byte COPY (`Sql.copyBytes`). */
export interface ByteCopyOptions extends Omit<BlobCopyOptions, 'onError' | 'transform'> {
  /** Maps a failed COPY (with the records copied before it, PGlite batches) to the error thrown. */
  onError?: (err: unknown, recordsBefore: number) => Error | undefined;
}

/** Where plain SQL runs. */
export interface Sql {
  /** The driver underneath: for the infrastructure (server/db, server/jobs) only, never for a module's choice. */
  readonly kind: 'pg' | 'pglite';
  /** Whether statements run inside a transaction opened by `transaction`. */
  readonly inTransaction: boolean;
  /** Runs one statement. @throws the driver's error (PostgreSQL `code`, `where`, …) */
  exec(text: string, values?: unknown[]): Promise<SqlResult>;
  /** Runs one statement and answers its rows, typed as `T` by the caller. */
  rows<T = Record<string, unknown>>(text: string, values?: unknown[]): Promise<T[]>;
  /**
   * Opens a row-by-row COPY into `table (columns)` (./copy.ts).
   * @param text - the NOT NULL text columns, where an empty field is '' (never NULL)
   */
  copyRows(table: string, columns: readonly string[], text?: readonly string[]): CopyWriter;
  /**
   * Sends CSV bytes into `target` through COPY (PostgreSQL: one streamed `COPY … FROM STDIN`; PGlite: the same
   * statement read from '/dev/blob', batch by batch, each cut at a record boundary).
   * @returns the number of records copied
   * @throws what `opts.onError` maps a COPY failure to, or the raw error; the input's own failure
   */
  copyBytes(target: ByteCopyTarget, body: AsyncIterable<Buffer>, opts?: ByteCopyOptions): Promise<number>;
  /** Runs `fn` in a transaction (a savepoint when already in one): committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T>;
  /** Runs `fn` so that its failure rolls back its own statements only (a savepoint in a transaction; as is outside one). */
  savepoint<T>(fn: () => Promise<T>): Promise<T>;
}

type Query = (text: string, values?: unknown[]) => Promise<{ rows: unknown[]; rowCount?: number | null; affectedRows?: number }>;

function base(query: Query): Pick<Sql, 'exec' | 'rows'> {
  return {
    async exec(text, values) {
      const r = await query(text, values);
      return { rows: r.rows as Record<string, unknown>[], count: Number(r.rowCount ?? r.affectedRows ?? 0) };
    },
    async rows<T>(text: string, values?: unknown[]) {
      const r = await query(text, values);
      return r.rows as T[];
    },
  };
}

let savepoints = 0;

/** Runs `fn` between SAVEPOINT and RELEASE, rolling back to the savepoint (and throwing again) when it fails. */
async function inSavepoint<T>(query: (text: string) => Promise<unknown>, fn: () => Promise<T>): Promise<T> {
  const name = `vigie_sp_${++savepoints}`;
  await query(`savepoint ${name}`);
  try {
    const out = await fn();
    await query(`release savepoint ${name}`);
    return out;
  } catch (err) {
    await query(`rollback to savepoint ${name}`).catch(() => {});
    throw err;
  }
}

/**
 * A `Sql` on the node-postgres pool: each statement on whichever connection is free; a COPY or a transaction
 * takes one connection for its whole length.
 */
export function poolSql(pool: pg.Pool): Sql {
  const self: Sql = {
    kind: 'pg',
    inTransaction: false,
    ...base((text, values) => pool.query(text, values)),
    copyRows() {
      throw new Error('copyRows: a PostgreSQL COPY needs a connection of its own (use transaction)');
    },
    async copyBytes(target, body, opts) {
      const client = await pool.connect();
      try {
        return await clientSql(client).copyBytes(target, body, opts);
      } finally {
        client.release();
      }
    },
    async transaction(fn) {
      const client = await pool.connect();
      try {
        return await clientSql(client).transaction(fn);
      } finally {
        client.release();
      }
    },
    savepoint: (fn) => fn(),
  };
  return self;
}

/** A `Sql` on one node-postgres connection (a job's own connection, or one taken from the pool). */
export function clientSql(client: pg.PoolClient, inTransaction = false): Sql {
  const self: Sql = {
    kind: 'pg',
    inTransaction,
    ...base((text, values) => client.query(text, values)),
    copyRows(table, columns, text = []) {
      return openCopy({ kind: 'pg' }, client, table, columns, text);
    },
    async copyBytes(target, body, opts = {}) {
      const encoding = target.encoding === 'windows-1252' ? ", encoding 'WIN1252'" : '';
      const freeze = target.freeze && inTransaction ? ', freeze' : '';
      const stream = client.query(copyFrom(`copy ${target.table} (${target.columns.join(', ')}) from stdin with (${target.options}${encoding}${freeze})`));
      try {
        // A byte stream holds one chunk ahead (an object stream would read 16 chunks ahead of the socket).
        await pipeline(Readable.from(body, { objectMode: false }), stream);
      } catch (err) {
        throw opts.onError?.(err, 0) ?? err;
      }
      return stream.rowCount;
    },
    async transaction(fn) {
      if (inTransaction) return self.savepoint(() => fn(self));
      await client.query('begin');
      try {
        const out = await fn(clientSql(client, true));
        await client.query('commit');
        return out;
      } catch (err) {
        await client.query('rollback').catch(() => {});
        throw err;
      }
    },
    savepoint: (fn) => (inTransaction ? inSavepoint((text) => client.query(text), fn) : fn()),
  };
  return self;
}

/** A `Sql` on the embedded instance, or inside one of its transactions (`tx`). */
export function pgliteSql(pglite: PGlite, tx?: Transaction): Sql {
  const on = tx ?? pglite;
  const self: Sql = {
    kind: 'pglite',
    inTransaction: Boolean(tx),
    ...base((text, values) => on.query(text, values)),
    copyRows(table, columns, text = []) {
      return openCopy({ kind: 'pglite', pglite: on }, undefined, table, columns, text);
    },
    async copyBytes(target, body, opts = {}) {
      const statement = `copy ${target.table} (${target.columns.join(', ')}) from '/dev/blob' with (${target.options})`;
      // PGlite's COPY converts no encoding: a Windows-1252 file is decoded to UTF-8 batch by batch.
      const decoder = target.encoding === 'windows-1252' ? iconv.getDecoder('windows-1252') : undefined;
      return copyBlobBatches(on, statement, body, { ...opts, transform: decoder ? (bytes) => Buffer.from(decoder.write(bytes), 'utf8') : undefined });
    },
    async transaction(fn) {
      if (tx) return self.savepoint(() => fn(self));
      return pglite.transaction(async (inner) => fn(pgliteSql(pglite, inner)));
    },
    savepoint: (fn) => (tx ? inSavepoint((text) => tx.query(text), fn) : fn()),
  };
  return self;
}
