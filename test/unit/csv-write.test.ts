/** The shared CSV writer (server/lib/csv/write.ts): BOM, `;`, CRLF, French header, formula neutralisation, streaming. */
import { describe, expect, it } from 'vitest';
import { csvStream, csvText, neutraliseFormula } from '../../server/lib/csv/write';

const BOM = '\ufeff';

describe('CSV writer', () => {
  it('neutralises every cell beginning like a formula, and only those', () => {
    for (const v of ['=1+1', '+33 1', '-2', '@SUM(A1)', '\tx', '\rx']) expect(neutraliseFormula(v)).toBe(`'${v}`);
    for (const v of ['a=1', 'Société', '', '1-2', ' =x']) expect(neutraliseFormula(v)).toBe(v);
  });

  it('writes BOM, a `;` header line and CRLF records, quoting what needs it', () => {
    const text = csvText(['Nom', 'Montant', 'Note'], [
      ['Société ; Fille', 12, null],
      ['=HYPERLINK("x")', -3, 'ligne\nsuivante'],
    ]).toString('utf8');
    expect(text.startsWith(BOM)).toBe(true);
    expect(text.slice(1)).toBe(
      'Nom;Montant;Note\r\n"Société ; Fille";12;\r\n"\'=HYPERLINK(""x"")";-3;"ligne\nsuivante"\r\n',
    );
  });

  it('streams rows from an async source through the columns', async () => {
    async function* rows() {
      for (let i = 0; i < 3; i++) yield { id: i, label: i === 1 ? '@x' : `n${i}` };
    }
    const stream = csvStream(rows(), [
      { header: 'ID', value: (r: { id: number }) => r.id },
      { header: 'Libellé', value: (r: { label: string }) => r.label },
    ]);
    let text = '';
    for await (const chunk of stream) text += chunk.toString();
    expect(text).toBe(`${BOM}ID;Libellé\r\n0;n0\r\n1;'@x\r\n2;n2\r\n`);
  });

  it('ends the stream with the error of a failing source', async () => {
    async function* rows() {
      yield { a: 1 };
      throw new Error('lecture impossible');
    }
    const stream = csvStream(rows(), [{ header: 'A', value: (r: { a: number }) => r.a }]);
    await expect(async () => {
      for await (const chunk of stream) void chunk;
    }).rejects.toThrow('lecture impossible');
  });
});
