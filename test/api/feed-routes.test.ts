/**
 * The feed routes (SPEC section 7 "Supervision"): `bodaccall`, `inseeCompanies`,
 * `inseeLocations` (newest first), `POST import/{bodacc|sirene}` (real samples of test/fixtures uploaded, job
 * followed to its end, errors of the upload), `jobs`, `health` (levels by age, failures since the last
 * success), `GET /api/companies/{siren}` and the company name beside the SIRENs of a group; the session and
 * CSRF guard on each.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import type { FeedFileRecord, FeedHealth } from '../../contract/feeds';
import type { JobResponse } from '../../contract/jobs';
import { bodaccJobDefinition } from '../../server/modules/feeds/jobs';
import { createTestApp, multipart, type Client, type TestApp } from '../helpers/app';
import { waitForJob } from '../helpers/news';
import { validSiren } from '../helpers/sirens';
import { rowsOf } from '../../server/db/rows';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));
const fileError = (message: string) => ({ message, errors: { file: [message] } });
const RECEIVED = 'Fichier reçu\u00a0: import en cours.';
const NO_FILE = 'Veuillez choisir un fichier.';

let t: TestApp;
let root: Client;
beforeAll(async () => {
  t = await createTestApp({ FEED_INBOX: 'false' });
  root = await t.superAdmin();
});
afterAll(async () => t?.close());

/** Sends `data` as the multipart field `field` of `POST /api/supervisions/import/{feed}`. */
function upload(client: Client, feed: string, filename: string, data: Buffer, field = 'file') {
  const body = multipart(field, filename, 'application/octet-stream', data);
  return client.call('POST', `/api/supervisions/import/${feed}`, undefined, body);
}

/** Uploads, expects 202 with the queued job, waits for its end. */
async function imported(feed: 'bodacc' | 'sirene', filename: string, data: Buffer): Promise<JobResponse> {
  const res = await upload(root, feed, filename, data);
  expect(res.statusCode, res.body).toBe(202);
  const { message, job } = res.json() as { message: string; job: JobResponse };
  expect(message).toBe(RECEIVED);
  expect(job).toMatchObject({ state: 'queued', kind: `feed-${feed}`, filename, bytes_total: data.length, rows_read: 0 });
  return waitForJob(root, job.id);
}

async function list(name: 'bodaccall' | 'inseeCompanies' | 'inseeLocations'): Promise<FeedFileRecord[]> {
  const res = await root.get(`/api/supervisions/${name}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as FeedFileRecord[];
}

async function health(): Promise<Record<string, FeedHealth>> {
  const res = await root.get('/api/supervisions/health');
  expect(res.statusCode, res.body).toBe(200);
  return Object.fromEntries((res.json() as FeedHealth[]).map((h) => [h.feed, h]));
}

describe('before any file', () => {
  it('the three lists are empty, the health says none, no job runs', async () => {
    expect(await list('bodaccall')).toEqual([]);
    expect(await list('inseeCompanies')).toEqual([]);
    expect(await list('inseeLocations')).toEqual([]);
    expect(Object.values(await health())).toEqual([
      { feed: 'bodacc', label: 'BODACC', last_success: null, age_hours: null, expected_hours: 24, level: 'none', consecutive_failures: 0, scheduled: false },
      { feed: 'sirene', label: 'INSEE Sirene', last_success: null, age_hours: null, expected_hours: 744, level: 'none', consecutive_failures: 0, scheduled: false },
    ]);
    expect((await root.get('/api/supervisions/jobs')).json()).toEqual([]);
  });
});

describe('POST /api/supervisions/import/{feed}', () => {
  it('imports a real BODACC bulletin: 202, job done, listed first with status 1 and its notices', async () => {
    const job = await imported('bodacc', 'RCS-A_BXA20210005_ventes.xml', fixture('bodacc/RCS-A_BXA20210005_ventes.xml'));
    expect(job.state, job.error ?? '').toBe('done');
    const [first] = await list('bodaccall');
    expect(first).toEqual({
      id: expect.any(Number),
      filename: 'RCS-A_BXA20210005_ventes.xml',
      status: 1,
      date_creation: expect.stringMatching(/Z$/),
      lines: 29,
      error: null,
      origin: 'upload',
      // What the import did, kept with the file: 29 notices, all new, 55 update-log entries.
      summary: { rows_read: 29, created: 29, updated: 0, unchanged: 0, log_entries: 55, rne_queued: 0 },
    });
    expect(job.result?.summary).toEqual(first.summary);
  });

  it('imports the Opendatasoft JSON export and the other notices; the list is newest first', async () => {
    expect((await imported('bodacc', 'ods.json', fixture('bodacc/ods_api_v1_search_registre_880878145.json'))).state).toBe('done');
    expect((await imported('bodacc', 'autres.xml', fixture('bodacc/RCS-A_BXA20210005_first30_other_avis.xml'))).state).toBe('done');
    const files = await list('bodaccall');
    expect(files.map((f) => [f.filename, f.lines])).toEqual([
      ['autres.xml', 30],
      ['ods.json', 3],
      ['RCS-A_BXA20210005_ventes.xml', 29],
    ]);
    expect(files[0].id).toBeGreaterThan(files[1].id);
  });

  it('a broken XML ends failed: listed with status 0 and its French error', async () => {
    const broken = fixture('bodacc/RCS-A_BXA20210005_ventes.xml').subarray(0, 5000);
    const job = await imported('bodacc', 'casse.xml', broken);
    expect(job.state).toBe('failed');
    expect(job.error).toMatch(/XML/);
    const [first] = await list('bodaccall');
    expect(first).toMatchObject({ filename: 'casse.xml', status: 0, error: job.error, origin: 'upload', summary: null });
  });

  it('imports the INSEE companies and establishments into their own lists, with their lines', async () => {
    expect((await imported('sirene', 'StockUniteLegale_sample.csv', fixture('sirene/StockUniteLegale_sample.csv'))).state).toBe('done');
    expect((await imported('sirene', 'StockUniteLegale_2019.csv', fixture('sirene/legacy_2019_format/StockUniteLegale_2019_etalab_fixture.csv'))).state).toBe('done');
    expect((await imported('sirene', 'StockEtablissement_sample.csv', fixture('sirene/StockEtablissement_sample.csv'))).state).toBe('done');
    expect((await list('inseeCompanies')).map((f) => [f.filename, f.status, f.lines])).toEqual([
      ['StockUniteLegale_2019.csv', 1, 3],
      ['StockUniteLegale_sample.csv', 1, 97],
    ]);
    expect((await list('inseeLocations')).map((f) => [f.filename, f.status, f.lines, f.origin])).toEqual([['StockEtablissement_sample.csv', 1, 72, 'upload']]);
    // A first load inserts every row and logs nothing; the 2019 file then meets those rows again.
    expect((await list('inseeCompanies')).map((f) => f.summary)).toEqual([
      { rows_read: 3, created: expect.any(Number), updated: expect.any(Number), unchanged: expect.any(Number), log_entries: expect.any(Number), rne_queued: 0 },
      { rows_read: 97, created: 97, updated: 0, unchanged: 0, log_entries: 0, rne_queued: 0 },
    ]);
    const [second] = await list('inseeCompanies');
    expect(second.summary!.created + second.summary!.updated + second.summary!.unchanged).toBe(3);
  });

  it('imports the zip INSEE ships (streamed from the archive)', async () => {
    const zip = new yazl.ZipFile();
    zip.addBuffer(fixture('sirene/legacy_2019_format/StockEtablissement_geo_2019_etalab_fixture.csv'), 'StockEtablissement_utf8.csv');
    zip.end();
    const chunks: Buffer[] = [];
    for await (const c of zip.outputStream as AsyncIterable<Buffer>) chunks.push(c);
    const job = await imported('sirene', 'StockEtablissement_utf8.zip', Buffer.concat(chunks));
    expect(job.state, job.error ?? '').toBe('done');
    expect((await list('inseeLocations'))[0]).toMatchObject({ filename: 'StockEtablissement_utf8.zip', status: 1, lines: 3 });
  });

  it('refuses a request without a file, or with another field, in French (422 errors.file)', async () => {
    const other = await upload(root, 'bodacc', 'a.xml', Buffer.from('<a/>'), 'document');
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual(fileError(NO_FILE));
    const json = await root.post('/api/supervisions/import/bodacc', { file: 'x' });
    expect(json.statusCode).toBe(422);
    expect(json.json()).toEqual(fileError(NO_FILE));
  });

  it('refuses the wrong file types of each feed', async () => {
    for (const [feed, name] of [
      ['sirene', 'stock.xml'],
      ['sirene', 'stock.txt'],
      ['bodacc', 'bulletin.csv'],
      ['bodacc', 'bulletin.zip'],
    ] as const) {
      const res = await upload(root, feed, name, Buffer.from('x'));
      expect(res.statusCode, name).toBe(422);
      expect(res.json()).toEqual(
        fileError(feed === 'sirene' ? 'Seuls les fichiers .csv et .zip sont acceptés pour INSEE Sirene.' : 'Seuls les fichiers .xml et .json sont acceptés pour le BODACC.'),
      );
    }
    // Upper-case extensions are fine.
    expect((await imported('bodacc', 'BULLETIN.XML', fixture('bodacc/RCS-A_BXA20210005_ventes.xml'))).state).toBe('done');
  });

  it('refuses an unknown feed, and a body announced over 200 MB before reading it', async () => {
    const res = await upload(root, 'rne', 'a.csv', Buffer.from('x'));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: 'Flux inconnu.', errors: { feed: ['Flux inconnu.'] } });
    const body = multipart('file', 'StockUniteLegale.zip', 'application/zip', Buffer.from('x'));
    const big = await root.call('POST', '/api/supervisions/import/sirene', undefined, {
      payload: body.payload,
      headers: { ...body.headers, 'content-length': String(202 * 1024 * 1024) },
    });
    expect(big.statusCode).toBe(422);
    expect(big.json()).toEqual(fileError('Le fichier dépasse 200 Mo\u00a0: déposez-le dans le dossier inbox/sirene du serveur, ou utilisez npm run feed:sirene.'));
  });

  it('a refused upload leaves no job and no stored file', async () => {
    const n = await rowsOf<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from jobs j where j.state in ('queued', 'running')`);
    expect(n[0].n).toBe(0);
    const [chunks] = await rowsOf<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from job_file_chunks`);
    expect(chunks.n).toBe(0);
  });

  it('needs a session and the CSRF header', async () => {
    const data = fixture('bodacc/ods_api_v1_search_registre_880878145.json');
    const anon = t.anon();
    const res = await upload(anon, 'bodacc', 'ods.json', data);
    expect(res.statusCode).toBe(401);
    const body = multipart('file', 'ods.json', 'application/json', data);
    const noCsrf = await root.call('POST', '/api/supervisions/import/bodacc', undefined, { ...body, noCsrf: true });
    expect(noCsrf.statusCode).toBe(419);
    expect(noCsrf.json()).toEqual({ message: 'La session a expiré. Rechargez la page.' });
  });
});

describe('GET /api/supervisions/jobs', () => {
  it('lists the queued and running feed jobs (of one feed with ?feed=), not the finished ones', async () => {
    const queued = await t.ctx.jobs.create(bodaccJobDefinition, null, { filename: 'attente.xml', origin: 'cli', input: { kind: 'path', path: '/nonexistent' } });
    try {
      const all = (await root.get('/api/supervisions/jobs')).json() as JobResponse[];
      expect(all.map((j) => [j.id, j.kind, j.state, j.filename])).toEqual([[queued.id, 'feed-bodacc', 'queued', 'attente.xml']]);
      expect((await root.get('/api/supervisions/jobs?feed=bodacc')).json()).toHaveLength(1);
      expect((await root.get('/api/supervisions/jobs?feed=sirene')).json()).toEqual([]);
      const bad = await root.get('/api/supervisions/jobs?feed=rne');
      expect(bad.statusCode).toBe(422);
      expect(bad.json()).toEqual({ message: 'Flux inconnu.', errors: { feed: ['Flux inconnu.'] } });
    } finally {
      await t.ctx.jobs.discard(queued.id);
    }
    expect((await root.get('/api/supervisions/jobs')).json()).toEqual([]);
  });
});

describe('GET /api/supervisions/health', () => {
  it('counts the failures since the last success and judges the age by the feed period', async () => {
    const h = await health();
    // BODACC: the broken XML failed after the last success... then BULLETIN.XML succeeded (above).
    expect(h.bodacc).toMatchObject({ level: 'green', consecutive_failures: 0, last_success: expect.any(String) });
    expect(h.bodacc.age_hours).toBeLessThan(1);
    expect(h.sirene).toMatchObject({ level: 'green', consecutive_failures: 0 });
    const setAge = (feeds: string[], hours: number) =>
      t.ctx.db.execute(sql`update feed_files set created_at = now() - make_interval(hours => ${hours}) where feed in (${sql.join(feeds.map((f) => sql`${f}`), sql`, `)})`);
    await setAge(['bodacc'], 40);
    expect((await health()).bodacc).toMatchObject({ level: 'orange', age_hours: 40 });
    await setAge(['bodacc'], 80);
    expect((await health()).bodacc).toMatchObject({ level: 'red', age_hours: 80 });
    await setAge(['sirene-companies', 'sirene-establishments'], 34 * 24);
    expect((await health()).sirene.level).toBe('green');
    await setAge(['sirene-companies', 'sirene-establishments'], 40 * 24);
    expect((await health()).sirene.level).toBe('orange');
    await setAge(['sirene-companies', 'sirene-establishments'], 63 * 24);
    expect((await health()).sirene.level).toBe('red');
    // A failure after the last success counts; the age stays the success's.
    await imported('sirene', 'vide.csv', Buffer.from('siren\n'));
    const after = (await health()).sirene;
    expect(after).toMatchObject({ consecutive_failures: 1, level: 'red', age_hours: 63 * 24 });
  });

  it('INSEE: failing companies files are not hidden by an establishments file that succeeds after them', async () => {
    const failed = await imported('sirene', 'StockUniteLegale_tronque.csv', fixture('sirene/StockUniteLegale_sample.csv').subarray(0, 4000));
    expect(failed.state).toBe('failed');
    const failures = (await health()).sirene.consecutive_failures;
    expect(failures).toBeGreaterThanOrEqual(2);
    expect((await imported('sirene', 'StockEtablissement.csv', fixture('sirene/StockEtablissement_sample.csv'))).state).toBe('done');
    const h = (await health()).sirene;
    expect(h.consecutive_failures).toBe(failures);
    expect(h.level).toBe('green');
    // A companies file that succeeds clears them.
    expect((await imported('sirene', 'StockUniteLegale.csv', fixture('sirene/StockUniteLegale_sample.csv'))).state).toBe('done');
    expect((await health()).sirene.consecutive_failures).toBe(0);
  });
});

describe('GET /api/companies/{siren}', () => {
  it('answers the company with its head-office address', async () => {
    const res = await root.get('/api/companies/000325175');
    expect(res.statusCode, res.body).toBe(200);
    const headOffice = {
      siret: '00032517500065',
      state: 'A',
      closed: false,
      head_office: true,
      name: null,
      naf_code: '32.12Z',
      naf_nomenclature: 'NAFRev2',
      naf_label: 'Fabrication d’articles de joaillerie et bijouterie',
      address_line1: expect.stringContaining('MARX DORMOY'),
      address_line2: null,
      postcode: '13004',
      commune_code: '13204',
      commune_name: 'MARSEILLE',
      created_on: expect.any(String),
    };
    expect(res.json()).toEqual({
      siren: '000325175',
      known_from: 'companies',
      name: expect.stringContaining('JANOYER'),
      sigle: null,
      state: 'A',
      legal_form: '1000',
      legal_form_label: 'Entrepreneur individuel',
      naf_code: '32.12Z',
      naf_nomenclature: 'NAFRev2',
      naf_label: 'Fabrication d’articles de joaillerie et bijouterie',
      created_on: '2000-09-26',
      head_office: headOffice,
      establishments: expect.any(Array),
      establishments_total: 6,
      notice: null,
    });
    const { establishments } = res.json() as { establishments: Array<{ siret: string; closed: boolean }> };
    expect(establishments).toHaveLength(6);
    expect(establishments[0]).toEqual(headOffice);
  });

  it('accepts spaces; head_office is null when the register has no establishment of it', async () => {
    const res = await root.get(`/api/companies/${encodeURIComponent('016 750 697')}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ siren: '016750697', name: 'ETS J VIRLY S A', state: 'A', naf_code: '77.39Z', head_office: null, establishments: [] });
  });

  it('404 for a valid SIREN the register does not know, 422 for an invalid one', async () => {
    const unknown = await root.get(`/api/companies/${validSiren(1, 99_000_000)}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Entreprise inconnue au répertoire.' });
    for (const bad of ['123', '016750698', 'abcdefghi']) {
      const res = await root.get(`/api/companies/${bad}`);
      expect(res.statusCode, bad).toBe(422);
      expect(res.json()).toEqual({ message: 'Le siren doit comporter 9 chiffres valides.', errors: { siren: ['Le siren doit comporter 9 chiffres valides.'] } });
    }
    expect((await t.anon().get('/api/companies/016750697')).statusCode).toBe(401);
  });
});

describe('groups: the company name beside each SIREN', () => {
  it('gives the register name, null for a SIREN the register does not know', async () => {
    const created = await root.post('/api/groups/store', { name: 'Registre', status: 1 });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as { id: number }).id;
    const unknown = validSiren(2, 99_000_000);
    expect((await root.post('/api/groups/addsirens', { id, sirens: ['016750697', unknown] })).statusCode).toBe(200);
    const page = await root.post(`/api/groups/filtersirens/${id}`, { orderBy: { column: 'siren', direction: 'asc' } });
    expect(page.statusCode, page.body).toBe(200);
    expect((page.json() as { data: Array<{ siren: string; company_name: string | null }> }).data.map((r) => [r.siren, r.company_name])).toEqual([
      ['016750697', 'ETS J VIRLY S A'],
      [unknown, null],
    ]);
  });
});
