/**
 * A large synthetic INSEE StockUniteLegale zip for the end-to-end tests that need an import running for a while
 * (test/e2e/feed-cancel.spec.ts): the header and first row of the real sample (test/fixtures/sirene), repeated with
 * SIRENs from 900000000 upward (Luhn-valid, fictitious) and random denominations (so that the zip inflates about
 * as much as INSEE's, under SIRENE_MAX_ZIP_RATIO). Built with yazl, in memory.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { Readable } from 'node:stream';
import yazl from 'yazl';

const SAMPLE = new URL('../fixtures/sirene/StockUniteLegale_sample.csv', import.meta.url);

/** The 9-digit SIREN of 8-digit `body` with its Luhn check digit. */
export function luhnSiren(body: number): string {
  const head = String(body).padStart(8, '0');
  for (let d = 0; d < 10; d++) {
    const s = head + d;
    let sum = 0;
    for (let i = 0; i < 9; i++) {
      let v = Number(s[8 - i]);
      if (i % 2) v = v * 2 > 9 ? v * 2 - 9 : v * 2;
      sum += v;
    }
    if (sum % 10 === 0) return s;
  }
  throw new Error(`no check digit for ${head}`);
}

/** The CSV of `count` rows, in blocks. */
function* stockRows(count: number): Generator<Buffer> {
  const lines = fs.readFileSync(SAMPLE, 'utf8').trimEnd().split('\n');
  const header = lines[0].split(',');
  const base = lines[1].split(',');
  const name = header.indexOf('denominationUniteLegale');
  yield Buffer.from(lines[0] + '\n');
  let block: string[] = [];
  for (let i = 0; i < count; i++) {
    const row = [...base];
    row[0] = luhnSiren(90_000_000 + i);
    row[name] = `SOCIETE ${crypto.randomBytes(6).toString('hex').toUpperCase()}`;
    block.push(row.join(','));
    if (block.length === 5000 || i === count - 1) {
      yield Buffer.from(block.join('\n') + '\n');
      block = [];
    }
  }
}

/** A zip holding `StockUniteLegale.csv` of `count` synthetic rows. */
export function syntheticStockZip(count: number): Promise<Buffer> {
  const archive = new yazl.ZipFile();
  archive.addReadStream(Readable.from(stockRows(count)), 'StockUniteLegale.csv');
  archive.end();
  const parts: Buffer[] = [];
  return new Promise((resolve, reject) => {
    archive.outputStream.on('data', (c: Buffer) => parts.push(c));
    archive.outputStream.on('end', () => resolve(Buffer.concat(parts)));
    archive.outputStream.on('error', reject);
  });
}
