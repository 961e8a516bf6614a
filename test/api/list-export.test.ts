/**
 * « Exporter CSV » of the lists (server/http/list-export.ts over each list's ListSpec, written by
 * server/lib/csv/write.ts): a download (`text/csv`, attachment named `<list>-YYYY-MM-DD.csv`), UTF-8 with BOM,
 * `;`, the list's columns as French headers, every row of the current filter and sort (no page), formulas
 * neutralised, no secret; streamed through a cursor with backpressure (100,000 rows with a bounded buffer).
 */
import type { Duplex } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportFilename, exportFilter } from '../../server/http/list-export';
import { exportLog } from '../../server/modules/update-log/service';
import { createTestApp, type Client, type TestApp } from '../helpers/app';
import { validSirens } from '../helpers/sirens';
import { appendLogEntries } from '../../server/modules/update-log/service';
import { parisDay } from '../../server/lib/paris-day';
import { rowsOf } from '../../server/db/rows';
import { createCategory, csvText as newsCsv, importDone, utf8 } from '../helpers/news';
import { createDeal, dealIdentifier } from '../helpers/deals';
import { databaseDay, frenchDay, parisDaysSince } from '../helpers/paris-day';

const BOM = '\ufeff';

let t: TestApp;
let root: Client;
beforeAll(async () => {
  t = await createTestApp();
  root = await t.superAdmin();
});
afterAll(async () => t?.close());

/** The lines of a CSV answer (BOM checked and removed, CRLF split, last empty line dropped). */
function csvLines(body: string): string[] {
  expect(body.startsWith(BOM)).toBe(true);
  const lines = body.slice(1).split('\r\n');
  expect(lines.pop()).toBe('');
  return lines;
}

/**
 * GETs an export; checks the download headers, the file dated the Paris day it was served on (the day of the
 * request, or the next one when midnight passed meanwhile); answers its lines.
 */
async function download(url: string, name: string): Promise<string[]> {
  const asked = parisDay();
  const res = await root.get(url);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(parisDaysSince(asked).map((day) => `attachment; filename="${name}-${day}.csv"`)).toContain(res.headers['content-disposition']);
  return csvLines(res.body);
}

describe('exportFilename', () => {
  it('dates the file with the Paris day of the export, summer and winter time', () => {
    expect(exportFilename('journal-mises-a-jour', new Date('2026-07-31T21:59:00Z'))).toBe('journal-mises-a-jour-2026-07-31.csv');
    expect(exportFilename('journal-mises-a-jour', new Date('2026-07-31T22:00:00Z'))).toBe('journal-mises-a-jour-2026-08-01.csv');
    expect(exportFilename('rne-officers', new Date('2026-12-31T23:00:00Z'))).toBe('rne-officers-2027-01-01.csv');
  });
});

describe('update log export (GET /api/messages/export.csv)', () => {
  const [s1, s2, s3] = validSirens(3);
  beforeAll(async () => {
    await t.ctx.db.execute(sql`delete from update_log`);
    await appendLogEntries(t.ctx.db, [
      { code: 'RNE', siren: s1, description: 'Mise à jour des dirigeants', createdAt: new Date('2026-03-05T08:09:10Z') },
      { code: 'BODACC', siren: s2, description: '=HYPERLINK("http://x";"clic")', createdAt: new Date('2025-12-31T23:30:00Z') },
      { code: 'INPI', siren: s3, description: 'Capital ; modifié', createdAt: new Date('2026-01-15T00:00:00Z') },
    ]);
  });

  it('downloads every entry newest first, with the list’s French columns and Paris dates', async () => {
    expect(await download('/api/messages/export.csv', 'journal-mises-a-jour')).toEqual([
      'Traitement;Date;Siren;Résultat;Source;Lien de la source',
      `INPI;15/01/2026 01:00:00;${s3};"Capital ; modifié";;`,
      `BODACC;01/01/2026 00:30:00;${s2};"'=HYPERLINK(""http://x"";""clic"")";;`,
      `RNE;05/03/2026 09:09:10;${s1};Mise à jour des dirigeants;;`,
    ]);
  });

  it('keeps the list’s search and sort', async () => {
    const lines = await download('/api/messages/export.csv?column=code&direction=asc', 'journal-mises-a-jour');
    expect(lines.slice(1).map((l) => l.split(';')[0])).toEqual(['BODACC', 'INPI', 'RNE']);
    const found = await download(`/api/messages/export.csv?search=${s1}`, 'journal-mises-a-jour');
    expect(found.slice(1)).toEqual([`RNE;05/03/2026 09:09:10;${s1};Mise à jour des dirigeants;;`]);
  });

  it('refuses a sort column the list does not offer (422), and anyone signed out (401)', async () => {
    const bad = await root.get('/api/messages/export.csv?column=description');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.column).toEqual(['La colonne de tri demandée n’est pas autorisée.']);
    expect((await t.anon().get('/api/messages/export.csv')).statusCode).toBe(401);
  });

  it('streams 100,000 entries through a bounded buffer, all of them in order', async () => {
    await t.ctx.db.execute(sql`delete from update_log`);
    await t.ctx.db.execute(sql`insert into update_log (code, siren, description, created_at)
      select 'RNE', ${s1}, 'Entrée ' || g, timestamptz '2026-01-01 00:00:00+00' + g * interval '1 second' from generate_series(1, 100000) g`);
    const stream = (await exportLog(t.ctx.db, exportFilter({ column: 'created_at', direction: 'asc' }))) as Duplex;
    const iterator = stream[Symbol.asyncIterator]();
    let text = String((await iterator.next()).value);
    // A slow reader: the export waits for it instead of piling the rows up in memory.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(stream.readableLength + stream.writableLength).toBeLessThan(256 * 1024);
    let chunks = 1;
    for (let r = await iterator.next(); !r.done; r = await iterator.next()) {
      text += String(r.value);
      chunks++;
    }
    const lines = csvLines(text);
    expect(lines.length).toBe(100_001);
    expect(lines[1]).toBe(`RNE;01/01/2026 01:00:01;${s1};Entrée 1;;`);
    expect(lines[100_000]).toBe(`RNE;02/01/2026 04:46:40;${s1};Entrée 100000;;`);
    expect(chunks).toBeGreaterThan(10);
    expect(text.length).toBeGreaterThan(4_000_000);
  }, 120_000);
});

describe('news import review export (GET /api/news/temporaries/export.csv)', () => {
  it('downloads the administrator’s imported rows with their line, columns as read and messages; onlyerrors: the rows in error', async () => {
    await createCategory(root, 'Économie', 'Economy');
    const a = await t.newAdmin();
    const [s1, s2] = validSirens(2);
    await importDone(
      a.client,
      'revue.csv',
      utf8(
        newsCsv([
          [s1, 'Alpha', 'Titre correct', 'Économie', 'Presse', 'https://example.com/a', '15/07/2026'],
          ['123456789', '=cmd|x', 'Siren faux', 'Économie', '', 'https://example.com/b', '15/07/2026'],
          [s2, '', 'Date et catégorie', 'Inconnue', '', 'https://example.com/c', 'jamais'],
        ]),
      ),
    );
    const get = async (query: string) => {
      const res = await a.client.get(`/api/news/temporaries/export.csv${query}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      return { name: res.headers['content-disposition'], lines: csvLines(res.body) };
    };
    const all = await get('?column=id&direction=asc');
    expect(all.name).toBe(`attachment; filename="import-news-${parisDay()}.csv"`);
    expect(all.lines[0]).toBe('Ligne;Siren;Nom;Titre;Catégorie;Source;Lien;Date;Erreurs');
    expect(all.lines.slice(1).map((l) => l.split(';')[0])).toEqual(['2', '3', '4']);
    expect(all.lines[1]).toBe(`2;${s1};Alpha;Titre correct;Économie;Presse;https://example.com/a;15/07/2026;`);

    const errors = await get('?search=onlyerrors&column=id&direction=desc');
    expect(errors.name).toBe(`attachment; filename="import-news-erreurs-${parisDay()}.csv"`);
    expect(errors.lines).toHaveLength(3);
    const [line4, line3] = errors.lines.slice(1).map((l) => l.split(';'));
    expect(line4.slice(0, 8)).toEqual(['4', s2, '', 'Date et catégorie', 'Inconnue', '', 'https://example.com/c', 'jamais']);
    expect(line4[8].split(' | ').length).toBeGreaterThanOrEqual(2);
    // The name read as `=cmd|x` comes out as text, not as a formula.
    expect(line3.slice(0, 4)).toEqual(['3', '123456789', "'=cmd|x", 'Siren faux']);
    expect(line3[8]).not.toBe('');

    // Another administrator exports none of these rows; signed out: 401.
    expect(csvLines((await root.get('/api/news/temporaries/export.csv')).body)).toEqual(['Ligne;Siren;Nom;Titre;Catégorie;Source;Lien;Date;Erreurs']);
    expect((await t.anon().get('/api/news/temporaries/export.csv')).statusCode).toBe(401);
  });
});

describe('RNE queue exports (GET /api/supervisions/queues/…/export.csv)', () => {
  it('done, live (J and J-1) and parked entries of the table’s search and sort, Paris dates', async () => {
    const [a1, a2, a3] = validSirens(3).map((s) => s.replace(/^./, '7'));
    await t.ctx.db.execute(sql`delete from rne_queue`);
    // Done entries: one at Paris noon of the day the database reads now, J (on the live export's J or J-1, even once
    // midnight has passed), one ten days before; a parked one with its error.
    const today = await databaseDay(t.ctx.db)();
    await t.ctx.db.execute(sql`insert into rne_queue (queue, siren, reason, state, processed_at) values
      ('officers', ${a1}, 'Saisie manuelle', 'done', (${today}::date + interval '12 hours') at time zone 'Europe/Paris'),
      ('officers', ${a2}, '@Flux', 'done', (${today}::date - 10 + interval '12 hours') at time zone 'Europe/Paris')`);
    await t.ctx.db.execute(sql`insert into rne_queue (queue, siren, reason, state, queued_at, attempts, error) values
      ('officers', ${a3}, 'Saisie manuelle', 'parked', timestamptz '2026-02-03 10:00:00+00', 5, 'Réponse 500 du registre')`);

    const done = await download('/api/supervisions/queues/officers/export.csv?column=siren&direction=asc', 'rne-officers');
    expect(done[0]).toBe('Siren;Date;Motif');
    expect(done.slice(1).map((l) => l.split(';')[0])).toEqual([a1, a2].sort());
    expect(done.find((l) => l.startsWith(a1))).toBe(`${a1};${frenchDay(today)} 12:00:00;Saisie manuelle`);
    expect(done.find((l) => l.startsWith(a2))).toMatch(new RegExp(`^${a2};\\d{2}/\\d{2}/\\d{4} 12:00:00;'@Flux$`));
    const searched = await download(`/api/supervisions/queues/officers/export.csv?search=${a2}`, 'rne-officers');
    expect(searched.slice(1).map((l) => l.split(';')[0])).toEqual([a2]);

    expect(await download('/api/supervisions/queues/officers/live/export.csv', 'rne-officers-j-1')).toEqual([
      'Siren;Date;Motif',
      `${a1};${frenchDay(today)} 12:00:00;Saisie manuelle`,
    ]);
    expect(await download('/api/supervisions/queues/officers/parked/export.csv', 'rne-officers-parked')).toEqual([
      'Siren;Erreur;Tentatives;Motif;Mis en file',
      `${a3};Réponse 500 du registre;5;Saisie manuelle;03/02/2026 11:00:00`,
    ]);
    expect((await root.get('/api/supervisions/queues/autre/export.csv')).statusCode).toBe(422);
  });
});

describe('group SIRENs export (GET /api/groups/sirens/{id}/export.csv)', () => {
  it('downloads the group’s SIRENs of the search and sort; 404 for an unknown group', async () => {
    const sirens = validSirens(3, 5_000_000);
    const created = await root.post('/api/groups/store', { name: `Export ${Date.now()}`, status: 1 });
    const id = created.json().id as number;
    expect((await root.post('/api/groups/addsirens', { id, sirens })).statusCode).toBe(200);
    const lines = await download(`/api/groups/sirens/${id}/export.csv?column=siren&direction=desc`, `groupe-${id}-sirens`);
    expect(lines[0]).toBe('ID;Siren;Entreprise;Date d’ajout');
    expect(lines.slice(1).map((l) => l.split(';')[1])).toEqual([...sirens].sort().reverse());
    expect(lines[1]).toMatch(/^\d+;\d{9};[^;]*;\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    const one = await download(`/api/groups/sirens/${id}/export.csv?search=${sirens[1]}`, `groupe-${id}-sirens`);
    expect(one.slice(1).map((l) => l.split(';')[1])).toEqual([sirens[1]]);
    expect((await root.get('/api/groups/sirens/99999999/export.csv')).statusCode).toBe(404);
  });
});

describe('deals export (GET /api/transactions/export.csv)', () => {
  it('downloads the deal entities of the search and sort, dates DD/MM/YYYY, amounts with a decimal comma', async () => {
    const prefix = dealIdentifier('EXP');
    const [s1, s2] = validSirens(2, 7_000_000);
    await createDeal(root, { deal_identifier: `${prefix}-A`, entities: [{ siren: s1, name: 'Alpha', entityrole_id: 0, stake_percent: 51 }] });
    await createDeal(root, { deal_identifier: `${prefix}-B`, amount: 0, entities: [{ siren: s2, name: '+Beta', entityrole_id: 0, stake_percent: 12.5 }] });
    const lines = await download(`/api/transactions/export.csv?search=${prefix}&column=deal_identifier&direction=asc`, 'transactions');
    expect(lines).toEqual([
      'Deal Nb;Deal date;SIREN;Company Name;Company Role;Deal Type 1;Deal Type 2;Deal Amount;Currency;Stake Percent (%)',
      `${prefix}-A;15/03/2026;${s1};Alpha;;;;1500000,50;EUR;51,00`,
      `${prefix}-B;15/03/2026;${s2};'+Beta;;;;;;12,50`,
    ]);
    const desc = await download(`/api/transactions/export.csv?search=${prefix}&column=deal_identifier&direction=desc`, 'transactions');
    expect(desc.slice(1).map((l) => l.split(';')[0])).toEqual([`${prefix}-B`, `${prefix}-A`]);
  });
});

describe('pending news export (GET /api/news/export.csv)', () => {
  it('downloads the pending news of the search and sort, the list’s columns, Paris dates', async () => {
    const category = await createCategory(root, `Export ${Date.now()}`, 'Export');
    const [s1, s2] = validSirens(2, 8_000_000);
    await t.ctx.db.execute(sql`insert into news (siren, title, newscategory_id, category_name, posted, url) values
      (${s1}, 'Export alpha', ${category.id}, ${category.name_fr}, timestamptz '2026-07-15 06:30:00+00', 'https://example.com/export-a'),
      (${s2}, '=Export beta', ${category.id}, ${category.name_fr}, timestamptz '2026-01-02 23:15:00+00', 'https://example.com/export-b')`);
    const lines = await download('/api/news/export.csv?search=Export&column=siren&direction=desc', 'news-en-attente');
    expect(lines[0]).toBe('ID;Siren;Titre;Catégorie;Date');
    expect(lines.slice(1).map((l) => l.split(';').slice(1))).toEqual([
      [s2, "'=Export beta", category.name_fr, '03/01/2026 00:15'],
      [s1, 'Export alpha', category.name_fr, '15/07/2026 08:30'],
    ]);
    const one = await download(`/api/news/export.csv?search=${s1}`, 'news-en-attente');
    expect(one.slice(1).map((l) => l.split(';')[1])).toEqual([s1]);
    expect((await root.get('/api/news/export.csv?column=url')).statusCode).toBe(422);
    expect((await t.anon().get('/api/news/export.csv')).statusCode).toBe(401);
  });
});

describe('BODACC rows exports (GET /api/transactions/bodacc/export.csv, …/bodacc/deleted/export.csv)', () => {
  it('download the rows of the search and sort as the lists show them; a deleted row only in « Lignes supprimées »', async () => {
    // One stored notice per row (a notice gives at most one row).
    const insert = async (siren: string, number: string) => {
      const [a] = await rowsOf<{ id: number }>(t.ctx.db, sql`insert into announcements (bulletin, issue, issue_date, notice_number, family, family_label, raw)
        values ('A', '20980001', '2098-01-02', ${Number(siren.slice(-1))}, 'vente', 'Ventes et cessions', '{}'::jsonb) returning id::int as id`);
      return rowsOf<{ id: number }>(t.ctx.db, sql`insert into bodacc_transactions (announcement_id, siren, company_name, transaction_number, announced_on,
        amount, currency, stake, seller_sirens, french_investment_abroad, foreign_investment_in_france, url)
        values (${a.id}, ${siren}, ${`Société ${number}`}, ${number}, '2098-01-02', 1234567.5, 'EUR', 12.5, '{999999993,999999995}', 1, 2,
          'https://example.com/avis') returning id::int as id`);
    };
    await insert('888888801', 'N1');
    await insert('888888802', 'N2');
    const [gone] = await insert('888888803', 'N3');
    expect((await root.post('/api/transactions/removebodacc', { id: gone.id })).statusCode).toBe(200);

    const lines = await download('/api/transactions/bodacc/export.csv?search=8888888&column=b1&direction=desc', 'transactions-bodacc');
    expect(lines[0].split(';')).toHaveLength(37);
    expect(lines[0]).toMatch(/^SIREN;Société;Rôle;N° de transaction;Date de l’annonce;Type de transaction 1;.*;Lien;Source$/);
    expect(lines.slice(1).map((l) => l.split(';')[0])).toEqual(['888888802', '888888801']);
    expect(lines[2]).toBe(
      '888888801;Société N1;;N1;02/01/2098;;;1234567,50;EUR;12,50;;;;;;;;;;999999993, 999999995;;;;;;YES;NO;;;;;;;;;https://example.com/avis;',
    );
    expect((await root.get('/api/transactions/bodacc/export.csv?column=b2')).statusCode).toBe(422);

    const [deleted] = await rowsOf<{ at: string }>(t.ctx.db, sql`select to_char(deleted_at at time zone 'Europe/Paris', 'DD/MM/YYYY HH24:MI') as at
      from bodacc_transactions where id = ${gone.id}`);
    const removed = await download('/api/transactions/bodacc/deleted/export.csv?search=8888888&column=deleted_at&direction=desc', 'transactions-bodacc-supprimees');
    expect(removed[0]).toBe('SIREN;Société;N° de transaction;Date de l’annonce;Supprimée le;Par');
    expect(removed.slice(1)).toHaveLength(1);
    expect(removed[1]).toMatch(new RegExp(`^888888803;Société N3;N3;02/01/2098;${deleted.at.replace(/\//g, '\\/')};.+$`));
    expect((await t.anon().get('/api/transactions/bodacc/deleted/export.csv')).statusCode).toBe(401);
  });
});

describe('Synchroniser batches export (GET /api/news/syncbatches/export.csv)', () => {
  it('downloads every batch in the list’s sort: Paris dates, counts, and its state', async () => {
    const category = await createCategory(root, `Synchro ${Date.now()}`, 'Sync');
    const add = (siren: string, url: string) =>
      t.ctx.db.execute(sql`insert into news (siren, title, newscategory_id, category_name, posted, url)
        values (${siren}, 'Synchronisé', ${category.id}, ${category.name_fr}, now(), ${url})`);
    const [s1, s2] = validSirens(2, 9_000_000);
    await add(s1, 'https://example.com/sync-a');
    expect((await root.get('/api/news/syncall')).statusCode).toBe(200);
    const first = (await root.post('/api/news/syncbatches?page=1', { pagination: { per_page: 10 } })).json().data[0] as { id: number };
    expect((await root.post(`/api/news/syncbatches/${first.id}/undo`)).statusCode).toBe(200);
    await add(s2, 'https://example.com/sync-b');
    expect((await root.get('/api/news/syncall')).statusCode).toBe(200);

    const lines = await download('/api/news/syncbatches/export.csv?column=id&direction=desc', 'synchronisations');
    expect(lines[0]).toBe('N°;Date;Par;Articles;Encore publiés;État');
    const [second, undone] = lines.slice(1, 3).map((l) => l.split(';'));
    expect(Number(second[0])).toBeGreaterThan(first.id);
    expect(second[1]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    expect(second.slice(5)).toEqual(['En ligne']);
    expect(undone[0]).toBe(String(first.id));
    expect(undone.slice(4)).toEqual(['0', expect.stringMatching(/^Annulée le \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}( par .+)?$/)]);
    const asc = await download('/api/news/syncbatches/export.csv?column=id&direction=asc', 'synchronisations');
    expect(asc.slice(1).map((l) => Number(l.split(';')[0]))).toEqual(lines.slice(1).map((l) => Number(l.split(';')[0])).reverse());
    expect((await root.get('/api/news/syncbatches/export.csv?column=articles')).statusCode).toBe(422);
  });
});
