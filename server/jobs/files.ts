/**
 * The input file of a job, stored in the database (`job_file_chunks`, chunks of at most 1 MiB) so that any
 * vigie process on the database can run the job. Written as the upload streams in and
 * read back as a stream: memory holds one chunk at a time, whatever the size of the file.
 */
import { Readable } from 'node:stream';
import { and, asc, eq, gte } from 'drizzle-orm';
import type { Db } from '../db/client';
import { jobFileChunks } from '../db/schema';

/** Size of a stored chunk (bytes). */
export const CHUNK_BYTES = 1024 * 1024;

/**
 * Stores `input` as the file of job `jobId`, chunk by chunk.
 * @param headBytes - how many leading bytes to keep in memory and return (to sniff the format)
 * @returns the size in bytes and the first `headBytes` bytes
 */
export async function storeJobFile(db: Db, jobId: string, input: AsyncIterable<Buffer>, headBytes: number): Promise<{ bytes: number; head: Buffer }> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let seq = 0;
  let bytes = 0;
  const heads: Buffer[] = [];
  let headLen = 0;
  const flush = async (all: boolean) => {
    while (pendingBytes >= CHUNK_BYTES || (all && pendingBytes > 0)) {
      const joined = Buffer.concat(pending);
      const data = joined.subarray(0, CHUNK_BYTES);
      const rest = joined.subarray(data.length);
      await db.insert(jobFileChunks).values({ jobId, seq: seq++, data: Buffer.from(data) });
      pending = rest.length ? [rest] : [];
      pendingBytes = rest.length;
    }
  };
  for await (const chunk of input) {
    bytes += chunk.length;
    if (headLen < headBytes) {
      const part = chunk.subarray(0, headBytes - headLen);
      heads.push(part);
      headLen += part.length;
    }
    pending.push(chunk);
    pendingBytes += chunk.length;
    if (pendingBytes >= CHUNK_BYTES) await flush(false);
  }
  await flush(true);
  return { bytes, head: Buffer.concat(heads) };
}

/** The stored file of job `jobId` as a byte stream (one chunk read at a time). */
export function readJobFile(db: Db, jobId: string): Readable {
  async function* chunks() {
    for (let seq = 0; ; seq++) {
      const [row] = await db
        .select({ data: jobFileChunks.data })
        .from(jobFileChunks)
        .where(and(eq(jobFileChunks.jobId, jobId), gte(jobFileChunks.seq, seq)))
        .orderBy(asc(jobFileChunks.seq))
        .limit(1);
      if (!row) return;
      yield row.data;
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}

/** Deletes the stored file of job `jobId`. */
export async function deleteJobFile(db: Db, jobId: string): Promise<void> {
  await db.delete(jobFileChunks).where(eq(jobFileChunks.jobId, jobId));
}
