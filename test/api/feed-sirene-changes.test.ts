/**
 * The Sirene merge and the update log, on PGlite and PostgreSQL: a first load
 * into an empty register logs nothing (the log records changes); a re-import of the same file rewrites no
 * row and logs nothing; a file with a few companies renamed, ceased, re-coded (NAF, legal form: named by the
 * official labels, codes in brackets) or recently created writes exactly one `INSEE` entry per changed company,
 * several changes joined by ` ; `, each dated as INSEE dates it and naming its file and line; an old company met
 * for the first time joins the register silently; a change of an untracked column rewrites the row without an
 * entry; the rollups of the log stay
 * exact; a file that fails during the merge leaves the register and the log as they were.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTERRUPTED_MESSAGE } from '../../server/jobs/failure';
import { sireneJobDefinition } from '../../server/modules/feeds/jobs';
import type { FeedJobPayload } from '../../server/modules/feeds/kinds';
import { sireneJob } from '../../server/modules/feeds/sirene/job';
import { legalCategoryLabel, nafLabel } from '../../server/modules/register/nomenclatures';
import { sireneFixture, sireneHarness, sireneTable as table, type SireneHarness } from '../helpers/feed-sirene';

let h: SireneHarness;
beforeAll(async () => {
  h = await sireneHarness();
});
afterAll(async () => h?.close());

const UL = 'StockUniteLegale_sample.csv';
const ET = 'StockEtablissement_sample.csv';
const q = (v: string) => `«\u00a0${v}\u00a0»`;

/** INSEE entries of `siren`, oldest first. */
const entriesOf = async (siren: string) => (await h.rows<{ description: string }>(sql`select description from update_log where code = 'INSEE' and siren = ${siren} order by id`)).map((r) => r.description);
const logCount = async () => Number((await h.rows<{ n: string }>(sql`select count(*) as n from update_log`))[0].n);
/** Every company's row version: a rewrite changes xmin. */
const versions = async () => h.rows<{ siren: string; v: string; updated_at: unknown }>(sql`select siren, xmin::text as v, updated_at from companies order by siren`);

describe('feed-sirene: merge and update log', () => {
  it('a SIREN twice in a first load is refused and leaves the register empty', async () => {
    const t = table(UL);
    t.cells.push([...t.cells[3]]);
    const job = await h.importFile(UL, t.bytes());
    expect(job.error).toBe(`Le siren ${t.cells[3][0]} apparaît deux fois\u00a0: lignes 5 et 99. Rien n’a été importé.`);
    expect(await h.rows(sql`select count(*)::int as n from companies`)).toEqual([{ n: 0 }]);
  });

  it('a first load into an empty register inserts every company and logs nothing (the log records changes)', async () => {
    const job = await h.importFile(UL, sireneFixture(UL));
    expect(job.result).toMatchObject({ feed: 'sirene-companies', lines: 97, created: 97, updated: 0, unchanged: 0, log_entries: 0, first_load: true });
    expect(await logCount()).toBe(0);
    expect(await h.rows(sql`select name from companies where siren = '016750697'`)).toEqual([{ name: 'ETS J VIRLY S A' }]);
  });

  it('a re-import of the same file rewrites no row and writes no log entry', async () => {
    const before = await versions();
    const logBefore = await logCount();
    const job = await h.importFile(UL, sireneFixture(UL));
    expect(job.result).toMatchObject({ lines: 97, created: 0, updated: 0, unchanged: 97, log_entries: 0, first_load: false });
    expect(await versions()).toEqual(before);
    expect(await logCount()).toBe(logBefore);
    const [record] = await h.rows<{ status: number; lines: string; summary: Record<string, unknown> }>(sql`select status, lines::int as lines, summary from feed_files order by id desc limit 1`);
    expect(record).toMatchObject({ status: 1, lines: 97, summary: { created: 0, updated: 0, unchanged: 97, log_entries: 0, first_load: false, layout: 'current', columns: 35 } });
  });

  it('a file with changes writes exactly one entry per changed company, changes joined by ` ; `, dated and labelled', async () => {
    const t = table(UL);
    const [renamed, ceased, recoded, many, quiet] = ['017051186', t.cells[2][0], t.cells[3][0], t.cells[4][0], t.cells[5][0]];
    const names = { renamed: t.get(renamed, 'denominationUniteLegale'), many: t.get(many, 'denominationUniteLegale') };
    const naf = { recoded: t.get(recoded, 'activitePrincipaleUniteLegale'), many: t.get(many, 'activitePrincipaleUniteLegale') };
    const form = t.get(many, 'categorieJuridiqueUniteLegale');
    expect(t.get(ceased, 'etatAdministratifUniteLegale')).toBe('A');
    t.set(renamed, 'denominationUniteLegale', 'PENNEQUIN HOLDING');
    t.set(ceased, 'etatAdministratifUniteLegale', 'C');
    t.set(ceased, 'dateDebut', '2024-06-30');
    t.set(recoded, 'activitePrincipaleUniteLegale', '64.92Z');
    t.set(many, 'denominationUniteLegale', 'NOUVEAU NOM');
    t.set(many, 'activitePrincipaleUniteLegale', '66.19B');
    t.set(many, 'categorieJuridiqueUniteLegale', '5499');
    t.set(many, 'etatAdministratifUniteLegale', 'C');
    t.set(many, 'dateDebut', '2025-01-15');
    // An untracked column: the row is rewritten, no entry.
    t.set(quiet, 'trancheEffectifsUniteLegale', '53');
    // A company created ten days ago, new to the register: a creation, dated as INSEE dates it.
    const created = new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10);
    const fresh = [...t.cells[6]];
    fresh[0] = '552032534';
    fresh[t.header.indexOf('denominationUniteLegale')] = 'DANONE';
    fresh[t.header.indexOf('dateCreationUniteLegale')] = created;
    t.cells.push(fresh);
    // A company created in 1899, new to the register only: added silently (not logged as a creation).
    const old = [...t.cells[7]];
    old[0] = '356000000';
    old[t.header.indexOf('denominationUniteLegale')] = 'LA POSTE';
    old[t.header.indexOf('dateCreationUniteLegale')] = '1899-01-01';
    t.cells.push(old);

    const logBefore = await logCount();
    const hashes = new Map((await versions()).map((r) => [r.siren, r]));
    const job = await h.importFile(UL, t.bytes());
    expect(job.error).toBeNull();
    expect(job.result).toMatchObject({ lines: 99, created: 2, updated: 5, unchanged: 92, log_entries: 5, first_load: false });
    expect(await logCount()).toBe(logBefore + 5);
    const since = (siren: string) => ` au ${t.get(siren, 'dateDebut').split('-').reverse().join('/')}`;
    expect(await entriesOf(renamed)).toEqual([`Dénomination modifiée\u00a0: ${q(names.renamed)} → ${q('PENNEQUIN HOLDING')}${since(renamed)}`]);
    expect(await entriesOf(ceased)).toEqual(['Cessation (état administratif C) au 30/06/2024']);
    // NAF rév. 2 codes are named by their labels, the codes kept in brackets.
    expect(await entriesOf(recoded)).toEqual([`Code NAF modifié\u00a0: ${nafLabel(naf.recoded)} → Autre distribution de crédit (${naf.recoded} → 64.92Z)${since(recoded)}`]);
    expect(await entriesOf(many)).toEqual([
      [
        'Cessation (état administratif C) au 15/01/2025',
        `Dénomination modifiée\u00a0: ${q(names.many)} → ${q('NOUVEAU NOM')} au 15/01/2025`,
        `Code NAF modifié\u00a0: ${nafLabel(naf.many)} → Autres activités auxiliaires de services financiers, hors assurance et caisses de retraite, n.c.a. (${naf.many} → 66.19B) au 15/01/2025`,
        `Forme juridique modifiée\u00a0: ${legalCategoryLabel(form)} → Société à responsabilité limitée (sans autre indication) (${form} → 5499) au 15/01/2025`,
      ].join('\u00a0; '),
    ]);
    expect(await entriesOf(quiet)).toEqual([]);
    expect(await entriesOf('552032534')).toEqual([`Création\u00a0: ${q('DANONE')} au ${created.split('-').reverse().join('/')}`]);
    expect(await entriesOf('356000000')).toEqual([]);
    // Each entry names its source: the file and the line the company is on.
    const sources = await h.rows<{ siren: string; source_label: string; file: string }>(sql`
      select l.siren, l.source_label, f.filename as file from update_log l join feed_files f on f.id = l.source_file_id
       where l.code = 'INSEE' and l.siren in (${renamed}, '552032534') order by l.id`);
    expect(sources).toEqual([
      { siren: renamed, source_label: `Fichier INSEE ${UL}, ligne ${t.cells.findIndex((c) => c[0] === renamed) + 2}`, file: UL },
      { siren: '552032534', source_label: `Fichier INSEE ${UL}, ligne 99`, file: UL },
    ]);
    // Only the changed rows were rewritten.
    const after = await versions();
    const rewritten = after.filter((r) => hashes.get(r.siren)?.v !== r.v).map((r) => r.siren);
    expect(rewritten.sort()).toEqual([renamed, ceased, recoded, many, quiet, '552032534', '356000000'].sort());
    const [row] = await h.rows(sql`select name, state, naf_code, legal_form, employee_band from companies where siren = ${many}`);
    expect(row).toEqual({ name: 'NOUVEAU NOM', state: 'C', naf_code: '66.19B', legal_form: '5499', employee_band: t.get(many, 'trancheEffectifsUniteLegale') || null });

    // A reactivation is logged too, and the same file again logs nothing.
    t.set(ceased, 'etatAdministratifUniteLegale', 'A');
    t.set(ceased, 'dateDebut', '2025-03-01');
    const again = await h.importFile(UL, t.bytes());
    expect(again.result).toMatchObject({ created: 0, updated: 1, log_entries: 1 });
    expect((await entriesOf(ceased)).slice(-1)).toEqual(['Réactivation (état administratif A) au 01/03/2025']);
    expect((await h.importFile(UL, t.bytes())).result).toMatchObject({ created: 0, updated: 0, unchanged: 99, log_entries: 0 });
  });

  it('a company created recently and already ceased reads its creation and its cessation, each with its date', async () => {
    const t = table(UL);
    const created = new Date(Date.now() - 5 * 86_400_000).toISOString().slice(0, 10);
    const ceasedOn = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    const short = [...t.cells[7]];
    short[0] = '542107651';
    short[t.header.indexOf('denominationUniteLegale')] = 'SOCIETE EPHEMERE';
    short[t.header.indexOf('etatAdministratifUniteLegale')] = 'C';
    short[t.header.indexOf('dateCreationUniteLegale')] = created;
    short[t.header.indexOf('dateDebut')] = ceasedOn;
    t.cells.push(short);
    const job = await h.importFile(UL, t.bytes());
    expect(job.error).toBeNull();
    expect(job.result).toMatchObject({ created: 1, first_load: false });
    const fr = (iso: string) => iso.split('-').reverse().join('/');
    expect(await entriesOf('542107651')).toEqual([`Création\u00a0: ${q('SOCIETE EPHEMERE')} au ${fr(created)}\u00a0; Cessation (état administratif C) au ${fr(ceasedOn)}`]);
  });

  it('old companies met for the first time (the 2019–2020 INSEE API file) join the register with no entry: 005410345 ceased in 1984 is no creation', async () => {
    const logBefore = await logCount();
    const file = 'StockUniteLegale_from_api_2019-2020.csv';
    const job = await h.importFile(file, sireneFixture(`derived_from_insee_api_2019/${file}`));
    expect(job.error).toBeNull();
    expect(job.result).toMatchObject({ created: 74, log_entries: 0, first_load: false, rne_queued: { officers: 0 } });
    expect(await logCount()).toBe(logBefore);
    expect(await h.rows(sql`select name, state from companies where siren = '005410345'`)).toEqual([{ name: 'MICHEL DEBRAY', state: 'C' }]);
    expect(await h.rows(sql`select siren from rne_queue where siren = '005410345'`)).toEqual([]);
  });

  it('the statistics rollups match the log exactly', async () => {
    const [daily] = await h.rows<{ rollup: string; log: string }>(sql`select (select coalesce(sum(entries), 0) from update_log_daily) as rollup, (select count(*) from update_log) as log`);
    expect(Number(daily.rollup)).toBe(Number(daily.log));
    const mismatches = await h.rows(sql`
      select coalesce(l.siren, c.siren) as siren, l.n, c.entries from (select siren, count(*) as n from update_log group by siren) l
      full join (select siren, entries from update_log_siren_counts where entries <> 0) c on c.siren = l.siren
      where l.n is distinct from c.entries`);
    expect(mismatches).toEqual([]);
    const days = await h.rows(sql`
      select d.day, d.entries, l.n from update_log_daily d
      full join (select (created_at at time zone 'Europe/Paris')::date as day, count(*) as n from update_log group by 1) l on l.day = d.day
      where d.entries is distinct from l.n and coalesce(d.entries, 0) <> 0`);
    expect(days).toEqual([]);
  });

  it('a file failing in the merge (an impossible date on its last line) leaves nothing half-merged', async () => {
    const t = table(UL);
    t.set('017051186', 'denominationUniteLegale', 'AUTRE NOM');
    t.set(t.cells[10][0], 'etatAdministratifUniteLegale', 'C');
    t.set(t.cells[96][0], 'dateCreationUniteLegale', '2019-02-30');
    const before = await versions();
    const logBefore = await logCount();
    const job = await h.importFile(UL, t.bytes());
    expect(job.state).toBe('failed');
    expect(job.error).toBe('Ligne 98\u00a0: date dateCreationUniteLegale invalide (AAAA-MM-JJ attendu), valeur «\u00a02019-02-30\u00a0». Rien n’a été importé.');
    expect(await versions()).toEqual(before);
    expect(await logCount()).toBe(logBefore);
    const [record] = await h.rows(sql`select feed, status, error from feed_files order by id desc limit 1`);
    expect(record).toEqual({ feed: 'sirene-companies', status: 0, error: job.error });
  });

  it('a SIREN twice in one file is refused', async () => {
    const t = table(UL);
    // Both lines differ from the register (an identical copy of an unchanged row would change nothing).
    const copy = [...t.cells[0]];
    copy[t.header.indexOf('denominationUniteLegale')] = 'COPIE';
    t.cells[0][t.header.indexOf('denominationUniteLegale')] = 'ORIGINAL';
    t.cells.push(copy);
    const before = await versions();
    const job = await h.importFile(UL, t.bytes());
    expect(await versions()).toEqual(before);
    expect(job.error).toBe(`Le siren ${t.cells[0][0]} apparaît deux fois\u00a0: lignes 2 et 99. Rien n’a été importé.`);
  });

  it('establishments: a re-import rewrites nothing, an address change rewrites that row only, and no log entry is written', async () => {
    const logBefore = await logCount();
    expect((await h.importFile(ET, sireneFixture(ET))).result).toMatchObject({ feed: 'sirene-establishments', created: 72, log_entries: 0, first_load: true });
    expect((await h.importFile(ET, sireneFixture(ET))).result).toMatchObject({ created: 0, updated: 0, unchanged: 72 });
    const t = table(ET);
    t.set('00032517500024', 'numeroVoieEtablissement', '3');
    t.set('00032517500024', 'indiceRepetitionEtablissement', 'B');
    const job = await h.importFile(ET, t.bytes());
    expect(job.result).toMatchObject({ created: 0, updated: 1, unchanged: 71, log_entries: 0 });
    const [row] = await h.rows(sql`select address_line1 from establishments where siret = '00032517500024'`);
    expect(row).toEqual({ address_line1: '3 B PLACE LEONCE DE SEYNES' });
    expect(await logCount()).toBe(logBefore);
  });

  it('a file gone before it is read fails in French', async () => {
    const job = await h.importFile(UL, Buffer.from('x'), { input: { kind: 'path', path: '/nonexistent/StockUniteLegale.csv' } });
    expect(job.error).toBe('Fichier introuvable\u00a0: il a été déplacé ou supprimé avant d’être lu. Rien n’a été importé.');
  });

  it('the cleanup of an interrupted job records its file once, as failed, under the feed its name tells', async () => {
    const payload: FeedJobPayload = { filename: 'StockEtablissement_utf8.zip', origin: 'inbox', input: { kind: 'path', path: '/nonexistent' } };
    const created = await h.jobs.create(sireneJobDefinition, null, payload);
    await sireneJob.cleanup(h.database.db, { id: created.id, payload });
    await sireneJob.cleanup(h.database.db, { id: created.id, payload });
    const records = await h.rows(sql`select feed, filename, status, lines::int as lines, error, origin from feed_files where job_id = ${created.id}`);
    expect(records).toEqual([{ feed: 'sirene-establishments', filename: 'StockEtablissement_utf8.zip', status: 0, lines: 0, error: INTERRUPTED_MESSAGE, origin: 'inbox' }]);
    await h.jobs.discard(created.id);
  });
});
