/**
 * Bulk load of a CSV byte stream into PGlite (CONVENTIONS.md section 1 "bulk load": PGlite's
 * `COPY ... FROM '/dev/blob'`): PGlite takes one blob per COPY, so the stream is sent in batches of about
 * `batchBytes`, each cut after the last record end (LF outside double quotes) of a chunk (`recordBatches`). Shared by the
 * INSEE Sirene stage (server/modules/feeds/sirene/stage.ts) and the deals CSV stage
 * (server/modules/deals/import-stage.ts); on PostgreSQL both stream one COPY FROM STDIN instead.
 */
import type { PGlite, Transaction } from '@electric-sql/pglite';

/** Bytes gathered before a COPY is sent to PGlite (4 MiB). */
export const PGLITE_BATCH_BYTES = 4 * 1024 * 1024;

/** How the batches are sent. */
export interface BlobCopyOptions {
  /** Bytes gathered before a batch is sent (default `PGLITE_BATCH_BYTES`). */
  batchBytes?: number;
  /** Turns a batch's bytes into what COPY reads (e.g. Windows-1252 decoded to UTF-8); identity when absent. */
  transform?: (bytes: Buffer) => Buffer;
  /** Awaited after each batch (progress, abort check, a turn of the event loop). */
  between?: () => Promise<void>;
  /** Maps a failed COPY (with the records copied by the earlier batches) to the error thrown; the raw error when it answers undefined. */
  onError?: (err: unknown, recordsBefore: number) => Error | undefined;
}

/**
 * Cuts a CSV byte stream into batches of about `batchBytes` (or more: a batch ends after the last record end of
 * the chunk that fills it), each ending after a record (LF outside double quotes); the last batch is what is
 * left. Each batch is given as the list of its parts (no copy). Quotes are found with `indexOf` (native) and
 * counted (a doubled quote inside a quoted field counts twice), which holds for UTF-8 and Windows-1252 alike.
 * Used to send a file in several COPY statements (PGlite, and the pipelined first load of
 * server/modules/feeds/sirene/first-load.ts).
 * @yields the parts of each batch of whole records; nothing for an empty stream
 */
export async function* recordBatches(body: AsyncIterable<Buffer>, batchBytes: number): AsyncGenerator<Buffer[]> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let inQuotes = false;
  for await (const chunk of body) {
    const quotes: number[] = [];
    for (let q = chunk.indexOf(0x22); q >= 0; q = chunk.indexOf(0x22, q + 1)) quotes.push(q);
    const startsInQuotes = inQuotes;
    if (quotes.length % 2) inQuotes = !inQuotes;
    let cut = pendingBytes + chunk.length < batchBytes ? -1 : chunk.lastIndexOf(0x0a);
    // The last LF outside quotes: inside, the quoted field opened at the last quote before it (or before the chunk).
    let before = quotes.length;
    while (cut >= 0) {
      while (before > 0 && quotes[before - 1] > cut) before--;
      if (startsInQuotes === (before % 2 === 0)) cut = before > 0 ? chunk.lastIndexOf(0x0a, quotes[before - 1]) : -1;
      else break;
    }
    if (cut < 0) {
      pending.push(chunk);
      pendingBytes += chunk.length;
      continue;
    }
    const batch = [...pending, chunk.subarray(0, cut + 1)];
    const tail = chunk.subarray(cut + 1);
    pending = tail.length ? [tail] : [];
    pendingBytes = tail.length;
    yield batch;
  }
  if (pending.length) yield pending;
}

/**
 * Runs `statement` (a `COPY … FROM '/dev/blob' …` of CSV records) on `pglite` over `body`, batch by batch
 * (`recordBatches`).
 * @returns the number of records copied
 * @throws what `onError` maps a COPY failure to, or the raw error; the input's own failure
 */
export async function copyBlobBatches(pglite: PGlite | Transaction, statement: string, body: AsyncIterable<Buffer>, opts: BlobCopyOptions = {}): Promise<number> {
  let records = 0;
  for await (const parts of recordBatches(body, opts.batchBytes ?? PGLITE_BATCH_BYTES)) {
    const bytes = opts.transform ? [opts.transform(parts.length === 1 ? parts[0] : Buffer.concat(parts))] : parts;
    try {
      const blob = new Blob(bytes.map((b) => new Uint8Array(b.buffer as ArrayBuffer, b.byteOffset, b.length)));
      const res = await pglite.query(statement, [], { blob });
      records += res.affectedRows ?? 0;
    } catch (err) {
      throw opts.onError?.(err, records) ?? err;
    }
    await opts.between?.();
  }
  return records;
}
