/**
 * The deals CSV import (SPEC sections 4 "Transactions CSV import", 7 `POST
 * /api/transactions/import`): the upload waits for its `deal-import` job and answers `1`, or a 422 with the
 * first 100 rows in error and their lines; all or nothing; a deal_id already known is updated, not duplicated.
 * Files: test/fixtures/deals (see its README) and files built here. SIRENs: real listed companies
 * (test/fixtures/samples) and the synthetic series of test/helpers/sirens.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEAL_CSV_COLUMNS } from '../../contract/deal-import';
import { createTestApp, multipart, type Client, type TestApp } from '../helpers/app';
import { badLuhnSiren, listedCompanies, validSirens } from '../helpers/sirens';
import { rowsOf } from '../../server/db/rows';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/deals');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));
const companies = listedCompanies();
const q = (v: string) => `«\u00a0${v}\u00a0»`;
const refused = (message: string, lines: Array<{ line: number; messages: string[] }> = []) => ({ message, errors: { file: [message] }, lines });
const summary = (n: number, shown?: number) =>
  `Import refusé\u00a0: ${n.toLocaleString('fr-FR')} ligne${n > 1 ? 's' : ''} en erreur${shown ? ` (les ${shown} premières sont listées)` : ''}. Rien n’a été importé.`;

type Row = Partial<Record<(typeof DEAL_CSV_COLUMNS)[number], string>>;

/** A CSV of every column, `;` and CRLF unless told. */
function csv(rows: Row[], opts: { delimiter?: string; eol?: string; columns?: readonly string[] } = {}): string {
  const d = opts.delimiter ?? ';';
  const eol = opts.eol ?? '\r\n';
  const columns = opts.columns ?? DEAL_CSV_COLUMNS;
  return [columns.join(d), ...rows.map((r) => columns.map((c) => (r as Record<string, string>)[c] ?? '').join(d))].join(eol) + eol;
}

function upload(client: Client, filename: string, data: Buffer | string) {
  const m = multipart('file', filename, 'text/csv', typeof data === 'string' ? Buffer.from(data, 'utf8') : data);
  return client.call('POST', '/api/transactions/import', undefined, { payload: m.payload, headers: m.headers });
}

let t: TestApp;
let root: Client;
let seq = 0;
const nextId = (prefix = 'T') => `${prefix}-${++seq}-${Date.now().toString(36)}`;

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(t.ctx.db, query);
}
const dealCount = async () => Number((await rows<{ n: number }>(sql`select count(*)::int as n from deals`))[0].n);
const entityCount = async () => Number((await rows<{ n: number }>(sql`select count(*)::int as n from deal_entities`))[0].n);
const fileCount = async () => Number((await rows<{ n: number }>(sql`select count(*)::int as n from deal_import_files`))[0].n);

/** Counts of deals, entities and files, to check that a refused file wrote nothing. */
async function snapshot() {
  return { deals: await dealCount(), entities: await entityCount(), files: await fileCount() };
}

async function dealOf(identifier: string) {
  const [deal] = await rows<Record<string, unknown>>(sql`select * from deals where deal_identifier = ${identifier}`);
  const entities = deal ? await rows<Record<string, unknown>>(sql`select * from deal_entities where deal_id = ${deal.id} order by position`) : [];
  return { deal, entities };
}

/** The spooled uploads left in the data folder (none once a job has ended). */
function spooled(): string[] {
  const dir = path.join(t.ctx.config.dataDir, 'uploads');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

async function expectOk(client: Client, filename: string, data: Buffer | string) {
  const res = await upload(client, filename, data);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toBe(1);
  expect(spooled()).toEqual([]);
}

async function expectRefused(client: Client, filename: string, data: Buffer | string) {
  const before = await snapshot();
  const res = await upload(client, filename, data);
  expect(res.statusCode, res.body).toBe(422);
  expect(await snapshot()).toEqual(before);
  expect(spooled()).toEqual([]);
  return res.json() as { message: string; errors: { file: string[] }; lines: Array<{ line: number; messages: string[] }> };
}

/** A valid entity row of deal `id`. */
function entity(id: string, i: number, extra: Row = {}): Row {
  const c = companies[i % companies.length];
  return {
    deal_id: id,
    deal_date: '15/03/2026',
    siren: c.siren,
    company_name: c.name,
    role: i % 2 === 0 ? 'Acquéreur' : 'Cible',
    type1: 'Acquisition',
    amount: '1 234 567,89',
    currency: 'EUR',
    stake: '51,5',
    description: 'Opération de test',
    url: 'https://www.example.com/deal',
    source: 'Test',
    french_investment_abroad: 'NON',
    foreign_investment_in_france: 'OUI',
    buyer1: 'Acheteur',
    buyer1_country: 'BE',
    target1: 'Cible',
    target1_country: 'France',
    ...extra,
  };
}

beforeAll(async () => {
  t = await createTestApp();
  root = await t.superAdmin();
  await t.ctx.db.execute(sql`insert into deal_roles (name, display_name) values ('Acquéreur', 'Acquéreur'), ('Cible', 'Cible'), ('Cédant', 'Cédant')`);
  await t.ctx.db.execute(sql`insert into deal_types (name) values ('Acquisition'), ('LBO'), ('Prise de participation')`);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('POST /api/transactions/import: success', { timeout: 120_000 }, () => {
  it('answers 1 and writes the deals, their entities with the list copies, and the file', async () => {
    const a = nextId('A');
    const b = nextId('B');
    const data = csv([entity(a, 0), entity(a, 1, { stake: '' }), entity(b, 2, { amount: '', currency: '', type1: 'lbo', type2: 'Prise de participation', role: 'cedant' })]);
    await expectOk(root, 'deals.csv', data);
    const { deal, entities } = await dealOf(a);
    expect(deal).toMatchObject({
      deal_date: '2026-03-15',
      amount: '1234567.89',
      currency: 'EUR',
      description: 'Opération de test',
      url: 'https://www.example.com/deal',
      source: 'Test',
      french_investment_abroad: 2,
      foreign_investment_in_france: 1,
      buyer1_name: 'Acheteur',
      target1_name: 'Cible',
      status: 1,
      revision: 1,
      published_revision: null,
    });
    const [be] = await rows<{ id: number }>(sql`select id from countries where iso_alpha2 = 'BE'`);
    const [fr] = await rows<{ id: number }>(sql`select id from countries where iso_alpha2 = 'FR'`);
    expect(deal.buyer1_country_id).toBe(be.id);
    expect(deal.target1_country_id).toBe(fr.id);
    expect(entities.map((e) => [e.position, e.siren, e.name, e.role_name, e.stake_percent])).toEqual([
      [0, companies[0].siren, companies[0].name, 'Acquéreur', '51.50'],
      [1, companies[1].siren, companies[1].name, 'Cible', null],
    ]);
    expect(entities[0]).toMatchObject({ deal_identifier: a, deal_date: '2026-03-15', type1_name: 'Acquisition', type2_name: null, amount: '1234567.89', currency: 'EUR' });
    const other = await dealOf(b);
    expect(other.deal).toMatchObject({ amount: null, currency: 'EUR' });
    expect(other.entities[0]).toMatchObject({ role_name: 'Cédant', type1_name: 'LBO', type2_name: 'Prise de participation' });
    const [file] = await rows<Record<string, unknown>>(sql`select f.*, j.kind from deal_import_files f left join jobs j on j.id = f.job_id order by f.id desc limit 1`);
    expect(file).toMatchObject({ name: 'deals.csv', rows: 3, deals: 2, kind: 'deal-import' });
    const [admin] = await rows<{ id: number }>(sql`select id from admins where email = 'admin@example.com'`);
    expect(file.created_by).toBe(admin.id);
  });

  it('updates a deal_id already known (entities replaced), and bumps revision only when something changed', async () => {
    const a = nextId('U');
    await expectOk(root, 'v1.csv', csv([entity(a, 0), entity(a, 1)]));
    const first = await dealOf(a);
    const deals = await dealCount();
    await expectOk(root, 'v1-again.csv', csv([entity(a, 0), entity(a, 1)]));
    const same = await dealOf(a);
    expect(same.deal.revision).toBe(1);
    expect(same.entities.map((e) => e.id)).toEqual(first.entities.map((e) => e.id));
    await expectOk(root, 'v2.csv', csv([entity(a, 3, { amount: '10' }), entity(a, 4, { amount: '10' }), entity(a, 5, { amount: '10' })]));
    const second = await dealOf(a);
    expect(await dealCount()).toBe(deals);
    expect(second.deal.id).toBe(first.deal.id);
    expect(second.deal.revision).toBe(2);
    expect(second.deal.amount).toBe('10.00');
    expect(second.entities.map((e) => e.siren)).toEqual([companies[3].siren, companies[4].siren, companies[5].siren]);
    expect(second.entities.every((e) => e.amount === '10.00')).toBe(true);
    // Only an entity changed: revision grows too.
    await expectOk(root, 'v3.csv', csv([entity(a, 3, { amount: '10' }), entity(a, 4, { amount: '10', stake: '12' }), entity(a, 5, { amount: '10' })]));
    expect((await dealOf(a)).deal.revision).toBe(3);
  });

  it('reads the Windows-1252 `;` file Excel writes (accents in names and roles)', async () => {
    await expectOk(root, 'excel.csv', fixture('excel-windows-1252.csv'));
    const { deal, entities } = await dealOf('XLS-2026-001');
    expect(deal).toMatchObject({ description: 'Rachat « stratégique » d’une filiale ; œuvre commune', amount: '2500000.50' });
    expect(entities.map((e) => e.role_name)).toEqual(['Acquéreur', 'Cédant']);
    expect(entities[1].name).toBe('Société Générale');
  });

  it('reads comma and tab delimiters, a UTF-8 BOM and headers written in another case with accents', async () => {
    await expectOk(root, 'comma.csv', fixture('comma.csv'));
    expect((await dealOf('CSV-COMMA-1')).entities).toHaveLength(2);
    await expectOk(root, 'tab.csv', fixture('tab.csv'));
    expect((await dealOf('CSV-TAB-1')).deal).toMatchObject({ amount: '1234.56', deal_date: '2025-12-31' });
  });

  it('reads as Windows-1252 a file whose first 64 KB are ASCII and whose later accents are not UTF-8', async () => {
    const a = nextId('W');
    const ascii = csv(Array.from({ length: 400 }, (_, i) => entity(a, i, { description: 'Operation de test', company_name: `Societe ${i}`, role: 'Cible' })));
    const tail = csv([entity(a, 400, { description: 'Operation de test', company_name: 'Société Générale', role: 'Cédant' })]).split('\r\n')[1] + '\r\n';
    expect(Buffer.byteLength(ascii)).toBeGreaterThan(64 * 1024);
    await expectOk(root, 'late-accents.csv', Buffer.concat([Buffer.from(ascii), iconv.encode(tail, 'windows-1252')]));
    const { entities } = await dealOf(a);
    expect(entities).toHaveLength(401);
    expect(entities[400].name).toBe('Société Générale');
  });

  it('reads French decimals, ISO dates, stakes with %, currencies in lower case and flags in every spelling', async () => {
    const a = nextId('N');
    const data = csv([
      entity(a, 0, { amount: '1\u00a0234\u202f567,5', deal_date: '2026-02-28', currency: 'usd', stake: '100%', french_investment_abroad: 'yes', foreign_investment_in_france: '2' }),
      entity(a, 1, { amount: '1234567.50', deal_date: '28/02/2026', currency: 'USD', stake: '0', french_investment_abroad: '1', foreign_investment_in_france: 'non', siren: companies[1].siren.replace(/(\d{3})(\d{3})(\d{3})/, '$1 $2 $3') }),
    ]);
    await expectOk(root, 'decimals.csv', data);
    const { deal, entities } = await dealOf(a);
    expect(deal).toMatchObject({ amount: '1234567.50', currency: 'USD', deal_date: '2026-02-28', french_investment_abroad: 1, foreign_investment_in_france: 2 });
    expect(entities.map((e) => [e.siren, e.stake_percent])).toEqual([
      [companies[0].siren, '100.00'],
      [companies[1].siren, '0.00'],
    ]);
  });

  it('keeps the file order of a deal’s entities when its rows are not contiguous', async () => {
    const a = nextId('I');
    const b = nextId('J');
    await expectOk(root, 'interleaved.csv', csv([entity(a, 0), entity(b, 1), entity(a, 2), entity(b, 3), entity(a, 4)]));
    expect((await dealOf(a)).entities.map((e) => [e.position, e.siren])).toEqual([
      [0, companies[0].siren],
      [1, companies[2].siren],
      [2, companies[4].siren],
    ]);
    expect((await dealOf(b)).entities.map((e) => [e.position, e.siren])).toEqual([
      [0, companies[1].siren],
      [1, companies[3].siren],
    ]);
  });

  it('downloads the template, which imports as it is', async () => {
    const res = await root.get('/api/transactions/template');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('modele-import-transactions.csv');
    expect(res.body.replace(/^\ufeff/, '').split('\r\n')[0]).toBe(DEAL_CSV_COLUMNS.join(';'));
    await expectOk(root, 'modele.csv', res.rawPayload);
    expect((await dealOf('EXEMPLE-2026-001')).entities).toHaveLength(2);
  });

  it('shows the caller’s latest import job (progress) at GET importjob', async () => {
    const a = await t.newAdmin();
    expect((await a.client.get('/api/transactions/importjob')).json()).toEqual({ job: null });
    await expectOk(a.client, 'progress.csv', csv([entity(nextId('P'), 0)]));
    const { job } = (await a.client.get('/api/transactions/importjob')).json() as { job: Record<string, unknown> };
    expect(job).toMatchObject({ kind: 'deal-import', state: 'done', rows_read: 1, percent: 100, filename: 'progress.csv' });
  });
});

describe('POST /api/transactions/import: refused, nothing written', { timeout: 120_000 }, () => {
  it('refuses a file on its 3rd line, writes nothing, and names the line', async () => {
    const body = await expectRefused(root, 'ligne3.csv', fixture('refused-line-3.csv'));
    expect(body).toEqual(refused(summary(1), [{ line: 3, messages: [`siren ${q('123456789')} invalide\u00a0: Le siren doit comporter 9 chiffres valides.`] }]));
    expect((await dealOf('REF-LINE3-1')).deal).toBeUndefined();
  });

  it('refuses unknown roles and types, with their names', async () => {
    const a = nextId('R');
    const body = await expectRefused(root, 'roles.csv', csv([entity(a, 0, { role: 'Banquier' }), entity(a, 1, { type1: 'Scission', type2: 'OPA' })]));
    expect(body.lines).toEqual([
      { line: 2, messages: [`role ${q('Banquier')} inconnu.`] },
      { line: 3, messages: [`type1 ${q('Scission')} inconnu.`, `type2 ${q('OPA')} inconnu.`, 'Transaction ' + q(a) + '\u00a0: colonnes différentes de la ligne 2 (type1, type2).'] },
    ]);
  });

  it('refuses deal-level columns that disagree within a deal, naming the columns and the first line', async () => {
    const a = nextId('D');
    const body = await expectRefused(
      root,
      'disagree.csv',
      csv([entity(a, 0), entity(nextId('X'), 1), entity(a, 2, { amount: '1 234 567,89' }), entity(a, 3, { deal_date: '16/03/2026', currency: 'GBP', buyer1_country: 'Belgique' })]),
    );
    // 1 234 567,89 is the same amount and Belgique the same country (BE): only the date and the currency differ.
    expect(body).toEqual(refused(summary(1), [{ line: 5, messages: [`Transaction ${q(a)}\u00a0: colonnes différentes de la ligne 2 (deal_date, currency).`] }]));
  });

  it('refuses bad SIREN, dates, amounts, currencies, stakes, flags and countries, each with its value', async () => {
    const a = nextId('V');
    const bad = badLuhnSiren(3);
    const body = await expectRefused(
      root,
      'bad.csv',
      csv([
        entity(a, 0, { siren: bad }),
        entity(nextId('V'), 1, { deal_date: '31/02/2026' }),
        entity(nextId('V'), 2, { deal_date: '2026-13-01', amount: '-5' }),
        entity(nextId('V'), 3, { amount: '12,345', currency: 'XYZ' }),
        entity(nextId('V'), 4, { stake: '100,01' }),
        entity(nextId('V'), 5, { french_investment_abroad: 'peut-être', seller_country: 'Atlantide' }),
        entity(nextId('V'), 6, { siren: '', company_name: '', deal_id: '' }),
      ]),
    );
    expect(body).toEqual(
      refused(summary(7), [
        { line: 2, messages: [`siren ${q(bad)} invalide\u00a0: Le siren doit comporter 9 chiffres valides.`] },
        { line: 3, messages: [`deal_date ${q('31/02/2026')} invalide (JJ/MM/AAAA ou AAAA-MM-JJ).`] },
        { line: 4, messages: [`deal_date ${q('2026-13-01')} invalide (JJ/MM/AAAA ou AAAA-MM-JJ).`, `amount ${q('-5')} invalide (nombre positif, 2 décimales au plus, ex. 1 234,56).`] },
        {
          line: 5,
          messages: [
            `amount ${q('12,345')} invalide (nombre positif, 2 décimales au plus, ex. 1 234,56).`,
            `currency ${q('XYZ')} inconnue (EUR, USD, GBP, JPY, CHF, CAD, AUD, CNY, INR, BRL, RUB, SGD, HKD, KRW, MXN, ZAR, TRY, SEK, NOK, NZD).`,
          ],
        },
        { line: 6, messages: [`stake ${q('100,01')} invalide (de 0 à 100, 2 décimales au plus).`] },
        {
          line: 7,
          messages: [`french_investment_abroad ${q('peut-être')} invalide (YES, NO, OUI, NON, 1 ou 2).`, `seller_country ${q('Atlantide')} inconnu (code ISO à 2 lettres ou nom français).`],
        },
        { line: 8, messages: ['deal_id manquant.', 'Entité sans siren ni company_name.'] },
      ]),
    );
  });

  it('refuses a deal of more than 500 entities, on its first line', async () => {
    const a = nextId('M');
    const body = await expectRefused(root, 'big-deal.csv', csv(Array.from({ length: 501 }, (_, i) => entity(a, i))));
    expect(body).toEqual(refused(summary(1), [{ line: 2, messages: [`Transaction ${q(a)}\u00a0: 501 entités, 500 au plus.`] }]));
  });

  it('counts line breaks inside quoted cells in the line numbers', async () => {
    const a = nextId('Q');
    const data = csv([entity(a, 0, { description: '"Première ligne\r\nseconde ligne"' }), entity(a, 1, { description: '"Première ligne\r\nseconde ligne"', stake: '200' })]);
    const body = await expectRefused(root, 'quoted.csv', data);
    expect(body.lines).toEqual([{ line: 4, messages: [`stake ${q('200')} invalide (de 0 à 100, 2 décimales au plus).`] }]);
  });

  it('lists the first 100 rows in error of many, with the total', async () => {
    const sirens = validSirens(150, 41_000_000);
    const data = csv(sirens.map((s, i) => entity(nextId('C'), i, { siren: s.slice(0, 8) + String((Number(s[8]) + 1) % 10) })));
    const body = await expectRefused(root, 'many.csv', data);
    expect(body.message).toBe(summary(150, 100));
    expect(body.lines).toHaveLength(100);
    expect(body.lines[0].line).toBe(2);
    expect(body.lines[99].line).toBe(101);
  });

  it('refuses a file without a header, with a missing required column, empty, header only, not CSV, or malformed', async () => {
    const cases: Array<[string, Buffer | string, string]> = [
      ['no-header.csv', `${companies[0].siren};${companies[0].name};Acquéreur;X\r\n`, 'Ligne d’en-tête introuvable\u00a0: la première ligne doit nommer les colonnes deal_id, siren, company_name, role (séparées par des points-virgules, des virgules ou des tabulations).'],
      [
        'missing.csv',
        'deal_id;siren;company_name\r\nA;552096281;AIR LIQUIDE\r\n',
        'Colonne obligatoire absente\u00a0: role. Colonnes trouvées (séparateur point-virgule)\u00a0: deal_id, siren, company_name.',
      ],
      ['empty.csv', '', 'Le fichier est vide.'],
      ['header-only.csv', csv([]), 'Le fichier ne contient aucune ligne de données après l’en-tête.'],
      ['classeur.csv', Buffer.from('PK\u0003\u0004 binary', 'latin1'), 'Ce fichier est un classeur (Excel, OpenDocument) ou une archive, pas un CSV\u00a0: enregistrez-le au format CSV.'],
      ['short.csv', csv([entity('S-1', 0)]) + 'S-1;01/01/2026\r\n', 'Le fichier CSV est mal formé à la ligne 3 (la ligne s’arrête avant la colonne siren (29 colonnes attendues)). Rien n’a été importé.'],
      ['quote.csv', csv([entity('S-2', 0, { description: '"jamais fermé' })]), 'Le fichier CSV est mal formé à la ligne 2 (guillemet ouvert jamais fermé). Rien n’a été importé.'],
    ];
    for (const [name, data, message] of cases) {
      const body = await expectRefused(root, name, data);
      expect(body, name).toEqual(refused(message));
    }
  });

  it('refuses a file that is not .csv, or no file', async () => {
    expect((await expectRefused(root, 'deals.xlsx', csv([entity('S-3', 0)])))).toEqual(refused('Seuls les fichiers .csv sont acceptés.'));
    const m = multipart('autre', 'deals.csv', 'text/csv', Buffer.from(csv([entity('S-4', 0)])));
    const res = await root.call('POST', '/api/transactions/import', undefined, { payload: m.payload, headers: m.headers });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual(refused('Veuillez choisir un fichier CSV.'));
  });

  it('refuses at once a body announced over 512 MB, before reading it', { timeout: 120_000 }, async () => {
    const data = Buffer.alloc(513 * 1024 * 1024, 0x41);
    Buffer.from(DEAL_CSV_COLUMNS.join(';') + '\r\n').copy(data, 0);
    const body = await expectRefused(root, 'enorme.csv', data);
    expect(body).toEqual(refused('Le fichier dépasse 512 Mo.'));
  });

  it('needs the CSRF header and a session', async () => {
    const m = multipart('file', 'deals.csv', 'text/csv', Buffer.from(csv([entity('S-5', 0)])));
    const res = await root.call('POST', '/api/transactions/import', undefined, { payload: m.payload, headers: m.headers, noCsrf: true });
    expect(res.statusCode).toBe(419);
    const anon = await t.anon().call('POST', '/api/transactions/import', undefined, { payload: m.payload, headers: m.headers });
    expect(anon.statusCode).toBe(401);
    expect((await dealOf('S-5')).deal).toBeUndefined();
  });
});

describe('imported files', { timeout: 120_000 }, () => {
  it('keeps what each import did with its file: rows read, deals created, updated and unchanged', async () => {
    const [a, b] = [nextId('K'), nextId('K')];
    await expectOk(root, 'premier.csv', csv([entity(a, 0), entity(a, 1), entity(b, 0)]));
    // Again with deal a changed and deal b the same: one updated, one unchanged.
    await expectOk(root, 'second.csv', csv([entity(a, 0, { description: 'Modifiée' }), entity(a, 1, { description: 'Modifiée' }), entity(b, 0)]));
    const res = await root.get('/api/transactions/allfiles');
    expect(res.statusCode, res.body).toBe(200);
    const files = res.json() as Array<{ name: string; summary: unknown }>;
    expect(files.find((f) => f.name === 'second.csv')?.summary).toEqual({ rows_read: 3, created: 0, updated: 1, unchanged: 1, log_entries: 0, rne_queued: 0 });
    expect(files.find((f) => f.name === 'premier.csv')?.summary).toEqual({ rows_read: 3, created: 2, updated: 0, unchanged: 0, log_entries: 0, rne_queued: 0 });
  });

  it('lists the imported file (allfiles when built, else the table)', async () => {
    const id = nextId('F');
    await expectOk(root, 'listed.csv', csv([entity(id, 0)]));
    const res = await root.get('/api/transactions/allfiles');
    if (res.statusCode === 200) {
      const files = res.json() as Array<{ id: number; name: string; created_at: string }>;
      expect(files.some((f) => f.name === 'listed.csv')).toBe(true);
    } else {
      const [file] = await rows<{ name: string }>(sql`select name from deal_import_files order by id desc limit 1`);
      expect(file.name).toBe('listed.csv');
    }
  });
});
