/**
 * The INSEE Sirene import refuses what no stock file holds, quickly and with a message that says what to do,
 * writing nothing (the `feed-sirene` job on the real queue, PGlite and PostgreSQL): a line that never ends, a
 * zip that inflates far more than a stock does, a file in UTF-16, a header with more
 * columns than a table can hold, and a SIREN (or SIRET) present twice — named with both lines, on a first load
 * and on a register already filled.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sireneFixture, sireneHarness, type SireneHarness } from '../helpers/feed-sirene';
import { zip } from '../helpers/zip';

let h: SireneHarness;
beforeAll(async () => {
  h = await sireneHarness({ limits: { zipRatioFloorBytes: 1024 * 1024 } });
});
afterAll(async () => h?.close());

const count = async (table: string) => Number((await h.rows<{ n: string }>(sql.raw(`select count(*) as n from ${table}`)))[0].n);
const snapshot = async () => ({ companies: await count('companies'), establishments: await count('establishments'), log: await count('update_log') });
const lastFeedFile = async () => (await h.rows<{ status: number; error: string | null; feed: string }>(sql`select status, error, feed from feed_files order by id desc limit 1`))[0];

/** The sample's lines (header first), without the last empty one. */
const sampleLines = (name: string) => sireneFixture(name).toString('utf8').trimEnd().split('\n');

describe('feed-sirene: limits of a stock file', () => {
  it('a header followed by one line that never ends (4 MiB in a 4 KiB zip) stops at SIRENE_MAX_LINE_BYTES, nothing written', async () => {
    const before = await snapshot();
    const header = sampleLines('StockUniteLegale_sample.csv')[0];
    const archive = await zip('StockUniteLegale.csv', [Buffer.from(header + '\n'), ...Array.from({ length: 64 }, () => Buffer.alloc(64 * 1024, 0x41))]);
    const job = await h.importFile('StockUniteLegale_utf8.zip', archive);
    expect(job.state).toBe('failed');
    expect(job.failureKind).toBe('refused');
    expect(job.error).toBe('Ligne 2 trop longue\u00a0: plus de 65\u202f536 octets (limite SIRENE_MAX_LINE_BYTES). Une ligne de l’INSEE en compte moins de 2\u202f000. Rien n’a été importé.');
    expect(await lastFeedFile()).toMatchObject({ status: 0, error: job.error, feed: 'sirene-companies' });
    expect(await snapshot()).toEqual(before);
  });

  it('a zip of identical rows that inflates more than SIRENE_MAX_ZIP_RATIO times is stopped early', async () => {
    const lines = sampleLines('StockUniteLegale_sample.csv');
    const block = Buffer.from(Array.from({ length: 2000 }, () => lines[1]).join('\n') + '\n');
    const archive = await zip('StockUniteLegale.csv', [Buffer.from(lines[0] + '\n'), ...Array.from({ length: 40 }, () => block)]);
    const job = await h.importFile('StockUniteLegale_utf8.zip', archive);
    expect(job.error).toBe('Archive zip suspecte\u00a0: son fichier CSV se décompresse plus de 50 fois (limite SIRENE_MAX_ZIP_RATIO). Rien n’a été importé.');
  });
});

describe('feed-sirene: clear messages', () => {
  it('a file saved in UTF-16 (as Excel’s « Texte Unicode ») says so', async () => {
    const text = sampleLines('StockUniteLegale_sample.csv').slice(0, 10).join('\r\n') + '\r\n';
    const job = await h.importFile('StockUniteLegale.csv', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]));
    expect(job.state).toBe('failed');
    expect(job.error).toBe('Fichier en UTF-16\u00a0: enregistrez-le en UTF-8 (dans Excel\u00a0: «\u00a0CSV UTF-8\u00a0»). Rien n’a été importé.');
    expect(await lastFeedFile()).toMatchObject({ status: 0, error: job.error });
  });

  it('a header with far more columns than a stock file is refused with the count', async () => {
    const [header, ...rows] = sampleLines('StockUniteLegale_sample.csv');
    const extra = Array.from({ length: 2000 }, (_, i) => `colonne${i}`);
    const data = [header + ',' + extra.join(','), ...rows.slice(0, 3).map((r) => r + ','.repeat(2000))].join('\n') + '\n';
    const job = await h.importFile('StockUniteLegale.csv', Buffer.from(data));
    expect(job.failureKind).toBe('refused');
    expect(job.error).toBe('En-tête invalide\u00a0: 2\u202f035 colonnes, quand un fichier StockUniteLegale en compte 35 (au plus 200 acceptées). Rien n’a été importé.');
  });
});

describe('feed-sirene: an identifier twice in one file', () => {
  it('a SIREN twice is refused on a first load, naming both lines; nothing written', async () => {
    const lines = sampleLines('StockUniteLegale_sample.csv').slice(0, 30);
    lines[16] = lines[2];
    const siren = lines[2].slice(0, 9);
    const before = await snapshot();
    const job = await h.importFile('StockUniteLegale.csv', Buffer.from(lines.join('\n') + '\n'));
    expect(job.error).toBe(`Le siren ${siren} apparaît deux fois\u00a0: lignes 3 et 17. Rien n’a été importé.`);
    expect(await snapshot()).toEqual(before);
  });

  it('a SIREN twice with different values is refused on a filled register too (neither row wins)', async () => {
    const lines = sampleLines('StockUniteLegale_sample.csv').slice(0, 30);
    expect((await h.importFile('StockUniteLegale.csv', Buffer.from(lines.join('\n') + '\n'))).state).toBe('done');
    const siren = lines[5].slice(0, 9);
    const [name] = await h.rows<{ name: string }>(sql`select name from companies where siren = ${siren}`);
    const twice = [...lines, lines[5].replace(/,A,/, ',C,')];
    const before = await snapshot();
    const job = await h.importFile('StockUniteLegale.csv', Buffer.from(twice.join('\n') + '\n'));
    expect(job.error).toBe(`Le siren ${siren} apparaît deux fois\u00a0: lignes 6 et 31. Rien n’a été importé.`);
    expect(await snapshot()).toEqual(before);
    expect((await h.rows<{ name: string }>(sql`select name from companies where siren = ${siren}`))[0]).toEqual(name);
  });

  it('a SIRET twice in an establishments file names both lines', async () => {
    const lines = sampleLines('StockEtablissement_sample.csv').slice(0, 20);
    lines.push(lines[4]);
    const siret = lines[4].split(',')[2];
    const job = await h.importFile('StockEtablissement.csv', Buffer.from(lines.join('\n') + '\n'));
    expect(job.error).toBe(`Le siret ${siret} apparaît deux fois\u00a0: lignes 5 et 21. Rien n’a été importé.`);
  });
});
