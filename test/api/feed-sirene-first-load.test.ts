/**
 * The first load of an empty register (server/modules/feeds/sirene/mapping.ts
 * `firstLoadSql`: the staged rows inserted without comparison or log entry). The tests check that:
 * - the rows stored are exactly those the full merge stores for the same file (into a register that is not
 *   empty), for companies and establishments;
 * - a fault far into the file (a bad SIREN, a SIREN met again, an impossible date, a truncated last line) is
 *   named with its line, and nothing is written; the next import of the whole file is a first load again.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sireneFixture, sireneHarness, sireneTable, type SireneHarness } from '../helpers/feed-sirene';

const UL = 'StockUniteLegale_sample.csv';
const ET = 'StockEtablissement_sample.csv';
const NOTHING = 'Rien n’a été importé.';

let h: SireneHarness;
beforeAll(async () => {
  h = await sireneHarness();
});
afterAll(async () => h?.close());

const count = async (table: 'companies' | 'establishments') => Number((await h.rows<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`)))[0].n);
/** Every stored column but `updated_at`, in key order. */
const stored = (table: 'companies' | 'establishments', key: 'siren' | 'siret') =>
  h.rows(sql.raw(`select to_jsonb(t) - 'updated_at' as r from ${table} t order by ${key}`));
const lastRecord = async () => (await h.rows(sql`select feed, status, lines, error from feed_files order by id desc limit 1`))[0];

describe('feed-sirene: first load of an empty register', () => {
  it('stores exactly the rows that the merge into a non-empty register stores', async () => {
    const first = await h.importFile(UL, sireneFixture(UL));
    expect(first.result).toMatchObject({ lines: 97, created: 97, first_load: true, log_entries: 0 });
    const pipelined = await stored('companies', 'siren');
    expect(pipelined).toHaveLength(97);

    // The same file merged into a register holding one other company: the merge's INSERT path.
    await h.rows(sql`truncate companies`);
    await h.rows(sql`insert into companies (siren, name) values ('999999999', 'AUTRE')`);
    const merged = await h.importFile(UL, sireneFixture(UL));
    expect(merged.result).toMatchObject({ created: 97, first_load: false });
    await h.rows(sql`delete from companies where siren = '999999999'`);
    await h.rows(sql`delete from update_log`);
    expect(await stored('companies', 'siren')).toEqual(pipelined);
    await h.rows(sql`truncate companies`);
  });

  it('establishments too', async () => {
    const first = await h.importFile(ET, sireneFixture(ET));
    expect(first.result).toMatchObject({ feed: 'sirene-establishments', lines: 72, created: 72, first_load: true });
    const pipelined = await stored('establishments', 'siret');
    await h.rows(sql`truncate establishments`);
    await h.rows(sql`insert into establishments (siret, siren, nic) values ('99999999900017', '999999999', '00017')`);
    expect((await h.importFile(ET, sireneFixture(ET))).result).toMatchObject({ created: 72, first_load: false });
    await h.rows(sql`delete from establishments where siret = '99999999900017'`);
    expect(await stored('establishments', 'siret')).toEqual(pipelined);
    await h.rows(sql`truncate establishments`);
  });

  it('a bad SIREN far into the file names its line, and nothing is written', async () => {
    const t = sireneTable(UL);
    t.cells[80][0] = '12345678X';
    const job = await h.importFile(UL, t.bytes());
    expect(job.error).toBe(`Ligne 82\u00a0: SIREN invalide (9 chiffres attendus), valeur «\u00a012345678X\u00a0». ${NOTHING}`);
    expect(await count('companies')).toBe(0);
    expect(await lastRecord()).toMatchObject({ feed: 'sirene-companies', status: 0, error: job.error });
  });

  it('a SIREN whose check digit is wrong names its line (the shared SIREN rule), and nothing is written', async () => {
    const t = sireneTable(UL);
    expect(t.cells[8][0]).toBe('076920685');
    t.cells[8][0] = '076920686';
    const job = await h.importFile(UL, t.bytes());
    expect(job.error).toBe(`Ligne 10\u00a0: SIREN invalide (clé de contrôle incorrecte), valeur «\u00a0076920686\u00a0». ${NOTHING}`);
    expect(await count('companies')).toBe(0);
  });

  it('an administrative state other than A or C (F for establishments) names its line', async () => {
    const t = sireneTable(UL);
    t.cells[4][t.header.indexOf('etatAdministratifUniteLegale')] = 'X';
    const job = await h.importFile(UL, t.bytes());
    expect(job.error).toBe(`Ligne 6\u00a0: état administratif invalide (A ou C attendu), valeur «\u00a0X\u00a0». ${NOTHING}`);
    expect(await count('companies')).toBe(0);
    const e = sireneTable(ET);
    e.cells[2][e.header.indexOf('etatAdministratifEtablissement')] = 'C';
    const refused = await h.importFile(ET, e.bytes());
    expect(refused.error).toBe(`Ligne 4\u00a0: état administratif invalide (A ou F attendu), valeur «\u00a0C\u00a0». ${NOTHING}`);
    expect(await count('establishments')).toBe(0);
  });

  it('a SIREN met again names both lines', async () => {
    const t = sireneTable(UL);
    t.cells.push([...t.cells[3]]);
    const job = await h.importFile(UL, t.bytes());
    expect(job.error).toBe(`Le siren ${t.cells[3][0]} apparaît deux fois\u00a0: lignes 5 et 99. ${NOTHING}`);
    expect(await count('companies')).toBe(0);
  });

  it('an impossible date on the last line names it', async () => {
    const t = sireneTable(UL);
    t.cells[96][t.header.indexOf('dateCreationUniteLegale')] = '2019-02-30';
    const job = await h.importFile(UL, t.bytes());
    expect(job.error).toBe(`Ligne 98\u00a0: date dateCreationUniteLegale invalide (AAAA-MM-JJ attendu), valeur «\u00a02019-02-30\u00a0». ${NOTHING}`);
    expect(await count('companies')).toBe(0);
  });

  it('a truncated last line names it, and the next import of the whole file is a first load again', async () => {
    const whole = sireneFixture(UL);
    const job = await h.importFile(UL, whole.subarray(0, whole.length - 20));
    expect(job.error).toMatch(new RegExp(`^Fichier mal formé à la ligne 98\u00a0: .* ${NOTHING}$`));
    expect(await lastRecord()).toMatchObject({ status: 0, error: job.error });
    expect(await count('companies')).toBe(0);
    expect((await h.importFile(UL, whole)).result).toMatchObject({ created: 97, first_load: true });
  });
});
