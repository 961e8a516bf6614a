/**
 * « Exporter CSV » in the browser (web/src/components/list/exportCsv.ts, clientExport.ts): the same file as the
 * server writes (BOM, `;`, CRLF, formulas neutralised), the query of a server export, the name of the download.
 */
import { describe, expect, it } from 'vitest';
import { attachmentName, clientCsv, exportQuery, parisToday } from '../../../web/src/components/list/exportCsv';
import { csvColumnsOf } from '../../../web/src/components/list/clientExport';
import { csvText } from '../../../server/lib/csv/write';

type Row = { id: number; name: string };

describe('client-side CSV', () => {
  it('writes what the server writes for the same cells', () => {
    const rows: Row[] = [
      { id: 1, name: 'Société ; Fille' },
      { id: 2, name: '=SOMME(A1)' },
    ];
    const text = clientCsv(rows, [
      { title: 'ID', value: (r) => r.id },
      { title: 'Nom', value: (r) => r.name },
    ]);
    expect(text).toBe(csvText(['ID', 'Nom'], rows.map((r) => [r.id, r.name])).toString('utf8'));
    expect(text).toBe('\ufeffID;Nom\r\n1;"Société ; Fille"\r\n2;\'=SOMME(A1)\r\n');
  });

  it('exports the columns giving a `csv` cell or showing the value as it is, never one drawn by its own render alone', () => {
    const columns = csvColumnsOf<Row & { secret: string }>([
      { key: 'id', title: 'ID' },
      { key: 'secret', title: 'Secret', render: (r) => r.secret },
      { key: 'name', title: 'Nom', render: (r) => r.name, csv: (r) => r.name.toUpperCase() },
    ]);
    expect(columns.map((c) => c.title)).toEqual(['ID', 'Nom']);
    expect(columns.map((c) => c.value({ id: 7, name: 'abc', secret: 's3cr3t' }))).toEqual([7, 'ABC']);
  });

  it('builds the query of a server export and reads the saved name', () => {
    expect(exportQuery({ search: '', orderBy: { column: 'id', direction: 'desc' } })).toEqual({ column: 'id', direction: 'desc' });
    expect(exportQuery({ search: 'x', orderBy: { column: 'code', direction: 'asc' } })).toEqual({ search: 'x', column: 'code', direction: 'asc' });
    expect(attachmentName('attachment; filename="journal-2026-11-27.csv"', 'export.csv')).toBe('journal-2026-11-27.csv');
    expect(attachmentName(null, 'export.csv')).toBe('export.csv');
    expect(parisToday(new Date('2026-11-27T23:30:00Z'))).toBe('2026-11-28');
  });
});
