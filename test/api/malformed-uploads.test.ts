/**
 * Malformed bodies answer the contract's 422 `{message, errors}` (CONVENTIONS.md section 3), never a 500 or the
 * « erreur inattendue » of a failed job: a NUL byte in a multipart file name; a multipart body that ends before
 * its closing boundary, on the three import routes (news, deals, INSEE/BODACC); a deals CSV header of thousands
 * of columns (PostgreSQL's 1,600-column limit); a deal amount of 1e21 or more (JavaScript prints 1e+21); a JSON
 * body or a BODACC XML file nested thousands of levels deep. API tests on both databases.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEAL_CSV_COLUMNS } from '../../contract/deal-import';
import { createTestApp, multipart, type Client, type TestApp } from '../helpers/app';
import { dealPayload } from '../helpers/deals';
import { waitForJob } from '../helpers/news';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/bodacc');

let t: TestApp;
let root: Client;
beforeAll(async () => {
  t = await createTestApp({ FEED_INBOX: 'false' });
  root = await t.superAdmin();
});
afterAll(async () => t?.close());

const IMPORTS = [
  ['/api/news/import', 'news.csv'],
  ['/api/transactions/import', 'deals.csv'],
  ['/api/supervisions/import/sirene', 'StockUniteLegale.csv'],
  ['/api/supervisions/import/bodacc', 'bulletin.xml'],
] as const;

/** Sends a raw multipart payload. */
function send(url: string, payload: Buffer, contentType: string) {
  return root.call('POST', url, undefined, { payload, headers: { 'content-type': contentType } });
}

/** The contract's 422: a French message and a non-empty map of string arrays. */
function expect422(res: { statusCode: number; body: string; json(): unknown }, field: string) {
  expect(res.statusCode, res.body).toBe(422);
  const body = res.json() as { message: string; errors: Record<string, string[]> };
  expect(typeof body.message).toBe('string');
  expect(body.errors[field]?.length, res.body).toBeGreaterThan(0);
  return body;
}

describe('multipart bodies', () => {
  for (const [url, filename] of IMPORTS) {
    it(`${url}: a NUL byte in the file name is a 422 on file`, async () => {
      const m = multipart('file', filename.replace('.', '\u0000.'), 'text/csv', Buffer.from('a;b\r\n1;2\r\n'));
      const body = expect422(await send(url, m.payload, m.headers['content-type']), 'file');
      expect(body.message).toMatch(/nom du fichier/);
    });

    it(`${url}: a body cut before its closing boundary is a 422 on file`, async () => {
      const m = multipart('file', filename, 'text/csv', Buffer.from('a;b\r\n1;2\r\n'));
      const cut = m.payload.subarray(0, m.payload.length - 12);
      const body = expect422(await send(url, cut, m.headers['content-type']), 'file');
      expect(body.message).toMatch(/incomplet/);
    });
  }

  it('the avatar upload: a NUL byte in the file name is a 422 on file', async () => {
    const m = multipart('file', 'a\u0000.png', 'image/png', Buffer.from('x'));
    expect422(await send('/api/profile/uploadAvatarAuthUser', m.payload, m.headers['content-type']), 'file');
  });
});

describe('deals CSV', () => {
  it('a header of 1,700 columns is refused early with a French message', async () => {
    const header = [...DEAL_CSV_COLUMNS, ...Array.from({ length: 1700 - DEAL_CSV_COLUMNS.length }, (_, i) => `extra_${i}`)];
    const m = multipart('file', 'wide.csv', 'text/csv', Buffer.from(header.join(';') + '\r\n' + header.map(() => '').join(';') + '\r\n'));
    const res = await send('/api/transactions/import', m.payload, m.headers['content-type']);
    const body = expect422(res, 'file');
    expect(body.message).toBe('L’en-tête compte 1\u202f700 colonnes\u00a0; 100 au plus sont attendues.');
  });

  it('an amount of 1e21 or more in a row is a line error, not a 500', async () => {
    const row: Record<string, string> = { deal_id: 'BIG-1', deal_date: '15/03/2026', company_name: 'Société test', amount: '1e21', currency: 'EUR' };
    for (const amount of ['1e21', '1000000000000000000000', '1,5e+21']) {
      row.amount = amount;
      const text = DEAL_CSV_COLUMNS.join(';') + '\r\n' + DEAL_CSV_COLUMNS.map((c) => row[c] ?? '').join(';') + '\r\n';
      const m = multipart('file', 'big.csv', 'text/csv', Buffer.from(text));
      const res = await send('/api/transactions/import', m.payload, m.headers['content-type']);
      expect(res.statusCode, res.body).toBe(422);
      const body = res.json() as { lines: Array<{ line: number; messages: string[] }> };
      expect(body.lines[0]?.messages.join(' '), res.body).toMatch(/amount/);
    }
  });
});

describe('deal form', () => {
  for (const amount of [1e21, 1e22, 1e308, '1e21']) {
    it(`storedeal with amount ${amount}: 422 errors.amount`, async () => {
      const body = expect422(await root.post('/api/transactions/storedeal', dealPayload({ amount })), 'amount');
      expect(body.errors.amount[0]).toMatch(/Deal Amount/);
    });
  }
});

describe('deeply nested bodies', () => {
  it('a JSON body nested 10,000 levels deep: a clear French 4xx, not « erreur inattendue »', async () => {
    const deep = '['.repeat(10_000) + ']'.repeat(10_000);
    const res = await root.call('POST', '/api/admins/filter', undefined, { payload: deep, headers: { 'content-type': 'application/json' } });
    expect(res.statusCode, res.body).toBeLessThan(500);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect((res.json() as { message: string }).message).not.toMatch(/inattendue|Une erreur est survenue/);
  });

  // A real notice of each format (test/fixtures/bodacc), one of its fields nested 50,000 levels deep.
  const xml = fs.readFileSync(path.join(FIXTURES, 'RCS-A_BXA20210005_first30_other_avis.xml'), 'utf8');
  const firstAvis = xml.indexOf('<avis>') + '<avis>'.length;
  const v21 = fs.readFileSync(path.join(FIXTURES, 'ods_api_v21_records_registre_880878145.json'), 'utf8');
  const firstRecord = v21.indexOf('{', v21.indexOf('"results"')) + 1;
  const cases: Array<[string, string, RegExp]> = [
    ['profond.xml', xml.slice(0, firstAvis) + '<z>'.repeat(50_000) + '</z>'.repeat(50_000) + xml.slice(firstAvis), /^Le fichier XML imbrique .* niveaux/],
    ['profond.json', v21.slice(0, firstRecord) + `"z": ${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}, ` + v21.slice(firstRecord), /^Le fichier JSON imbrique .* niveaux/],
    ['profond-tableaux.json', `[${'['.repeat(50_000)}${']'.repeat(50_000)}]`, /^(Le fichier JSON imbrique .* niveaux|Fichier JSON de forme inconnue)/],
  ];
  for (const [filename, text, message] of cases) {
    it(`a BODACC file nested 50,000 levels deep (${filename}): the job fails with a clear French message`, async () => {
      const m = multipart('file', filename, 'application/octet-stream', Buffer.from(text));
      const res = await send('/api/supervisions/import/bodacc', m.payload, m.headers['content-type']);
      expect(res.statusCode, res.body).toBe(202);
      const job = await waitForJob(root, (res.json() as { job: { id: string } }).job.id);
      expect(job.state).toBe('failed');
      expect(job.error).toMatch(message);
      expect(job.error).not.toMatch(/inattendue/);
    });
  }
});
