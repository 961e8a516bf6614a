/**
 * `recordBatches` (server/db/copy-blob.ts): a CSV byte stream cut into batches of whole records, whatever the
 * chunks it arrives in — quoted fields holding newlines and doubled quotes included.
 */
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { recordBatches } from '../../server/db/copy-blob';

/** A CSV of `n` records, some with quoted fields holding commas, newlines and doubled quotes. */
function csv(n: number): string {
  const rows: string[] = [];
  for (let i = 0; i < n; i++) {
    const note = i % 3 === 0 ? `"ligne ${i}\nsuite ""citée"", fin"` : i % 5 === 0 ? '"a,b"' : `simple ${i}`;
    rows.push(`${String(i).padStart(9, '0')},${note},${i % 7 === 0 ? '"\n"' : 'x'}`);
  }
  return rows.join('\n') + '\n';
}

/** `bytes` as chunks of the given sizes, in turn. */
async function* chunked(bytes: Buffer, sizes: number[]): AsyncGenerator<Buffer> {
  let at = 0;
  for (let i = 0; at < bytes.length; i++) {
    const size = sizes[i % sizes.length];
    yield bytes.subarray(at, at + size);
    at += size;
  }
}

describe('recordBatches', () => {
  for (const [label, sizes, batchBytes] of [
    ['tiny chunks, tiny batches', [1, 2, 3, 5, 7], 16],
    ['chunks larger than a batch', [4096], 100],
    ['uneven chunks', [13, 997, 64, 3001], 512],
  ] as const) {
    it(`${label}: every batch is whole records, and together they are the input`, async () => {
      const text = csv(500);
      const input = Buffer.from(text);
      const batches: Buffer[] = [];
      for await (const parts of recordBatches(chunked(input, [...sizes]), batchBytes)) batches.push(Buffer.concat(parts));
      expect(batches.length).toBeGreaterThan(1);
      expect(Buffer.concat(batches).equals(input)).toBe(true);
      let records = 0;
      for (const b of batches) {
        expect(b.at(-1)).toBe(0x0a);
        records += (parse(b) as string[][]).length;
      }
      expect(records).toBe(500);
    });
  }

  it('an empty stream gives no batch; a stream without a final newline ends with its rest', async () => {
    const none: Buffer[][] = [];
    for await (const parts of recordBatches(chunked(Buffer.alloc(0), [10]), 8)) none.push(parts);
    expect(none).toEqual([]);
    const out: string[] = [];
    for await (const parts of recordBatches(chunked(Buffer.from('a,1\nb,2\nc,3'), [5]), 4)) out.push(Buffer.concat(parts).toString());
    expect(out.join('')).toBe('a,1\nb,2\nc,3');
    expect(out.at(-1)!.endsWith('c,3')).toBe(true);
  });
});
