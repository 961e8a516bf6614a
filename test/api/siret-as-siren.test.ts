/**
 * A SIRET pasted where a SIREN is asked, through the whole app: a valid SIRET is taken for its SIREN (its first
 * 9 digits) and the reduction is said, an invalid one gets its own message (contract/siren.ts
 * `readSirenOrSiret`). The group lines (`POST /api/groups/addsirens`) and the RNE queues' lines (manual add,
 * feed push) answer a note per SIRET line; the article (`POST /api/news/addnews`), the news CSV rows, the deal
 * entities (`storedeal`, `updatedeal`) store the SIREN; `GET /api/companies/{siret}` answers the company.
 * Real identifiers of test/fixtures/samples: Danone (SIREN 552032534, head-office SIRET 55203253400703) and
 * La Poste (SIRET 35600000049837, valid by its digit-sum rule only).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Client, type TestApp } from '../helpers/app';
import { createDeal, dealPayload, payloadOf, type Deal } from '../helpers/deals';
import { cancel, createCategory, csvText, importDone, temporaries, utf8, type Category } from '../helpers/news';
import { rowsOf } from '../../server/db/rows';

const FEED_TOKEN = 'siret-as-siren-feed-token-0123456789';
const DANONE = { siret: '55203253400703', siren: '552032534', spaced: '552 032 534 00703' };
const LA_POSTE = { siret: '35600000049837', siren: '356000000' };
const BAD_DANONE = '55203253400704';
const BAD_SIRET_MESSAGE = 'Le SIRET 55203253400704 est invalide (clé de contrôle incorrecte).';
const SIREN_MESSAGE = 'Le siren doit comporter 9 chiffres valides.';
const UPDATED = 'Les sirens ont été mis à jour avec succès.';
const note = (line: number, siret: string, siren: string) => `Ligne ${line}\u00a0: SIRET ${siret} → SIREN ${siren}`;

let t: TestApp;
let root: Client;
let bank: Category;
let seq = 0;
beforeAll(async () => {
  t = await createTestApp({ FEED_TOKEN });
  root = await t.superAdmin();
  bank = await createCategory(root, 'Banque', 'Banking');
  // The register's record of Danone (annuaire-entreprises fixture), for the company lookup and the entity's name.
  await t.ctx.db.execute(sql`insert into companies (siren, name) values (${DANONE.siren}, 'DANONE')`);
});
afterAll(async () => t?.close());

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(t.ctx.db, query);
}

describe('group lines: POST /api/groups/addsirens', () => {
  async function newGroup(): Promise<number> {
    const res = await root.post('/api/groups/store', { name: `Groupe SIRET ${++seq}` });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  }
  const stored = async (id: number) =>
    (await rows<{ siren: string }>(sql`select siren from group_sirens where group_id = ${id} order by siren`)).map((r) => r.siren);

  it('stores the SIREN of each SIRET line and notes it on its line', async () => {
    const id = await newGroup();
    const res = await root.post('/api/groups/addsirens', { id, sirens: ['542051180', DANONE.spaced, LA_POSTE.siret], lines: [1, 3, 4] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: UPDATED,
      added: 3,
      already_present: 0,
      sirens_count: 3,
      notes: [note(3, DANONE.siret, DANONE.siren), note(4, LA_POSTE.siret, LA_POSTE.siren)],
    });
    expect(await stored(id)).toEqual([LA_POSTE.siren, '542051180', DANONE.siren]);
  });

  it('counts a SIRET whose SIREN is already there (or on another line) as already present; no notes without SIRETs', async () => {
    const id = await newGroup();
    const first = await root.post('/api/groups/addsirens', { id, sirens: [DANONE.siren] });
    expect(first.json()).toEqual({ message: UPDATED, added: 1, already_present: 0, sirens_count: 1 });
    const res = await root.post('/api/groups/addsirens', { id, sirens: [DANONE.siret, '35600000000048', LA_POSTE.siret] });
    expect(res.json()).toEqual({
      message: UPDATED,
      added: 1,
      already_present: 2,
      sirens_count: 2,
      notes: [note(1, DANONE.siret, DANONE.siren), note(2, '35600000000048', LA_POSTE.siren), note(3, LA_POSTE.siret, LA_POSTE.siren)],
    });
  });

  it('refuses the whole list when a SIRET line is invalid, with its own message, and adds nothing', async () => {
    const id = await newGroup();
    const res = await root.post('/api/groups/addsirens', { id, sirens: [DANONE.siret, BAD_DANONE, '12345678900007'], lines: [2, 5, 6] });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: `Ligne 5\u00a0: le SIRET ${BAD_DANONE} est invalide (clé de contrôle incorrecte).`,
      errors: {
        sirens: [
          `Ligne 5\u00a0: le SIRET ${BAD_DANONE} est invalide (clé de contrôle incorrecte).`,
          'Ligne 6\u00a0: le SIRET 12345678900007 est invalide (son SIREN 123456789 a une clé de contrôle incorrecte).',
        ],
      },
    });
    expect(await stored(id)).toEqual([]);
  });
});

describe('RNE queues: manual add and feed push', () => {
  const waiting = async (siren: string) =>
    rows<{ queue: string; reason: string }>(sql`select queue, reason from rne_queue where siren = ${siren} and state = 'waiting' order by id`);

  it('the manual add queues the SIREN of a SIRET line, notes it, and refuses an invalid SIRET line', async () => {
    const res = await root.post('/api/supervisions/queues/officers/sirens', { sirens: [LA_POSTE.siret], lines: [2] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: 'File «\u00a0Différentiel sur les dirigeants\u00a0»\u00a0: 1 siren(s) ajouté(s), 0 déjà en attente.',
      queued: 1,
      already_waiting: 0,
      notes: [note(2, LA_POSTE.siret, LA_POSTE.siren)],
    });
    expect(await waiting(LA_POSTE.siren)).toEqual([{ queue: 'officers', reason: 'Saisie manuelle' }]);
    const bad = await root.post('/api/supervisions/queues/accounts/sirens', { sirens: [DANONE.siret, BAD_DANONE] });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ sirens: [`Ligne 2\u00a0: le SIRET ${BAD_DANONE} est invalide (clé de contrôle incorrecte).`] });
    expect(await waiting(DANONE.siren)).toEqual([]);
  });

  it('the feed push takes SIRETs the same way', async () => {
    const res = await t.anon().call('POST', '/api/feeds/queues/accounts', { sirens: [DANONE.siret] }, { noXhr: true, noCsrf: true, headers: { authorization: `Bearer ${FEED_TOKEN}` } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ queued: 1, already_waiting: 0, notes: [note(1, DANONE.siret, DANONE.siren)] });
    expect(await waiting(DANONE.siren)).toEqual([{ queue: 'accounts', reason: 'Flux externe' }]);
  });
});

describe('news: POST /api/news/addnews and the CSV rows', () => {
  const article = (siren: string) => ({ newscategory_id: bank.id, siren, name: 'Danone', title: `Article ${++seq}`, posted: '15/07/2026 14:30', url: `https://www.example.com/siret/${seq}` });

  it('publishes the article under the SIREN of a pasted SIRET', async () => {
    const res = await root.post('/api/news/addnews', article(DANONE.spaced));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ siren: DANONE.siren, theme: 'Banque' });
    const found = await root.post('/api/hows/listbysiren', { siren: DANONE.siren });
    expect(found.json()).toEqual([res.json()]);
  });

  it('refuses an invalid SIRET with its own message under Siren, and an invalid SIREN with the SIREN one', async () => {
    const bad = await root.post('/api/news/addnews', article(BAD_DANONE));
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({ message: BAD_SIRET_MESSAGE, errors: { siren: [BAD_SIRET_MESSAGE] } });
    const badSiren = await root.post('/api/news/addnews', article('552032535'));
    expect(badSiren.json().errors).toEqual({ siren: [SIREN_MESSAGE] });
  });

  it('a CSV row keeps the SIREN of its SIRET, the job says which lines were reduced; a bad SIRET row is in error', async () => {
    const a = await t.newAdmin();
    const url = (n: number) => `https://www.example.com/csv-siret/${n}`;
    const file = csvText([
      [DANONE.siret, 'Danone', 'Par le SIRET', 'Banque', 'Source', url(1), '15/07/2026'],
      ['542051180', 'Total', 'Par le SIREN', 'Banque', 'Source', url(2), '15/07/2026'],
      [BAD_DANONE, 'Danone', 'SIRET faux', 'Banque', 'Source', url(3), '15/07/2026'],
      [LA_POSTE.siret, 'La Poste', 'La Poste', 'Banque', 'Source', url(4), '15/07/2026'],
    ]);
    const job = await importDone(a.client, 'sirets.csv', utf8(file));
    expect(job.result).toEqual({
      rows: 4,
      rows_in_error: 1,
      rows_in_error_before_duplicates: 1,
      sirets_reduced: 2,
      siret_notes: [note(2, DANONE.siret, DANONE.siren), note(5, LA_POSTE.siret, LA_POSTE.siren)],
      summary: { rows_read: 4, created: 3, updated: 0, unchanged: 0, log_entries: 0, rne_queued: 0, in_error: 1 },
    });
    const page = await temporaries(a.client, { orderBy: { column: 'id', direction: 'asc' } });
    expect(page.data.map((r) => [r.line, r.siren, r.errors])).toEqual([
      [2, DANONE.siren, []],
      [3, '542051180', []],
      [4, BAD_DANONE, [BAD_SIRET_MESSAGE]],
      [5, LA_POSTE.siren, []],
    ]);
    expect(await cancel(a.client)).toBe(4);
  });
});

describe('deal entities: storedeal and updatedeal', () => {
  it('stores the SIREN of an entity’s SIRET, its name taken from the register when not given', async () => {
    const deal = await createDeal(root, { entities: [{ siren: DANONE.siret, name: '', entityrole_id: 0 }, { siren: LA_POSTE.siret, name: 'La Poste', entityrole_id: 0 }] });
    expect(deal.entities.map((e) => [e.siren, e.name])).toEqual([
      [DANONE.siren, 'DANONE'],
      [LA_POSTE.siren, 'La Poste'],
    ]);
    const res = await root.post(`/api/transactions/updatedeal/${deal.id}`, { ...payloadOf(deal), entities: [{ siren: DANONE.spaced, name: 'Danone SA' }] });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as Deal).entities.map((e) => [e.siren, e.name])).toEqual([[DANONE.siren, 'Danone SA']]);
  });

  it('refuses an invalid SIRET under entities.N.siren with its own message', async () => {
    const res = await root.post('/api/transactions/storedeal', dealPayload({ entities: [{ siren: DANONE.siret, name: 'Bonne' }, { siren: BAD_DANONE, name: 'Mauvaise' }] }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ 'entities.1.siren': [BAD_SIRET_MESSAGE] });
  });
});

describe('company lookup: GET /api/companies/{siren}', () => {
  it('answers the company of a SIRET (spaces allowed), and the SIRET message for an invalid one', async () => {
    for (const value of [DANONE.siret, DANONE.spaced]) {
      const res = await root.get(`/api/companies/${encodeURIComponent(value)}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ siren: DANONE.siren, name: 'DANONE' });
    }
    const bad = await root.get(`/api/companies/${BAD_DANONE}`);
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({ message: BAD_SIRET_MESSAGE, errors: { siren: [BAD_SIRET_MESSAGE] } });
  });
});
