/**
 * The bytes of an INSEE Sirene stock file: a plain `.csv`, or the `.zip` INSEE
 * ships, whose first `.csv` entry is inflated as it streams in (unzipper; the archive is never unpacked to
 * disk). The file is recognised by its first bytes (`PK\x03\x04` = zip), not by its name.
 *
 * The first line (the header) is split off and parsed (csv-parse), its delimiter read from it as the news and
 * deals imports do (`,` as INSEE writes it, `;` as Excel saves a French CSV, or tab); the rest is handed over as
 * raw UTF-8 CSV bytes for PostgreSQL's COPY to parse with that delimiter (./stage.ts). Bytes read are counted on the input as it arrives
 * (compressed bytes for a zip: they compare with the file's size), data lines as newlines go by.
 *
 * Each chunk is looked at once (its newlines found, its lines checked as UTF-8): a line is only copied when it
 * ends, so the time stays in proportion to the file whatever its lines. The limits (`SireneLimits`, configured by
 * SIRENE_MAX_LINE_BYTES, SIRENE_MAX_CSV_BYTES, SIRENE_MAX_ROWS, SIRENE_MAX_ZIP_RATIO in server/config.ts) stop the
 * reading as soon as one is passed, with a French 422 naming the setting; the import then rolls back.
 */
import { isUtf8 } from 'node:buffer';
import { Transform, type Readable } from 'node:stream';
import { parse as parseSync } from 'csv-parse/sync';
import unzipper from 'unzipper';
import { AppError } from '../../../lib/errors';
import { pickDelimiter, type CsvLayout } from '../../../lib/csv/layout';
import { DEFAULT_SIRENE_LIMITS, type SireneLimits } from '../../../config';

export { DEFAULT_SIRENE_LIMITS, type SireneLimits };

/** Longest header line accepted (bytes): a real one is under 2 KB. */
const MAX_HEADER_BYTES = 64 * 1024;
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** A whole number written the French way (`65 536`, narrow no-break spaces). */
function frenchCount(n: number): string {
  return n.toLocaleString('fr-FR').replace(/\s/g, '\u202f');
}

/** Refusal of a file in UTF-16 (a BOM `FF FE` / `FE FF`, or NUL bytes between the header's letters). */
export const UTF16_MESSAGE = 'Fichier en UTF-16\u00a0: enregistrez-le en UTF-8 (dans Excel\u00a0: «\u00a0CSV UTF-8\u00a0»). Rien n’a été importé.';

/** Whether `first` (the first bytes of a file) look like UTF-16: its BOM, or a NUL byte in every other place. */
function looksUtf16(first: Buffer): boolean {
  if (first.length >= 2 && ((first[0] === 0xff && first[1] === 0xfe) || (first[0] === 0xfe && first[1] === 0xff))) return true;
  const head = first.subarray(0, 64);
  let even = 0;
  let odd = 0;
  for (let i = 0; i < head.length; i++) {
    if (head[i] !== 0) continue;
    if (i % 2) odd++;
    else even++;
  }
  return head.length >= 8 && Math.max(even, odd) >= head.length / 4;
}

/** An opened stock file. */
export interface SireneInput {
  /** The column names of the first line. */
  header: string[];
  /** The delimiter of the columns, read from the first line. */
  delimiter: CsvLayout['delimiter'];
  /** Whether the file was a zip archive, and the entry read. */
  zipEntry: string | null;
  /** The bytes after the header line (UTF-8 CSV), one chunk at a time. */
  body: AsyncIterable<Buffer>;
  /** Bytes of the input read so far. */
  bytesRead(): number;
  /** Newlines seen in the body so far (≈ data lines read; exact once the body is read). */
  linesSeen(): number;
  /** The failure of the input itself (unreadable or corrupt zip), if one occurred: it explains a failed COPY. */
  failure(): AppError | undefined;
  /** Stops reading (on failure or abort). */
  destroy(): void;
}

/** French error of a zip archive that cannot be read. */
export function zipError(detail: string): AppError {
  return new AppError(422, `Archive zip illisible ou corrompue (${detail}). Rien n’a été importé.`);
}

/** The French reason of an unzipper / zlib failure. */
function zipReason(err: Error & { code?: string }): string {
  if (err.message === 'FILE_ENDED' || err.code === 'Z_BUF_ERROR' || /unexpected end/i.test(err.message)) return 'archive tronquée';
  if (/invalid signature/i.test(err.message)) return 'signature de bloc invalide';
  if (err.code?.startsWith('Z_') || /invalid|incorrect/i.test(err.message)) return 'données compressées invalides';
  return err.message.slice(0, 120);
}

/**
 * Opens `raw` (the job's file) as a Sirene stock.
 * @param limits - the limits of the file (SireneLimits); the body throws their AppError 422 once one is passed
 * @throws AppError 422 (French): empty file, no header line, zip without a `.csv` entry, corrupt zip, UTF-16
 */
export async function openSireneInput(raw: Readable, limits: SireneLimits = DEFAULT_SIRENE_LIMITS): Promise<SireneInput> {
  let bytes = 0;
  let lines = 0;
  let failure: AppError | undefined;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  raw.on('error', (err) => counter.destroy(err));
  raw.pipe(counter);

  const first = await firstChunk(counter);
  let csv: Readable = counter;
  let zipEntry: string | null = null;
  if (first && first.subarray(0, 4).equals(ZIP_MAGIC)) {
    counter.unshift(first);
    const entry = await firstCsvEntry(counter, (err) => (failure ??= err));
    zipEntry = entry.path;
    csv = entry;
  } else if (first) counter.unshift(first);

  const iterator = csv[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const wrapRead = async (): Promise<IteratorResult<Buffer>> => {
    try {
      return await iterator.next();
    } catch (err) {
      throw failure ?? (zipEntry !== null ? zipError(zipReason(err as Error)) : err);
    }
  };

  // The header line.
  let held: Buffer = Buffer.alloc(0);
  let newline = -1;
  while (newline < 0) {
    const r = await wrapRead();
    if (r.done) break;
    held = held.length ? Buffer.concat([held, r.value]) : r.value;
    newline = held.indexOf(0x0a);
    if (newline < 0 && held.length > MAX_HEADER_BYTES) throw new AppError(422, 'Première ligne trop longue\u00a0: ce n’est pas un fichier CSV de l’INSEE. Rien n’a été importé.');
  }
  if (looksUtf16(held)) throw new AppError(422, UTF16_MESSAGE);
  if (held.length === 0) throw new AppError(422, 'Le fichier est vide. Rien n’a été importé.');
  let headerBytes = newline < 0 ? held : held.subarray(0, newline);
  if (headerBytes[0] === 0xef && headerBytes[1] === 0xbb && headerBytes[2] === 0xbf) headerBytes = headerBytes.subarray(3);
  let header: string[];
  const headerLine = headerBytes.toString('utf8').replace(/\r$/, '');
  // The delimiter the header holds most: `,` in INSEE's files, `;` once saved by a French Excel, or tab (`,` when
  // it holds none of them).
  const delimiter = /[;,\t]/.test(headerLine) ? pickDelimiter(headerLine) : ',';
  try {
    const rows = parseSync(headerLine, { delimiter, relax_quotes: true }) as string[][];
    header = rows[0] ?? [];
  } catch {
    throw new AppError(422, 'Première ligne illisible\u00a0: ce n’est pas un fichier CSV de l’INSEE. Rien n’a été importé.');
  }
  const rest = newline < 0 ? Buffer.alloc(0) : held.subarray(newline + 1);

  // UTF-8 is checked here, line by line as they complete (a newline byte never occurs inside a UTF-8
  // sequence), so that both databases refuse the same files with the same line number. The line not ended yet
  // is kept as its chunks (`pending`, `pendingBytes`), joined once when it ends: each byte is copied once.
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let csvBytes = headerBytes.length + 1;
  const check = (segment: Buffer, firstLine: number) => {
    if (isUtf8(segment)) return;
    let line = firstLine;
    let start = 0;
    for (;;) {
      const end = segment.indexOf(0x0a, start);
      const part = segment.subarray(start, end < 0 ? segment.length : end);
      if (!isUtf8(part)) break;
      line++;
      start = end + 1;
    }
    throw new AppError(422, `Fichier mal formé à la ligne ${line + 2}\u00a0: octets qui ne sont pas de l’UTF-8. Rien n’a été importé.`);
  };
  const lineTooLong = (line: number) =>
    new AppError(
      422,
      `Ligne ${line + 2} trop longue\u00a0: plus de ${frenchCount(limits.maxLineBytes)} octets (limite SIRENE_MAX_LINE_BYTES). Une ligne de l’INSEE en compte moins de ${frenchCount(2000)}. Rien n’a été importé.`,
    );
  const tooManyRows = () =>
    new AppError(422, `Fichier trop long\u00a0: plus de ${frenchCount(limits.maxRows)} lignes de données (limite SIRENE_MAX_ROWS). Rien n’a été importé.`);
  const take = (chunk: Buffer) => {
    csvBytes += chunk.length;
    if (csvBytes > limits.maxCsvBytes) {
      throw new AppError(
        422,
        `Fichier trop volumineux\u00a0: plus de ${frenchCount(limits.maxCsvBytes)} octets de CSV une fois décompressé (limite SIRENE_MAX_CSV_BYTES). Rien n’a été importé.`,
      );
    }
    if (zipEntry !== null && csvBytes > limits.zipRatioFloorBytes && csvBytes > limits.maxZipRatio * bytes) {
      throw new AppError(
        422,
        `Archive zip suspecte\u00a0: son fichier CSV se décompresse plus de ${frenchCount(limits.maxZipRatio)} fois (limite SIRENE_MAX_ZIP_RATIO). Rien n’a été importé.`,
      );
    }
    const before = lines;
    let start = 0;
    let lineBytes = pendingBytes;
    for (let at = chunk.indexOf(0x0a); at >= 0; at = chunk.indexOf(0x0a, at + 1)) {
      if (lineBytes + at - start > limits.maxLineBytes) throw lineTooLong(lines);
      lines++;
      if (lines > limits.maxRows) throw tooManyRows();
      lineBytes = 0;
      start = at + 1;
    }
    if (lineBytes + chunk.length - start > limits.maxLineBytes) throw lineTooLong(lines);
    if (start === 0) {
      pending.push(chunk);
      pendingBytes += chunk.length;
      return;
    }
    const ended = chunk.subarray(0, start);
    check(pending.length ? Buffer.concat([...pending, ended]) : ended, before);
    pending = start < chunk.length ? [chunk.subarray(start)] : [];
    pendingBytes = chunk.length - start;
  };
  // A limit reached or a malformed line is the input's own failure: it is kept as such, so that the zip error the
  // stop then causes (« Premature close » of the entry destroyed under the reader) never takes its place.
  const own = (fn: () => void) => {
    try {
      fn();
    } catch (err) {
      if (err instanceof AppError) failure ??= err;
      throw err;
    }
  };
  async function* body(): AsyncGenerator<Buffer> {
    if (rest.length) {
      own(() => take(rest));
      yield rest;
    }
    for (;;) {
      const r = await wrapRead();
      if (r.done) break;
      own(() => take(r.value));
      yield r.value;
    }
    if (pendingBytes) {
      own(() => {
        if (lines + 1 > limits.maxRows) throw tooManyRows();
        check(Buffer.concat(pending), lines);
      });
    }
  }
  return {
    header,
    delimiter,
    zipEntry,
    body: body(),
    bytesRead: () => bytes,
    linesSeen: () => lines,
    failure: () => failure,
    destroy: () => {
      raw.destroy();
      counter.destroy();
      csv.destroy();
    },
  };
}

/** The first chunk of `stream` (undefined when it ends at once), leaving the stream paused. */
function firstChunk(stream: Readable): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const onReadable = () => {
      const chunk = stream.read() as Buffer | null;
      if (chunk === null) return;
      cleanup();
      resolve(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(undefined);
    };
    const onError = (err: Error) => {
      cleanup();
      reject(err);
    };
    const cleanup = () => {
      stream.off('readable', onReadable);
      stream.off('end', onEnd);
      stream.off('error', onError);
    };
    stream.on('readable', onReadable);
    stream.on('end', onEnd);
    stream.on('error', onError);
  });
}

/**
 * The first `.csv` entry of the zip streamed by `input` (other entries are skipped as they pass).
 * @param onFailure - receives the French error of a failure that happens later, while the entry streams
 * @throws AppError 422 (French): corrupt archive, no `.csv` entry
 */
function firstCsvEntry(input: Readable, onFailure: (err: AppError) => void): Promise<unzipper.Entry> {
  return new Promise((resolve, reject) => {
    let taken: unzipper.Entry | undefined;
    /** All of the entry's data has been inflated into it (its readers may still be reading). */
    let complete = false;
    const parser = input.pipe(unzipper.Parse());
    input.on('error', (err) => parser.emit('error', err));
    parser.on('entry', (entry: unzipper.Entry) => {
      if (!taken && entry.type === 'File' && /\.csv$/i.test(entry.path)) {
        taken = entry;
        entry.on('finish', () => (complete = true));
        resolve(entry);
      } else entry.autodrain();
    });
    parser.on('error', (err: Error) => {
      if (taken && complete) {
        // The .csv entry is whole: what follows it is not needed. (This streaming reader misreads a Zip64 data
        // descriptor, 24 bytes where it expects 16: a Zip64 archive written as a stream ends that way.) The
        // rest of the file is read through, counted and dropped.
        input.unpipe(parser);
        input.resume();
        return;
      }
      const failure = zipError(zipReason(err));
      if (taken) {
        onFailure(failure);
        taken.destroy(failure);
      } else reject(failure);
    });
    parser.on('close', () => {
      if (!taken) reject(new AppError(422, 'L’archive zip ne contient aucun fichier .csv. Rien n’a été importé.'));
    });
  });
}
