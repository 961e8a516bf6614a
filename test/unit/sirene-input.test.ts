/**
 * The reading of a Sirene stock file (server/modules/feeds/sirene/input.ts), on its own: a line that never ends
 * costs time in proportion to its length (each chunk is looked at once, never copied again with the line held so
 * far), and the limits of SireneLimits — the longest line, the CSV bytes once inflated, the data rows, the
 * inflation ratio of a zip — stop the reading as soon as they are passed, with a French message naming the
 * setting. A file in UTF-16 is named as such.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../server/lib/errors';
import { loadConfig } from '../../server/config';
import { DEFAULT_SIRENE_LIMITS, openSireneInput, type SireneLimits } from '../../server/modules/feeds/sirene/input';
import { zip } from '../helpers/zip';

const HEADER = 'siren,denominationUniteLegale,etatAdministratifUniteLegale\n';

/** `count` chunks of `size` bytes of `byte`, after `head`. */
function* repeated(head: string, byte: number, size: number, count: number): Generator<Buffer> {
  yield Buffer.from(head);
  const chunk = Buffer.alloc(size, byte);
  for (let i = 0; i < count; i++) yield chunk;
}

let seq = 0;
/** Writes `source` to a file and reads its whole body from it, as a job does; answers the error it ends with, or undefined. */
async function drain(source: Iterable<Buffer>, limits?: Partial<SireneLimits>): Promise<{ error?: AppError; bytes: number }> {
  const file = path.join(os.tmpdir(), `vigie-sirene-input-${process.pid}-${++seq}.csv`);
  const out = fs.openSync(file, 'w');
  for (const chunk of source) fs.writeSync(out, chunk);
  fs.closeSync(out);
  let bytes = 0;
  try {
    const input = await openSireneInput(fs.createReadStream(file, { highWaterMark: 64 * 1024 }), { ...DEFAULT_SIRENE_LIMITS, ...limits });
    for await (const chunk of input.body) bytes += chunk.length;
    return { bytes };
  } catch (err) {
    if (err instanceof AppError) return { error: err, bytes };
    throw err;
  } finally {
    fs.rmSync(file, { force: true });
  }
}

afterEach(() => vi.restoreAllMocks());

describe('a line that never ends', () => {
  it('is read in linear time: the bytes copied stay within twice the input (32 MiB in 64 KiB chunks, no newline)', async () => {
    const concat = vi.spyOn(Buffer, 'concat');
    const { error, bytes } = await drain(repeated(HEADER, 0x41, 64 * 1024, 512), { maxLineBytes: 1024 * 1024 * 1024 });
    expect(error).toBeUndefined();
    expect(bytes).toBe(32 * 1024 * 1024);
    const copied = concat.mock.calls.reduce((n, [list]) => n + (list as Buffer[]).reduce((m, b) => m + b.length, 0), 0);
    expect(copied).toBeLessThan(2 * 32 * 1024 * 1024);
  });

  it('stops at the line limit, naming the line and the setting', async () => {
    const { error, bytes } = await drain(repeated(HEADER + '000000001,A,A\n', 0x41, 16 * 1024, 1000), { maxLineBytes: 64 * 1024 });
    expect(error?.statusCode).toBe(422);
    expect(error?.message).toBe('Ligne 3 trop longue\u00a0: plus de 65\u202f536 octets (limite SIRENE_MAX_LINE_BYTES). Une ligne de l’INSEE en compte moins de 2\u202f000. Rien n’a été importé.');
    expect(bytes).toBeLessThan(200 * 1024);
  });

  it('the default line limit is 64 KiB', () => {
    expect(DEFAULT_SIRENE_LIMITS.maxLineBytes).toBe(64 * 1024);
  });
});

describe('the limits of a stock file', () => {
  const row = Buffer.from('000000001,NOM,A\n');

  it('stops past SIRENE_MAX_ROWS data rows', async () => {
    const rows = (function* () {
      yield Buffer.from(HEADER);
      for (let i = 0; i < 200; i++) yield Buffer.concat(Array.from({ length: 10 }, () => row));
    })();
    const { error: over } = await drain(rows, { maxRows: 1000 });
    expect(over?.message).toBe('Fichier trop long\u00a0: plus de 1\u202f000 lignes de données (limite SIRENE_MAX_ROWS). Rien n’a été importé.');
  });

  it('stops past SIRENE_MAX_CSV_BYTES of CSV, counted once inflated', async () => {
    const big = (function* () {
      yield Buffer.from(HEADER);
      const block = Buffer.concat(Array.from({ length: 4096 }, () => row));
      for (let i = 0; i < 64; i++) yield block;
    })();
    const { error, bytes } = await drain(big, { maxCsvBytes: 1024 * 1024 });
    expect(error?.message).toBe('Fichier trop volumineux\u00a0: plus de 1\u202f048\u202f576 octets de CSV une fois décompressé (limite SIRENE_MAX_CSV_BYTES). Rien n’a été importé.');
    expect(bytes).toBeLessThanOrEqual(1024 * 1024);
  });

  it('stops a zip that inflates more than SIRENE_MAX_ZIP_RATIO times (identical rows)', async () => {
    const rows = (function* () {
      yield Buffer.from(HEADER);
      const block = Buffer.concat(Array.from({ length: 4096 }, () => row));
      for (let i = 0; i < 400; i++) yield block;
    })();
    const archive = await zip('StockUniteLegale.csv', rows);
    const { error } = await drain([archive], { maxZipRatio: 50, zipRatioFloorBytes: 4 * 1024 * 1024 });
    expect(error?.message).toMatch(/^Archive zip suspecte\u00a0: son fichier CSV se décompresse plus de 50 fois \(limite SIRENE_MAX_ZIP_RATIO\)\. Rien n’a été importé\.$/);
  });

  it('defaults stand comfortably above the real stock files (about 42 M rows and 9 GB for StockEtablissement)', () => {
    expect(DEFAULT_SIRENE_LIMITS.maxRows).toBeGreaterThanOrEqual(80_000_000);
    expect(DEFAULT_SIRENE_LIMITS.maxCsvBytes).toBeGreaterThanOrEqual(24 * 1024 ** 3);
  });
});

describe('encodings', () => {
  it.each([
    ['UTF-16 LE with its BOM', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(HEADER + '000000001,NOM,A\n', 'utf16le')])],
    ['UTF-16 BE with its BOM', Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(HEADER + '000000001,NOM,A\n', 'utf16le').swap16()])],
    ['UTF-16 LE without BOM', Buffer.from(HEADER + '000000001,NOM,A\n', 'utf16le')],
  ])('a file in %s is named as such', async (_name, bytes) => {
    const { error } = await drain([bytes]);
    expect(error?.message).toBe('Fichier en UTF-16\u00a0: enregistrez-le en UTF-8 (dans Excel\u00a0: «\u00a0CSV UTF-8\u00a0»). Rien n’a été importé.');
  });
});

describe('configuration', () => {
  it('SIRENE_MAX_* set the limits; unset, the defaults; 32 GiB of CSV is accepted as a number', () => {
    expect(loadConfig({}).sireneLimits).toEqual(DEFAULT_SIRENE_LIMITS);
    const set = loadConfig({ SIRENE_MAX_LINE_BYTES: '4096', SIRENE_MAX_ROWS: '10', SIRENE_MAX_CSV_BYTES: '68719476736', SIRENE_MAX_ZIP_RATIO: '20' }).sireneLimits;
    expect(set).toMatchObject({ maxLineBytes: 4096, maxRows: 10, maxCsvBytes: 68_719_476_736, maxZipRatio: 20 });
    expect(() => loadConfig({ SIRENE_MAX_LINE_BYTES: '100' })).toThrow(/at least 2048 bytes/);
  });
});
