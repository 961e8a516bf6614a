/**
 * The streamed CSV reader (server/lib/csv/records.ts), fed in chunks as small as one byte: the encoding of a
 * file sniffed as UTF-8 is settled by its first non-ASCII bytes (Windows-1252 when they are not UTF-8), a
 * character cut between two chunks is read whole, and each record carries the line where it starts.
 */
import { Readable } from 'node:stream';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import type { CsvLayout } from '../../server/lib/csv/layout';
import { readCsvRecords } from '../../server/lib/csv/records';

const layout = (encoding: CsvLayout['encoding'] = 'utf-8'): CsvLayout => ({ encoding, delimiter: ';', columns: {}, header: [] });

/** `bytes` as a stream of `size`-byte chunks. */
function chunked(bytes: Buffer, size: number): Readable {
  const parts: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) parts.push(bytes.subarray(at, at + size));
  return Readable.from(parts, { objectMode: false });
}

async function read(bytes: Buffer, size: number, enc?: CsvLayout['encoding'], maxRows = 100) {
  const out: Array<{ cells: string[]; line: number }> = [];
  for await (const r of readCsvRecords(chunked(bytes, size), layout(enc), maxRows)) out.push({ cells: r.cells, line: r.line });
  return out;
}

const text = 'h1;h2\nÉté;l’œuvre, ça\ncœur;« à »\nfin;é';

describe('readCsvRecords: encoding', () => {
  for (const size of [1, 2, 3, 7, 1024]) {
    it(`reads UTF-8 (with or without BOM) and Windows-1252 alike, in chunks of ${size} byte(s)`, async () => {
      const expected = [
        { cells: ['Été', 'l’œuvre, ça'], line: 2 },
        { cells: ['cœur', '« à »'], line: 3 },
        { cells: ['fin', 'é'], line: 4 },
      ];
      expect(await read(Buffer.from(text, 'utf8'), size)).toEqual(expected);
      expect(await read(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]), size)).toEqual(expected);
      // Sniffed as UTF-8 (an ASCII head), but Windows-1252: read as Windows-1252.
      expect(await read(iconv.encode(text, 'windows-1252'), size)).toEqual(expected);
      expect(await read(iconv.encode(text, 'windows-1252'), size, 'windows-1252')).toEqual(expected);
    });
  }

  it('settles the encoding on the first non-ASCII bytes, however late they come', async () => {
    const ascii = 'h1;h2\n' + 'a;b\n'.repeat(50_000);
    const late = Buffer.concat([Buffer.from(ascii), iconv.encode('Noël;’\n', 'windows-1252')]);
    const rows = await read(late, 65_536, 'utf-8', 100_000);
    expect(rows).toHaveLength(50_001);
    expect(rows[50_000]).toEqual({ cells: ['Noël', '’'], line: 50_002 });
    const lateUtf8 = Buffer.from(ascii + 'Noël;’\n', 'utf8');
    expect((await read(lateUtf8, 65_536, 'utf-8', 100_000))[50_000].cells).toEqual(['Noël', '’']);
  });

  it('a file whose only non-ASCII character ends it', async () => {
    expect(await read(Buffer.from('h\né', 'utf8'), 1)).toEqual([{ cells: ['é'], line: 2 }]);
    expect(await read(iconv.encode('h\né', 'windows-1252'), 1)).toEqual([{ cells: ['é'], line: 2 }]);
  });
});

describe('readCsvRecords: line numbers', () => {
  it('numbers a record by the line where it starts, across quoted line breaks (LF, CR LF), blank lines and rows of empty cells', async () => {
    for (const eol of ['\n', '\r\n']) {
      const csv = ['h1;h2', 'a;"deux', 'lignes"', '', 'b;"trois', '', 'lignes"', ';', 'c;d', '', ''].join(eol);
      const rows = await read(Buffer.from(csv), 5);
      expect(rows.map((r) => r.line), JSON.stringify(eol)).toEqual([2, 5, 9]);
      expect(rows[1].cells).toEqual(['b', `trois${eol}${eol}lignes`]);
    }
  });

  it('names the line where a quote left open starts', async () => {
    for (const eol of ['\n', '\r\n']) {
      const csv = ['h1;h2', 'a;"x', 'y"', 'b;c', 'd;"jamais fermé', 'e;f', ''].join(eol);
      await expect(read(Buffer.from(csv), 4), JSON.stringify(eol)).rejects.toMatchObject({
        statusCode: 422,
        errors: { file: ['Le fichier CSV est mal formé à la ligne 5 (guillemet ouvert jamais fermé). Rien n’a été importé.'] },
      });
    }
  });
});
