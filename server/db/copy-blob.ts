/**
 * Bulk load of a CSV byte stream into PGlite (CONVENTIONS.md section 1 "bulk load": PGlite's
 * `COPY ... FROM '/dev/blob'`): PGlite takes one blob per COPY, so the stream is sent in batches of about
 * `batchBytes`, each cut after the last record end (LF outside double quotes) of a chunk. Shared by the
 * INSEE Sirene stage (server/modules/feeds/sirene/stage.ts) and the deals CSV stage
 * (server/modules/deals/import-stage.ts); on PostgreSQL both stream one COPY FROM STDIN instead.
 */
import type { PGlite } from '@electric-sql/pglite';

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
 * Runs `statement` (a `COPY … FROM '/dev/blob' …` of CSV records) on `pglite` over `body`, batch by batch.
 * Quotes are counted byte by byte (a doubled quote inside a quoted field toggles twice), which holds for UTF-8
 * and Windows-1252 alike.
 * @returns the number of records copied
 * @throws what `onError` maps a COPY failure to, or the raw error; the input's own failure
 */
export async function copyBlobBatches(pglite: PGlite, statement: string, body: AsyncIterable<Buffer>, opts: BlobCopyOptions = {}): Promise<number> {
  const batchBytes = opts.batchBytes ?? PGLITE_BATCH_BYTES;
  let records = 0;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let inQuotes = false;
  const send = async (parts: Buffer[]) => {
    if (!parts.length) return;
    const raw = parts.length === 1 ? parts[0] : Buffer.concat(parts);
    const bytes = opts.transform ? opts.transform(raw) : raw;
    try {
      const res = await pglite.query(statement, [], { blob: new Blob([new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.length)]) });
      records += res.affectedRows ?? 0;
    } catch (err) {
      throw opts.onError?.(err, records) ?? err;
    }
    await opts.between?.();
  };
  for await (const chunk of body) {
    let cut = -1;
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i];
      if (b === 0x22) inQuotes = !inQuotes;
      else if (b === 0x0a && !inQuotes) cut = i;
    }
    if (cut < 0 || pendingBytes + chunk.length < batchBytes) {
      pending.push(chunk);
      pendingBytes += chunk.length;
      continue;
    }
    const batch = [...pending, chunk.subarray(0, cut + 1)];
    const tail = chunk.subarray(cut + 1);
    pending = tail.length ? [tail] : [];
    pendingBytes = tail.length;
    await send(batch);
  }
  await send(pending);
  return records;
}
