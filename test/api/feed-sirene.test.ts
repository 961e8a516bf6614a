/**
 * The INSEE Sirene importer, job `feed-sirene` run by the real job queue on a
 * fresh database (PGlite, and PostgreSQL in the `api-pg` project): every real sample of
 * test/fixtures/sirene imports with its count (97 + 72 current rows, 3 + 3 legacy 2019 rows, 74 + 38 rows
 * derived from the 2019 API), mapped to the register's columns; the INSEE zip is read from the stream; a
 * corrupt zip, a truncated CSV, a wrong header and a malformed value fail with a French error (line number
 * when one line is at fault), a `feed_files` row with status 0, and nothing written.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import yazl from 'yazl';
import { sireneFixture, sireneHarness, sireneTable, type SireneHarness } from '../helpers/feed-sirene';

let h: SireneHarness;
beforeAll(async () => {
  h = await sireneHarness();
});
afterAll(async () => h?.close());

const count = async (table: 'companies' | 'establishments' | 'update_log') => Number((await h.rows<{ n: string }>(sql.raw(`select count(*) as n from ${table}`)))[0].n);

/**
 * A zip archive of `entries` (name, bytes), built with yazl (deflate). `zip64`: Zip64 records forced, each entry
 * written as a stream (its sizes in a Zip64 data descriptor after the data), as a writer of a multi-GB archive
 * such as INSEE's monthly stock has to.
 */
function zip(entries: Array<[string, Buffer]>, opts: { zip64?: boolean } = {}): Promise<Buffer> {
  const archive = new yazl.ZipFile();
  for (const [name, data] of entries) {
    if (opts.zip64) archive.addReadStream(Readable.from([data]), name, { forceZip64Format: true });
    else archive.addBuffer(data, name);
  }
  archive.end({ forceZip64Format: Boolean(opts.zip64), comment: '' });
  const parts: Buffer[] = [];
  return new Promise((resolve, reject) => {
    archive.outputStream.on('data', (c: Buffer) => parts.push(c));
    archive.outputStream.on('end', () => resolve(Buffer.concat(parts)));
    archive.outputStream.on('error', reject);
  });
}

/** The latest feed_files row. */
async function lastFeedFile() {
  const [row] = await h.rows<{ feed: string; filename: string; status: number; lines: string; error: string | null; origin: string; summary: Record<string, unknown> | null; job_id: string | null }>(
    sql`select feed, filename, status, lines, error, origin, summary, job_id from feed_files order by id desc limit 1`,
  );
  return { ...row, lines: Number(row.lines) };
}

/** Counts of the register and the log, to show that a failed file wrote nothing. */
const snapshot = async () => ({ companies: await count('companies'), establishments: await count('establishments'), log: await count('update_log') });

describe('feed-sirene: the real samples', () => {
  it.each([
    ['StockUniteLegale_sample.csv', 'sirene-companies', 97, 'current'],
    ['StockEtablissement_sample.csv', 'sirene-establishments', 72, 'current'],
    ['legacy_2019_format/StockUniteLegale_2019_etalab_fixture.csv', 'sirene-companies', 3, '2019'],
    ['legacy_2019_format/StockEtablissement_geo_2019_etalab_fixture.csv', 'sirene-establishments', 3, '2019'],
    ['derived_from_insee_api_2019/StockUniteLegale_from_api_2019-2020.csv', 'sirene-companies', 74, '2019'],
    ['derived_from_insee_api_2019/StockEtablissement_from_api_2019-11.csv', 'sirene-establishments', 38, '2019'],
  ])('%s imports with 0 errors: %s, %i rows, %s layout', async (name, feed, rows, layout) => {
    const job = await h.importFile(name.split('/').pop()!, sireneFixture(name));
    expect(job.error).toBeNull();
    expect(job.state).toBe('done');
    expect(job.result).toMatchObject({ feed, lines: rows, layout });
    expect(Number(job.rowsRead)).toBe(rows);
    const record = await lastFeedFile();
    expect(record).toMatchObject({ feed, filename: name.split('/').pop(), status: 1, lines: rows, error: null, origin: 'cli', job_id: job.id });
    const r = job.result as { created: number; updated: number; unchanged: number };
    expect(r.created + r.updated + r.unchanged).toBe(rows);
  });

  it('maps the companies as INSEE builds them: denomination, or first name + last name for a person; state, NAF, dates', async () => {
    const [virly] = await h.rows(sql`select * from companies where siren = '016750697'`);
    expect(virly).toMatchObject({
      name: 'ETS J VIRLY S A',
      legal_form: '5710',
      naf_code: '77.39Z',
      naf_nomenclature: 'NAFRev2',
      state: 'A',
      head_office_nic: '00050',
      employee_band: '31',
      sigle: null,
    });
    expect(String(virly.created_on)).toBe('1967-01-01');
    expect(String(virly.insee_processed_at)).toBe('2025-12-06 05:25:38');
    // A person (categorie juridique 1000): prenomUsuel + nom; the purged unit of 2019 (NAP activity) is there.
    const [janoyer] = await h.rows(sql`select name, legal_form from companies where siren = '000325175'`);
    expect(janoyer).toEqual({ name: 'THIERRY JANOYER', legal_form: '1000' });
    const [purged] = await h.rows(sql`select name, state, naf_code, naf_nomenclature, insee_processed_at from companies where siren = '005410220'`);
    expect(purged).toEqual({ name: 'GEORGES WATTEBLED', state: 'C', naf_code: '22.02', naf_nomenclature: 'NAP', insee_processed_at: null });
  });

  it('maps the establishments: address lines, commune, head office, enseigne, old nomenclatures', async () => {
    const [avignon] = await h.rows(sql`select * from establishments where siret = '00032517500024'`);
    expect(avignon).toMatchObject({
      siren: '000325175',
      nic: '00024',
      head_office: false,
      state: 'F',
      name: 'TAHITI PERLES CREATIONS',
      address_line1: '1 PLACE LEONCE DE SEYNES',
      address_line2: null,
      postcode: '84000',
      commune_code: '84007',
      commune_name: 'AVIGNON',
      naf_code: '47.89Z',
      naf_nomenclature: 'NAFRev2',
    });
    expect(String(avignon.created_on)).toBe('2008-05-20');
    const [cers] = await h.rows(sql`select head_office, state, address_line1, commune_name from establishments where siret = '44755561600021'`);
    expect(cers).toEqual({ head_office: true, state: 'A', address_line1: '17 CHE DE SAINT VICTOR', commune_name: 'CERS' });
    const nomenclatures = await h.rows<{ n: string }>(sql`select distinct naf_nomenclature as n from establishments order by 1`);
    expect(nomenclatures.map((r) => r.n)).toEqual(expect.arrayContaining(['NAF1993', 'NAFRev1', 'NAFRev2', 'NAP']));
    const [legacy] = await h.rows(sql`select head_office, state, naf_code, created_on from establishments where siret = '00588003400011'`);
    expect(legacy).toEqual({ head_office: true, state: 'F', naf_code: '57.10', created_on: null });
  });
});

describe('feed-sirene: CSV details', () => {
  it('reads CRLF line ends, a UTF-8 BOM and quoted fields (comma, doubled quote) as INSEE writes them', async () => {
    const lines = sireneFixture('legacy_2019_format/StockUniteLegale_2019_etalab_fixture.csv').toString('utf8').trimEnd().split('\n');
    // 000325175 is a person: give it a denomination with a comma and quotes.
    const header = lines[0].split(',');
    const cells = lines[1].split(',');
    cells[header.indexOf('denominationUniteLegale')] = '"SOCIETE, DITE ""LA PERLE"""';
    lines[1] = cells.join(',');
    const data = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(lines.join('\r\n') + '\r\n')]);
    const job = await h.importFile('StockUniteLegale_crlf.csv', data);
    expect(job.error).toBeNull();
    expect(job.result).toMatchObject({ lines: 3 });
    const [row] = await h.rows(sql`select name, legal_form, naf_code from companies where siren = '000325175'`);
    expect(row).toEqual({ name: 'SOCIETE, DITE "LA PERLE"', legal_form: '1000', naf_code: '32.12Z' });
    const [purged] = await h.rows(sql`select naf_nomenclature from companies where siren = '005410220'`);
    expect(purged).toEqual({ naf_nomenclature: 'NAP' });
  });
});

describe('feed-sirene: a file saved again by a spreadsheet', () => {
  /** The companies sample written again with `delimiter` between the columns, as Excel saves it (BOM, CRLF). */
  const resaved = (delimiter: string) => {
    const records = parse(sireneFixture('StockUniteLegale_sample.csv')) as string[][];
    return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(stringify(records, { delimiter, record_delimiter: 'windows' }))]);
  };

  it.each([
    [';', 'point-virgule'],
    ['\t', 'tabulation'],
  ])('a file whose columns are separated by « %s » (%s) imports the same rows as INSEE\'s own', async (delimiter) => {
    const original = await h.rows<{ siren: string; name: string; created_on: unknown }>(sql`select siren, name, created_on from companies order by siren`);
    expect(original.length).toBeGreaterThan(0);
    const job = await h.importFile('StockUniteLegale_excel.csv', resaved(delimiter));
    expect(job.error).toBeNull();
    expect(job.result).toMatchObject({ feed: 'sirene-companies', lines: 97, created: 0, updated: 0, unchanged: 97 });
    expect(await h.rows(sql`select siren, name, created_on from companies order by siren`)).toEqual(original);
  });

  it('a delimiter vigie does not read is named in the error', async () => {
    const job = await h.importFile('StockUniteLegale_pipe.csv', resaved('|'));
    expect(job.state).toBe('failed');
    expect(job.error).toBe(
      'En-tête non reconnu\u00a0: les colonnes sont séparées par «\u00a0|\u00a0», que vigie ne lit pas. Enregistrez le fichier avec des virgules, des points-virgules ou des tabulations entre les colonnes. Rien n’a été importé.',
    );
  });
});

describe('feed-sirene: the INSEE zip', () => {
  it('reads the first .csv entry of the zip as it streams (a readme before it is skipped)', async () => {
    const data = await zip([
      ['LISEZMOI.txt', Buffer.from('Fichier stock des établissements\n')],
      ['StockEtablissement_utf8.csv', sireneFixture('StockEtablissement_sample.csv')],
    ]);
    const job = await h.importFile('StockEtablissement_utf8.zip', data);
    expect(job.error).toBeNull();
    expect(job.result).toMatchObject({ feed: 'sirene-establishments', lines: 72, created: 0, updated: 0, unchanged: 72, zip_entry: 'StockEtablissement_utf8.csv' });
    expect(Number(job.bytesRead)).toBe(data.length);
  });

  it('reads a Zip64 archive whose entry was written as a stream (sizes in a Zip64 data descriptor)', async () => {
    const data = await zip([['StockUniteLegale_utf8.csv', sireneFixture('StockUniteLegale_sample.csv')]], { zip64: true });
    // Sizes deferred to a data descriptor (flag bit 3 of the local header), and a Zip64 end of central directory.
    expect(data.readUInt16LE(6) & 0x08).toBe(0x08);
    expect(data.includes(Buffer.from([0x50, 0x4b, 0x06, 0x06]))).toBe(true);
    const job = await h.importFile('StockUniteLegale_utf8.zip', data);
    expect(job.error).toBeNull();
    expect(job.result).toMatchObject({ feed: 'sirene-companies', lines: 97, zip_entry: 'StockUniteLegale_utf8.csv' });
  });

  it('a corrupt zip fails with a French error and writes nothing', async () => {
    const good = await zip([['StockUniteLegale_utf8.csv', sireneFixture('StockUniteLegale_sample.csv')]]);
    const corrupt = Buffer.from(good);
    // Garble the compressed data (after the 30-byte local header and the name).
    for (let i = 80; i < 400; i++) corrupt[i] = (corrupt[i] * 7 + 13) & 0xff;
    const before = await snapshot();
    const job = await h.importFile('StockUniteLegale_utf8.zip', corrupt);
    expect(job.state).toBe('failed');
    expect(job.error).toMatch(/^Archive zip illisible ou corrompue \(.+\)\. Rien n’a été importé\.$/);
    expect(await lastFeedFile()).toMatchObject({ feed: 'sirene-companies', status: 0, error: job.error, job_id: job.id });
    expect(await snapshot()).toEqual(before);
  });

  it('a zip cut short fails as a truncated archive', async () => {
    const good = await zip([['StockUniteLegale_utf8.csv', sireneFixture('StockUniteLegale_sample.csv')]]);
    const job = await h.importFile('StockUniteLegale_utf8.zip', good.subarray(0, Math.floor(good.length / 2)));
    expect(job.state).toBe('failed');
    expect(job.error).toBe('Archive zip illisible ou corrompue (archive tronquée). Rien n’a été importé.');
  });

  it('a zip without a .csv entry is refused', async () => {
    const job = await h.importFile('vide.zip', await zip([['LISEZMOI.txt', Buffer.from('rien')]]));
    expect(job.error).toBe('L’archive zip ne contient aucun fichier .csv. Rien n’a été importé.');
  });
});

describe('feed-sirene: files refused, nothing written', () => {
  it('a truncated CSV (last line cut) names its line', async () => {
    const text = sireneFixture('StockUniteLegale_sample.csv').toString('utf8');
    const cut = text.slice(0, text.length - 60);
    const before = await snapshot();
    const job = await h.importFile('StockUniteLegale_tronque.csv', Buffer.from(cut));
    expect(job.state).toBe('failed');
    expect(job.error).toMatch(/^Fichier mal formé à la ligne 98\u00a0: la ligne s’arrête avant la colonne \w+ \(35 colonnes attendues\)\u00a0: fichier tronqué\u202f\? Rien n’a été importé\.$/);
    expect(await lastFeedFile()).toMatchObject({ feed: 'sirene-companies', status: 0, error: job.error });
    expect(await snapshot()).toEqual(before);
  });

  it('a quote never closed says that the end of the file is reached inside the quoted field', async () => {
    const t = sireneTable('StockUniteLegale_sample.csv');
    t.cells[29][t.header.indexOf('denominationUniteLegale')] = '"OUVERT';
    const job = await h.importFile('StockUniteLegale.csv', t.bytes());
    expect(job.error).toBe(
      'Fichier mal formé\u00a0: un champ entre guillemets n’est jamais refermé, la fin du fichier (ligne 99) est atteinte à l’intérieur. Fichier tronqué ou guillemet en trop\u202f? Rien n’a été importé.',
    );
  });

  it('a line with too many fields names its line', async () => {
    const lines = sireneFixture('StockEtablissement_sample.csv').toString('utf8').split('\n');
    lines[10] += ',en trop';
    const job = await h.importFile('StockEtablissement.csv', Buffer.from(lines.join('\n')));
    expect(job.error).toBe('Fichier mal formé à la ligne 11\u00a0: plus de 54 colonnes. Rien n’a été importé.');
  });

  it('a CSV with a wrong header names the missing columns', async () => {
    const lines = sireneFixture('StockUniteLegale_sample.csv').toString('utf8').split('\n');
    lines[0] = lines[0].replace('denominationUniteLegale,', 'raisonSociale,').replace('nicSiegeUniteLegale', 'nicSiege');
    const job = await h.importFile('StockUniteLegale.csv', Buffer.from(lines.join('\n')));
    expect(job.state).toBe('failed');
    expect(job.error).toBe(
      'En-tête incomplet pour un fichier StockUniteLegale\u00a0: les colonnes obligatoires denominationUniteLegale, nicSiegeUniteLegale manquent. Rien n’a été importé.',
    );
    expect(await lastFeedFile()).toMatchObject({ feed: 'sirene-companies', status: 0, lines: 0, error: job.error });
  });

  it('a CSV that is not a Sirene stock at all', async () => {
    const job = await h.importFile('clients.csv', Buffer.from('nom;prenom;ville\nDupont;Jean;Paris\n'));
    expect(job.error).toMatch(/^En-tête non reconnu\u00a0: ce n’est ni un fichier StockUniteLegale .* Première ligne lue \(séparateur point-virgule\)\u00a0: nom, prenom, ville\. Rien n’a été importé\.$/);
  });

  it('a malformed SIREN names its line and value; an empty file and a header alone are refused', async () => {
    const lines = sireneFixture('StockUniteLegale_sample.csv').toString('utf8').split('\n');
    lines[5] = lines[5].replace(/^\d{9}/, '12345');
    const job = await h.importFile('StockUniteLegale.csv', Buffer.from(lines.join('\n')));
    expect(job.error).toBe('Ligne 6\u00a0: SIREN invalide (9 chiffres attendus), valeur «\u00a012345\u00a0». Rien n’a été importé.');
    expect((await h.importFile('vide.csv', Buffer.alloc(0))).error).toBe('Le fichier est vide. Rien n’a été importé.');
    expect((await h.importFile('entete.csv', Buffer.from(lines[0] + '\n'))).error).toBe('Le fichier ne contient aucune ligne de données après l’en-tête. Rien n’a été importé.');
  });

  it('a file that is not UTF-8 names its line', async () => {
    const lines = sireneFixture('StockEtablissement_sample.csv').toString('utf8').split('\n');
    const latin1 = Buffer.concat([Buffer.from(lines.slice(0, 4).join('\n') + '\n'), Buffer.from(lines[4].replace(',O,', ',É,') + '\n', 'latin1')]);
    const job = await h.importFile('StockEtablissement.csv', latin1);
    expect(job.error).toBe('Fichier mal formé à la ligne 5\u00a0: octets qui ne sont pas de l’UTF-8. Rien n’a été importé.');
  });
});
