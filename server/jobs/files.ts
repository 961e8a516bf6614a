/**
 * The input file of a job: the one store of every upload and every file a job reads (news, deals, INSEE Sirene,
 * BODACC). Where the bytes are is part of the job's payload, under `input` (`JobInput`), so that the job, the queue
 * and its recovery all find and remove them the same way:
 *
 * - `stored`: the upload kept in the database (`job_file_chunks`, chunks of at most 1 MiB), so that any vigie
 *   process on the database can run the job; deleted with the job's end (inside a staged import's transaction).
 * - `spooled`: the upload written to a local file (`DATA_DIR/uploads/<job id>`) for a job this process runs
 *   itself (`dispatch(…, {here: true})`): half the work of chunks for a file read once; deleted when the job ends.
 * - `path`: a file already on this machine (CLI, inbox, scheduled fetch), read in place and left where it is
 *   (its owner moves it).
 *
 * Files are written as they stream in and read back as a stream: memory holds one chunk at a time, whatever
 * the size of the file.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { and, asc, eq, gte } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client';
import { AppError } from '../lib/errors';
import { jobFileChunks } from '../db/schema';

/** Size of a stored chunk (bytes). */
export const CHUNK_BYTES = 1024 * 1024;

/** Where a job's input file is (`payload.input`). */
export const jobInputSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('stored') }),
  z.object({ kind: z.literal('spooled'), path: z.string() }),
  /**
   * A file on this machine, read in place. `size` and `mtime_ms` (bytes, milliseconds since the epoch), when given,
   * are the file's as it was taken: the import commits only if the file still has them (`assertInputUnchanged`).
   */
  z.object({ kind: z.literal('path'), path: z.string(), size: z.number().optional(), mtime_ms: z.number().optional() }),
]);
/** Where a job's input file is (`payload.input`). */
export type JobInput = z.output<typeof jobInputSchema>;

/** A job row as far as its input goes: its payload, stored or parsed, is read for its `input` only. */
export interface JobWithInput {
  id: string;
  payload: unknown;
}

/** A payload that names its input. */
const withInput = z.object({ input: jobInputSchema });

/** The input of a job row: its payload's `input`, `stored` when it names none (a job whose upload is chunks). */
export function inputOf(job: JobWithInput): JobInput {
  const parsed = withInput.safeParse(job.payload);
  return parsed.success ? parsed.data.input : { kind: 'stored' };
}

/** Error of an import whose file changed while it was read (a copy still under way): nothing is kept, and it may be taken again. */
export const CHANGED_MESSAGE = 'Fichier modifié pendant la lecture\u00a0; il sera repris.';

/** An input file that changed while its job read it (./execute.ts records it as `interrupted`: the file may be taken again). */
export class InputChanged extends AppError {
  constructor() {
    super(409, CHANGED_MESSAGE);
  }
}

/**
 * Checks, just before an import commits, that a `path` input taken with its size and time still has them: a file
 * still being copied when it was taken was read in part, and must not be committed as if whole.
 * @throws InputChanged when the file's size or modification time differ, or the file is gone
 */
export function assertInputUnchanged(job: JobWithInput): void {
  const input = inputOf(job);
  if (input.kind !== 'path' || input.size === undefined || input.mtime_ms === undefined) return;
  const now = fs.lstatSync(input.path, { throwIfNoEntry: false });
  if (!now || now.size !== input.size || now.mtimeMs !== input.mtime_ms) throw new InputChanged();
}

/** The spool file of job `jobId` under the data folder `dataDir`. */
export function spoolPath(dataDir: string, jobId: string): string {
  return path.join(dataDir, 'uploads', jobId.replace(/[^0-9a-f-]/gi, ''));
}

/** What receiving an upload gives: its size (bytes), its first bytes, and where it now is. */
export interface ReceivedFile {
  bytes: number;
  head: Buffer;
  input: JobInput;
}

/**
 * Receives `upload` as the input of job `jobId`: into the database by default, or into the job's spool file under
 * `opts.spoolDir` (the data folder) for a job run by this process.
 * @param opts.headBytes - how many leading bytes to keep in memory and return (to sniff the format)
 * @returns the size in bytes, the head and the `JobInput` to put in the payload
 * @throws what the stream throws (e.g. the multipart size limit); a half-written spool file is removed
 */
export async function receiveJobFile(
  db: Db,
  jobId: string,
  upload: AsyncIterable<Buffer>,
  opts: { headBytes: number; spoolDir?: string },
): Promise<ReceivedFile> {
  if (!opts.spoolDir) {
    const { bytes, head } = await storeChunks(db, jobId, upload, opts.headBytes);
    return { bytes, head, input: { kind: 'stored' } };
  }
  const file = spoolPath(opts.spoolDir, jobId);
  try {
    const { bytes, head } = await spool(upload, file, opts.headBytes);
    return { bytes, head, input: { kind: 'spooled', path: file } };
  } catch (err) {
    await fs.promises.rm(file, { force: true });
    throw err;
  }
}

/** Keeps the first `max` bytes of a stream as it passes. */
class Head {
  private parts: Buffer[] = [];
  private length = 0;
  constructor(private readonly max: number) {}
  take(chunk: Buffer): void {
    if (this.length >= this.max) return;
    const part = Buffer.from(chunk.subarray(0, this.max - this.length));
    this.parts.push(part);
    this.length += part.length;
  }
  get bytes(): Buffer {
    return Buffer.concat(this.parts);
  }
}

/** Stores `input` as the chunks of job `jobId`. */
async function storeChunks(db: Db, jobId: string, input: AsyncIterable<Buffer>, headBytes: number): Promise<{ bytes: number; head: Buffer }> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let seq = 0;
  let bytes = 0;
  const head = new Head(headBytes);
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
    head.take(chunk);
    pending.push(chunk);
    pendingBytes += chunk.length;
    if (pendingBytes >= CHUNK_BYTES) await flush(false);
  }
  await flush(true);
  return { bytes, head: head.bytes };
}

/** Writes `input` to `file` (its folder created). */
async function spool(input: AsyncIterable<Buffer>, file: string, headBytes: number): Promise<{ bytes: number; head: Buffer }> {
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  let bytes = 0;
  const head = new Head(headBytes);
  const meter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      head.take(chunk);
      done(null, chunk);
    },
  });
  await pipeline(input, meter, fs.createWriteStream(file));
  return { bytes, head: head.bytes };
}

/**
 * The input file of `job` as a byte stream.
 * @param opts.highWaterMark - read size of a local file (bytes; Node's default otherwise)
 * @throws (on read) ENOENT when a local file is gone
 */
export function openJobFile(db: Db, job: JobWithInput, opts: { highWaterMark?: number } = {}): Readable {
  const input = inputOf(job);
  if (input.kind !== 'stored') return fs.createReadStream(input.path, opts.highWaterMark ? { highWaterMark: opts.highWaterMark } : {});
  async function* chunks() {
    for (let seq = 0; ; seq++) {
      const [row] = await db
        .select({ data: jobFileChunks.data })
        .from(jobFileChunks)
        .where(and(eq(jobFileChunks.jobId, job.id), gte(jobFileChunks.seq, seq)))
        .orderBy(asc(jobFileChunks.seq))
        .limit(1);
      if (!row) return;
      yield row.data;
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}

/**
 * Removes the input of `job` that belongs to it: its stored chunks, then its spool file. A `path` input is left
 * in place. Safe to call more than once.
 * @throws the database's error, or the file system's (e.g. a spool path that is not a file)
 */
export async function removeJobFile(db: Db, job: JobWithInput): Promise<void> {
  await db.delete(jobFileChunks).where(eq(jobFileChunks.jobId, job.id));
  const input = inputOf(job);
  if (input.kind === 'spooled') await fs.promises.rm(input.path, { force: true });
}
