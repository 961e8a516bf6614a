/**
 * The company lookup answers what the register knows (`GET /api/companies/{siren}`, contract/feeds.ts;
 * server/modules/register/lookup.ts), on a fresh database where the real INSEE samples of test/fixtures/sirene are
 * imported (current, 2019 and API-derived files, as the demo does): a SIREN known only by the establishments file
 * (447555616) answers 200 with its establishments and null company fields; a closed head office is flagged; the
 * nomenclatures' labels come with the codes (NAF rév. 2 only); the establishments are listed head office first,
 * then active, bounded; 404 only when neither table knows the SIREN. A group's SIRENs carry the same facts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import luhn from 'fast-luhn';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPANY_ESTABLISHMENTS_MAX, type CompanyResponse } from '../../contract/feeds';
import { createTestApp, multipart, type Client, type TestApp } from '../helpers/app';
import { waitForJob } from '../helpers/news';
import { validSiren } from '../helpers/sirens';

const SIRENE = path.resolve(import.meta.dirname, '../fixtures/sirene');
const SAMPLES = [
  'legacy_2019_format/StockUniteLegale_2019_etalab_fixture.csv',
  'legacy_2019_format/StockEtablissement_geo_2019_etalab_fixture.csv',
  'derived_from_insee_api_2019/StockUniteLegale_from_api_2019-2020.csv',
  'derived_from_insee_api_2019/StockEtablissement_from_api_2019-11.csv',
  'StockUniteLegale_sample.csv',
  'StockEtablissement_sample.csv',
];

let t: TestApp;
let root: Client;
beforeAll(async () => {
  t = await createTestApp({ FEED_INBOX: 'false' });
  root = await t.superAdmin();
  for (const name of SAMPLES) {
    const body = multipart('file', path.basename(name), 'text/csv', fs.readFileSync(path.join(SIRENE, name)));
    const res = await root.call('POST', '/api/supervisions/import/sirene', undefined, body);
    expect(res.statusCode, res.body).toBe(202);
    const job = await waitForJob(root, (res.json() as { job: { id: string } }).job.id);
    expect(job.state, `${name}: ${job.error}`).toBe('done');
  }
});
afterAll(async () => t?.close());

async function lookup(siren: string): Promise<CompanyResponse> {
  const res = await root.get(`/api/companies/${siren}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as CompanyResponse;
}

/** The company fields, all null for a SIREN known only by establishments. */
const NO_COMPANY = {
  known_from: 'establishments',
  name: null,
  sigle: null,
  state: null,
  legal_form: null,
  legal_form_label: null,
  naf_code: null,
  naf_nomenclature: null,
  naf_label: null,
  created_on: null,
  // No BODACC notice is the source of what the register knows.
  notice: null,
};

describe('GET /api/companies/{siren}: what the register knows', () => {
  it('a SIREN only the establishments file names: 200 with its establishment as head office, no company fields', async () => {
    const cers = {
      siret: '44755561600021',
      state: 'A',
      closed: false,
      head_office: true,
      name: null,
      naf_code: '01.21Z',
      naf_nomenclature: 'NAFRev2',
      naf_label: 'Culture de la vigne',
      address_line1: '17 CHE DE SAINT VICTOR',
      address_line2: null,
      postcode: '34420',
      commune_code: '34073',
      commune_name: 'CERS',
      created_on: '2019-07-01',
    };
    expect(await lookup('447555616')).toEqual({ siren: '447555616', ...NO_COMPANY, head_office: cers, establishments: [cers], establishments_total: 1 });
  });

  it('lists the establishments head office first, then the active ones, then the closed ones, by SIRET', async () => {
    const answer = await lookup('005420021');
    expect(answer).toMatchObject({ ...NO_COMPANY, establishments_total: 5 });
    expect(answer.establishments.map((e) => [e.siret, e.state, e.head_office])).toEqual([
      ['00542002100056', 'A', true],
      ['00542002100015', 'F', false],
      ['00542002100023', 'F', false],
      ['00542002100031', 'F', false],
      ['00542002100049', 'F', false],
    ]);
    expect(answer.head_office).toMatchObject({ siret: '00542002100056', closed: false, commune_name: 'ABBEVILLE', naf_label: 'Commerce de gros (commerce interentreprises) de fournitures et équipements industriels divers' });
  });

  it('flags a closed head office, of a company and of a SIREN known only by establishments', async () => {
    // JACQUES-LUCIEN BRETON: ceased; its head office (NIC 00022, the one the company names) is closed.
    const breton = await lookup('001807254');
    expect(breton).toMatchObject({
      known_from: 'companies',
      name: 'JACQUES-LUCIEN BRETON',
      state: 'C',
      legal_form: '1000',
      legal_form_label: 'Entrepreneur individuel',
      naf_code: '85.59A',
      naf_nomenclature: 'NAFRev2',
      naf_label: "Formation continue d'adultes",
      head_office: { siret: '00180725400022', state: 'F', closed: true, head_office: true, commune_name: 'SAINT-QUENTIN' },
      establishments_total: 2,
    });
    expect(breton.establishments.map((e) => [e.siret, e.closed])).toEqual([
      ['00180725400022', true],
      ['00180725400014', true],
    ]);
    // Known only by establishments, all closed; NAFRev1 codes have no label here.
    const closedOnly = await lookup('005420047');
    expect(closedOnly).toMatchObject({ ...NO_COMPANY, establishments_total: 2 });
    expect(closedOnly.head_office).toMatchObject({ siret: '00542004700010', closed: true, naf_code: '45.3F', naf_nomenclature: 'NAFRev1', naf_label: null });
  });

  it('names the codes with the official nomenclatures, NAF rév. 2 only', async () => {
    expect(await lookup('016750697')).toMatchObject({
      known_from: 'companies',
      name: 'ETS J VIRLY S A',
      legal_form: '5710',
      legal_form_label: 'SAS, société par actions simplifiée',
      naf_code: '77.39Z',
      naf_label: "Location et location-bail d'autres machines, équipements et biens matériels n.c.a.",
      head_office: null,
      establishments: [],
      establishments_total: 0,
    });
    // A NAP activity (before 1993) has no label; the legal form still has its own.
    expect(await lookup('005410220')).toMatchObject({
      name: 'GEORGES WATTEBLED',
      naf_code: '22.02',
      naf_nomenclature: 'NAP',
      naf_label: null,
      legal_form_label: 'Entrepreneur individuel',
      head_office: { siret: '00541022000015', closed: true, naf_label: null },
    });
  });

  it(`lists ${COMPANY_ESTABLISHMENTS_MAX} establishments at most and counts them all`, async () => {
    const siren = validSiren(7, 98_000_000);
    // NICs 00010, 00020, …: each SIRET given a valid check digit, as INSEE's are.
    const sirets = Array.from({ length: COMPANY_ESTABLISHMENTS_MAX + 10 }, (_, i) => {
      const stem = siren + String(i + 1).padStart(4, '0');
      for (let d = 0; d < 10; d++) if (luhn(stem + d)) return stem + d;
      throw new Error(`no check digit for ${stem}`);
    });
    const last = sirets[sirets.length - 1];
    await t.ctx.db.execute(sql`
      insert into establishments (siret, siren, nic, head_office, state)
      select s, ${siren}, substr(s, 10), s = ${last}, case when s = ${last} then 'A' else 'F' end from unnest(${sql.param(sirets)}::text[]) s`);
    const answer = await lookup(siren);
    expect(answer.establishments_total).toBe(sirets.length);
    expect(answer.establishments).toHaveLength(COMPANY_ESTABLISHMENTS_MAX);
    expect(answer.establishments[0]).toMatchObject({ siret: last, head_office: true, closed: false });
    expect(answer.head_office?.siret).toBe(last);
    expect(answer.establishments.slice(1).map((e) => e.siret)).toEqual(sirets.slice(0, COMPANY_ESTABLISHMENTS_MAX - 1));
  });

  it('404 only when neither the companies nor the establishments know the SIREN', async () => {
    const res = await root.get(`/api/companies/${validSiren(1, 99_000_000)}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Entreprise inconnue au répertoire.' });
  });
});

describe('a group’s SIRENs: how the register knows each, and a closed head office', () => {
  it('known_from and head_office_closed beside the name', async () => {
    const created = await root.post('/api/groups/store', { name: 'Registre et établissements', status: 1 });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as { id: number }).id;
    const unknown = validSiren(3, 99_000_000);
    const sirens = ['000325175', '001807254', '016750697', '447555616', '005420047', unknown];
    expect((await root.post('/api/groups/addsirens', { id, sirens })).statusCode).toBe(200);
    const page = await root.post(`/api/groups/filtersirens/${id}`, { orderBy: { column: 'siren', direction: 'asc' } });
    expect(page.statusCode, page.body).toBe(200);
    const rows = (page.json() as { data: Array<{ siren: string; company_name: string | null; known_from: string | null; head_office_closed: boolean }> }).data;
    expect(rows.map((r) => [r.siren, r.company_name, r.known_from, r.head_office_closed])).toEqual([
      ['000325175', 'THIERRY JANOYER', 'companies', false],
      ['001807254', 'JACQUES-LUCIEN BRETON', 'companies', true],
      ['005420047', null, 'establishments', true],
      ['016750697', 'ETS J VIRLY S A', 'companies', false],
      ['447555616', null, 'establishments', false],
      [unknown, null, null, false],
    ]);
  });
});
