/**
 * What vigie knows of a SIREN that no INSEE file holds but a stored BODACC notice names (server/modules/register/
 * lookup.ts and head-office.ts, server/modules/feeds/bodacc/mention.ts; CONVENTIONS.md section 7):
 * `GET /api/companies/{siren}` answers the name that
 * notice gives it and the notice itself (`known_from` `bodacc`), for the registered company and for a seller of
 * a sale; a group's SIRENs show that name with `known_from` `bodacc`. On the real sales bulletin BODACC A
 * n°20210005 (test/fixtures/bodacc).
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEED_BODACC } from '../../server/modules/feeds/kinds';
import { createTestApp, type Client, type TestApp } from '../helpers/app';
import { runFeedFile } from '../helpers/feed-job';

const SALES = path.join(__dirname, '../fixtures/bodacc/RCS-A_BXA20210005_ventes.xml');
const NOTICE = (n: number) => ({
  label: `BODACC A n°20210005 du 08/01/2021, avis n°${n}`,
  url: `https://www.bodacc.fr/pages/annonces-commerciales-detail/?q.id=id:A20210005${n}`,
});

let t: TestApp;
let root: Client;

beforeAll(async () => {
  t = await createTestApp();
  root = await t.superAdmin();
  expect((await runFeedFile(t.ctx, FEED_BODACC, SALES)).state).toBe('done');
});
afterAll(async () => t?.close());

describe('a SIREN only a BODACC notice names', () => {
  it('the company registering the sale: its name as the notice gives it, and the notice', async () => {
    const res = await root.get('/api/companies/892606575');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      siren: '892606575',
      known_from: 'bodacc',
      name: 'BELLEVUE',
      sigle: null,
      state: null,
      legal_form: null,
      legal_form_label: null,
      naf_code: null,
      naf_nomenclature: null,
      naf_label: null,
      created_on: null,
      head_office: null,
      establishments: [],
      establishments_total: 0,
      notice: NOTICE(1),
    });
  });

  it('a seller of a sale (a person with a SIREN, notice 549): the legal name the notice gives', async () => {
    const res = await root.get('/api/companies/450427521');
    expect(res.json()).toMatchObject({ known_from: 'bodacc', name: "Sylvie FOUCHIER (nom d’usage SPAZIANO)", notice: NOTICE(549) });
  });

  it('a SIREN that nothing names is still a 404', async () => {
    const res = await root.get('/api/companies/552032534');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Entreprise inconnue au répertoire.' });
  });

  it('a group line shows the notice’s name, known from the BODACC; a seller’s SIREN without a registered name is known too', async () => {
    const created = await root.post('/api/groups/store', { name: 'Acquéreurs', status: 1 });
    expect(created.statusCode, created.body).toBeLessThan(300);
    const [group] = ((await root.get('/api/groups/all')).json() as Array<{ id: number; name: string }>).filter((g) => g.name === 'Acquéreurs');
    expect((await root.post('/api/groups/addsirens', { id: group.id, sirens: ['892606575', '753166792', '552032534'] })).statusCode).toBe(200);
    const page = await root.post(`/api/groups/filtersirens/${group.id}?page=1`, { orderBy: { column: 'siren', direction: 'asc' } });
    expect(page.statusCode, page.body).toBe(200);
    const lines = (page.json() as { data: Array<{ siren: string; company_name: string | null; known_from: string | null }> }).data;
    expect(lines.map(({ siren, company_name, known_from }) => ({ siren, company_name, known_from }))).toEqual([
      { siren: '552032534', company_name: null, known_from: null },
      // Jérémie Laminette is the seller of notice 1: no notice registers him, so no name, but the BODACC names his SIREN.
      { siren: '753166792', company_name: null, known_from: 'bodacc' },
      { siren: '892606575', company_name: 'BELLEVUE', known_from: 'bodacc' },
    ]);
  });
});
