/**
 * `GET /v1/companies/{siren}` (server/api/companies.ts), each answer checked against its zod schema
 * (server/api/schemas.ts): the register record from the real INSEE Sirene samples imported by the Sirene job (the
 * 2019 legal-units file and the current establishments file), its head office and establishments; the officers and
 * filings last fetched from the RNE; the BODACC notices naming the SIREN (the real sales bulletin imported by the
 * BODACC job), latest first, each with its page on bodacc.fr. A SIRET is read as its SIREN; an invalid SIREN is a
 * 400 problem, an unknown one a 404 problem.
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { company } from '../../server/api/schemas';
import { problemSchema } from '../../server/http/problem';
import { FEED_BODACC, FEED_SIRENE } from '../../server/modules/feeds/kinds';
import { createTestApp, type TestApp } from '../helpers/app';
import { newCustomer, tokenOf, v1 } from '../helpers/customer-api';
import { runFeedFile } from '../helpers/feed-job';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures');
/** JACQUES-LUCIEN BRETON, ceased: its legal unit is in the 2019 file, its two (closed) establishments in the current one. */
const BRETON = '001807254';
/** The buyer of the sale notice 515 of BODACC A n°20210005: known to vigie by that notice only. */
const BUYER = '342012002';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ FEED_INBOX: 'false' });
  for (const file of ['sirene/legacy_2019_format/StockUniteLegale_2019_etalab_fixture.csv', 'sirene/StockEtablissement_sample.csv']) {
    expect((await runFeedFile(t.ctx, FEED_SIRENE, path.join(FIXTURES, file))).state, file).toBe('done');
  }
  expect((await runFeedFile(t.ctx, FEED_BODACC, path.join(FIXTURES, 'bodacc/RCS-A_BXA20210005_ventes.xml'))).state).toBe('done');
  // No simple real path fills the RNE tables (the RNE worker reads the INPI API): rows as the worker writes them.
  await t.ctx.db.execute(sql`insert into rne_officers (siren, kind, role_code, role_label, last_name, first_names, birth_month, key, fetched_at)
    values (${BRETON}, 'INDIVIDU', '30', 'Entrepreneur', 'BRETON', 'JACQUES-LUCIEN', '1950-03', 'INDIVIDU|30|BRETON', '2026-05-04T10:00:00Z')`);
  await t.ctx.db.execute(sql`insert into rne_filings (kind, id, siren, filed_on, closed_on, type, label, fetched_at)
    values ('bilan', 'B-1', ${BRETON}, '2019-06-30', '2018-12-31', 'C', 'Comptes annuels', '2026-05-04T10:00:00Z'),
           ('acte', 'A-1', ${BRETON}, '2020-02-01', null, 'Statuts', 'Statuts mis à jour', '2026-05-04T10:00:00Z')`);
  token = await tokenOf(t, await newCustomer(await t.superAdmin()));
});
afterAll(async () => t?.close());

async function companyOf(id: string) {
  const res = await v1(t, token, `/v1/companies/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const parsed = company.safeParse(res.json());
  expect(parsed.error).toBeUndefined();
  return parsed.data!;
}

describe('GET /v1/companies/{siren}', () => {
  it('answers the register record, the head office, the officers and the filings of a Sirene company', async () => {
    const c = await companyOf(BRETON);
    expect(c).toMatchObject({
      siren: BRETON,
      known_from: 'companies',
      name: 'JACQUES-LUCIEN BRETON',
      state: 'C',
      legal_form: '1000',
      head_office: { siret: '00180725400022', head_office: true, closed: true, commune_name: 'SAINT-QUENTIN' },
      establishments_total: 2,
      notice: null,
      announcements: [],
    });
    expect(c.establishments.map((e) => e.siret)).toEqual(['00180725400022', '00180725400014']);
    expect(c.officers).toEqual([
      {
        kind: 'INDIVIDU', role_code: '30', role_label: 'Entrepreneur', last_name: 'BRETON', first_names: 'JACQUES-LUCIEN', usage_name: null,
        birth_month: '1950-03', company_siren: null, company_name: null, fetched_at: '2026-05-04T10:00:00.000Z',
      },
    ]);
    // Latest filed first.
    expect(c.filings).toEqual([
      { kind: 'acte', id: 'A-1', filed_on: '2020-02-01', closed_on: null, type: 'Statuts', label: 'Statuts mis à jour', fetched_at: '2026-05-04T10:00:00.000Z' },
      { kind: 'bilan', id: 'B-1', filed_on: '2019-06-30', closed_on: '2018-12-31', type: 'C', label: 'Comptes annuels', fetched_at: '2026-05-04T10:00:00.000Z' },
    ]);
  });

  it('answers the BODACC notices naming a SIREN, each with its page on bodacc.fr', async () => {
    const c = await companyOf(BUYER);
    expect(c).toMatchObject({ siren: BUYER, known_from: 'bodacc', officers: [], filings: [], head_office: null });
    expect(c.notice?.url).toBe('https://www.bodacc.fr/pages/annonces-commerciales-detail/?q.id=id:A20210005515');
    expect(c.announcements).toEqual([
      expect.objectContaining({
        bulletin: 'A',
        issue: '20210005',
        issue_date: '2021-01-08',
        notice_number: 515,
        url: 'https://www.bodacc.fr/pages/annonces-commerciales-detail/?q.id=id:A20210005515',
      }),
    ]);
  });

  it('reads a SIRET as its SIREN', async () => {
    const c = await companyOf('00180725400022');
    expect(c.siren).toBe(BRETON);
    expect(c.name).toBe('JACQUES-LUCIEN BRETON');
  });

  it('answers a 400 problem for an invalid SIREN and a 404 problem for an unknown one', async () => {
    for (const bad of ['001807255', '12', 'abcdefghi', '00180725400023']) {
      const res = await v1(t, token, `/v1/companies/${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      const body = problemSchema.parse(res.json());
      expect(body).toMatchObject({ type: '/v1/problems/invalid-request', status: 400, instance: `/v1/companies/${bad}` });
      expect(body.errors?.length, bad).toBeGreaterThan(0);
    }
    // A valid SIREN nobody knows.
    const unknown = await v1(t, token, '/v1/companies/552100554');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(problemSchema.parse(unknown.json())).toMatchObject({ type: '/v1/problems/not-found', title: 'Ressource introuvable', status: 404, instance: '/v1/companies/552100554' });
    expect(unknown.json().detail).toContain('552100554');
  });
});
