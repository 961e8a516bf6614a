/**
 * The PGlite staging of a Sirene file (server/modules/feeds/sirene/stage.ts `copyToStage` on PGlite): the bytes
 * are sent in COPY batches cut at record boundaries only — never inside a quoted field, even one holding a
 * newline — and a malformed line in a later batch is reported with its line number in the whole file.
 * Run on a real in-memory PGlite with tiny batches and chunks.
 */
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteSql } from '../../server/db/sql';
import { copyToStage, createStageSql } from '../../server/modules/feeds/sirene/stage';

let pglite: PGlite;
beforeAll(async () => {
  pglite = await PGlite.create('memory://');
});
afterAll(async () => pglite?.close());

/** `text` as chunks of `size` bytes. */
async function* chunks(text: string, size: number): AsyncGenerator<Buffer> {
  const bytes = Buffer.from(text);
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

describe('copyToStage on PGlite', () => {
  it('cuts batches between records only: quoted commas, doubled quotes and newlines stay whole', async () => {
    await pglite.exec(createStageSql('stage_a', ['siren', 'name', 'state'], false));
    const rows = Array.from({ length: 40 }, (_, i) => `${String(i).padStart(9, '0')},"NOM ${i}, ""DIT""\nSUITE ${i}",A`);
    let pauses = 0;
    const copied = await copyToStage(pgliteSql(pglite), 'stage_a', ['siren', 'name', 'state'], chunks(rows.join('\n') + '\n', 7), { between: async () => void pauses++, batchBytes: 100 });
    expect(copied).toBe(40);
    expect(pauses).toBeGreaterThan(5);
    const { rows: read } = await pglite.query<{ siren: string; name: string; state: string }>('select siren, name, state from stage_a order by siren');
    expect(read[17]).toEqual({ siren: '000000017', name: 'NOM 17, "DIT"\nSUITE 17', state: 'A' });
    expect(read.every((r, i) => r.name === `NOM ${i}, "DIT"\nSUITE ${i}` && r.state === 'A')).toBe(true);
  });

  it('names the line of a short record in a later batch, counted from the start of the file (header = line 1)', async () => {
    await pglite.exec(createStageSql('stage_b', ['siren', 'name', 'state'], false));
    const rows = Array.from({ length: 30 }, (_, i) => `${String(i).padStart(9, '0')},NOM ${i},A`);
    rows[24] = '000000024,NOM 24';
    await expect(copyToStage(pgliteSql(pglite), 'stage_b', ['siren', 'name', 'state'], chunks(rows.join('\n') + '\n', 16), { batchBytes: 64 })).rejects.toThrow(
      /^Fichier mal formé à la ligne 26\u00a0: la ligne s’arrête avant la colonne state/,
    );
  });
});
