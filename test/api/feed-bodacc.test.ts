/**
 * The BODACC importer, job kind `feed-bodacc`, on the real samples
 * (test/fixtures/bodacc/, see PROVENANCE.md): the DILA XML bulletin BODACC A n°20210005 (29 sales + 30 other
 * notices) and the Opendatasoft exports (3 records, v1 real, v2.1 re-shaped from it). Checks what is stored
 * (announcements, transaction rows, update-log entries, feed_files records, the update-log rollups), that a
 * re-import adds nothing, and that a broken file (XML, JSON of unknown shape, a failure during the merge)
 * leaves nothing but a status 0 record with its French error.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findJob, type JobRow } from '../../server/jobs/store';
import type { JobQueue } from '../../server/jobs/queue';
import { INTERRUPTED_MESSAGE, JOB_FAILED_MESSAGE } from '../../server/jobs/failure';
import { bodaccJob } from '../../server/modules/feeds/bodacc/job';
import { UNKNOWN_JSON_SHAPE } from '../../server/modules/feeds/bodacc/json';
import { UNKNOWN_FORMAT } from '../../server/modules/feeds/bodacc/read';
import { bodaccJobDefinition } from '../../server/modules/feeds/jobs';
import type { FeedJobPayload } from '../../server/modules/feeds/kinds';
import { createTestApp, type TestApp } from '../helpers/app';
import { rowsOf } from '../../server/db/rows';

const FIXTURES = path.join(__dirname, '../fixtures/bodacc');
const SALES = path.join(FIXTURES, 'RCS-A_BXA20210005_ventes.xml');
const OTHERS = path.join(FIXTURES, 'RCS-A_BXA20210005_first30_other_avis.xml');
const ODS_V1 = path.join(FIXTURES, 'ods_api_v1_search_registre_880878145.json');
const ODS_V21 = path.join(FIXTURES, 'ods_api_v21_records_registre_880878145.json');
/**
 * Sales of the sample whose seller is given with its SIREN: 16 previous owners that are companies
 * (`precedentProprietairePM`) and 10 persons (`precedentProprietairePP`, `precedentExploitantPP`).
 */
const SELLER_SIRENS = 26;
const ISSUE_A = 'BODACC A n°20210005 du 08/01/2021';

let t: TestApp;
let queue: JobQueue;
let tmp: string;

beforeAll(async () => {
  t = await createTestApp();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'vigie-bodacc-'));
  queue = t.ctx.jobs; // the feeds module registers `feed-bodacc` (bodaccJob) in the app's queue
});
afterAll(async () => {
  await t?.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

/** Writes `data` to a temporary file named `name`. @returns its path */
function temp(name: string, data: string | Buffer): string {
  const p = path.join(tmp, name);
  fs.writeFileSync(p, data);
  return p;
}

/** Runs the job on the file at `file` (shown as `filename`) and waits for its end. */
async function importFile(file: string, filename = path.basename(file)): Promise<JobRow> {
  const payload: FeedJobPayload = { filename, origin: 'cli', input: { kind: 'path', path: file } };
  const job = await queue.create(bodaccJobDefinition, null, payload);
  await queue.dispatch(job, fs.existsSync(file) ? fs.statSync(file).size : null);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const row = await findJob(t.ctx.db, job.id);
    if (row && (row.state === 'done' || row.state === 'failed')) return row;
    if (Date.now() > deadline) throw new Error(`job ${job.id} still ${row?.state}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(t.ctx.db, query);
}

async function counts() {
  const [c] = await rows<{ a: number; tx: number; log: number; files: number }>(sql`select
    (select count(*)::int from announcements) as a, (select count(*)::int from bodacc_transactions) as tx,
    (select count(*)::int from update_log) as log, (select count(*)::int from feed_files) as files`);
  return c;
}

async function fileRecord(jobId: string) {
  const [r] = await rows<{ feed: string; filename: string; status: number; lines: number; error: string | null; origin: string; summary: unknown }>(
    sql`select feed, filename, status, lines::int as lines, error, origin, summary from feed_files where job_id = ${jobId}`,
  );
  return r;
}

/** The update-log rollups equal a count of the log itself. */
async function expectRollupsExact() {
  const [daily] = await rows<{ rollup: number; log: number }>(sql`select
    (select coalesce(sum(entries), 0)::int from update_log_daily) as rollup, (select count(*)::int from update_log) as log`);
  expect(daily.rollup).toBe(daily.log);
  const diff = await rows(sql`
    select coalesce(l.siren, c.siren) as siren, l.n, c.entries from
      (select siren, count(*)::int as n from update_log group by siren) l
      full join (select siren, entries::int as entries from update_log_siren_counts where entries > 0) c on c.siren = l.siren
     where l.n is distinct from c.entries`);
  expect(diff).toEqual([]);
  const perDay = await rows(sql`
    select coalesce(l.day, d.day) as day from
      (select (created_at at time zone 'Europe/Paris')::date as day, count(*)::int as n from update_log group by 1) l
      full join (select day, entries::int as entries from update_log_daily where entries > 0) d on d.day = l.day
     where l.n is distinct from d.entries`);
  expect(perDay).toEqual([]);
}

describe('the DILA XML bulletin BODACC A n°20210005', () => {
  it('imports the 29 sales: 29 notices, 29 transaction rows, one log entry per SIREN named (buyers, and sellers with a SIREN), the file record', async () => {
    const before = await counts();
    const job = await importFile(SALES);
    expect(job.state, job.error ?? '').toBe('done');
    expect(job.result).toMatchObject({ feed: 'bodacc', lines: 29, notices: 29, new: 29, duplicates: 0, sales: 29, log_entries: 29 + SELLER_SIRENS, created: 29, updated: 0, unchanged: 0 });
    expect(Number(job.rowsRead)).toBe(29);
    expect(Number(job.bytesRead)).toBe(fs.statSync(SALES).size);
    expect(await fileRecord(job.id)).toEqual({
      feed: 'bodacc',
      filename: 'RCS-A_BXA20210005_ventes.xml',
      status: 1,
      lines: 29,
      error: null,
      origin: 'cli',
      summary: {
        notices: 29,
        new: 29,
        duplicates: 0,
        sales: 29,
        sales_withdrawn: 0,
        log_entries: 29 + SELLER_SIRENS,
        // The summary every import keeps (contract/import-summary.ts).
        rows_read: 29,
        created: 29,
        updated: 0,
        unchanged: 0,
        rne_queued: 0,
      },
    });
    const after = await counts();
    expect(after).toEqual({ a: before.a + 29, tx: before.tx + 29, log: before.log + 29 + SELLER_SIRENS, files: before.files + 1 });
    const fam = await rows(sql`select family, family_label, bulletin, issue, to_char(issue_date, 'YYYY-MM-DD') as d, count(*)::int as n
      from announcements group by 1, 2, 3, 4, 5`);
    expect(fam).toEqual([{ family: 'vente', family_label: 'Ventes et cessions', bulletin: 'A', issue: '20210005', d: '2021-01-08', n: 29 }]);
  });

  it('stores each notice with its SIRENs (spaces removed), company, court and raw notice', async () => {
    const [a] = await rows<{ sirens: string[]; company_name: string; court: string; notice_number: number; raw: Record<string, unknown>; linked: boolean }>(sql`
      select sirens, company_name, court, notice_number, raw, feed_file_id is not null as linked from announcements where issue = '20210005' and notice_number = 1`);
    expect(a).toMatchObject({ sirens: ['892606575'], company_name: 'BELLEVUE', court: 'GREFFE DU TRIBUNAL DE COMMERCE DE ST-QUENTIN', notice_number: 1, linked: true });
    expect(a.raw).toMatchObject({ numeroAnnonce: '1', nojo: '0202BP2021B0000', acte: { vente: { categorieVente: "Achat d'un établissement principal par une personne morale lors de l'immatriculation" } } });
    const [{ bad }] = await rows<{ bad: number }>(sql`select count(*)::int as bad from announcements where cardinality(sirens) <> 1 or exists (select 1 from unnest(sirens) s where s !~ '^[0-9]{9}$')`);
    expect(bad).toBe(0);
  });

  it('turns every sale into a transaction row: buyer, sellers, nature, category, price, date, link, source', async () => {
    type Tx = Record<string, string | number | string[] | null>;
    const all = await rows<Tx>(sql`select t.*, to_char(t.announced_on, 'YYYY-MM-DD') as day, a.notice_number
      from bodacc_transactions t join announcements a on a.id = t.announcement_id where a.issue = '20210005' order by a.notice_number`);
    expect(all).toHaveLength(29);
    for (const r of all) {
      // Every buyer of the bulletin is registered at a French RCS: France is stated; the investment direction is not.
      expect(r).toMatchObject({ role: 'Acquéreur', day: '2021-01-08', source: `${ISSUE_A}, avis n°${r.notice_number}`, acquirer_country: 'France' });
      expect(r).toMatchObject({ french_investment_abroad: null, foreign_investment_in_france: null, buyer_iso1: null, target_country: 'France' });
      expect(r.siren).toMatch(/^\d{9}$/);
      expect(r.acquirer_siren).toBe(r.siren);
      expect(r.acquirer_name).toBe(r.company_name);
      expect(r.seller_name).toBeTruthy();
      expect(r.deal_type1).toBeTruthy();
      expect(r.deal_type2).toBeTruthy();
      // Every one of the 29 real notices states its amount in origineFonds.
      expect(r.currency).toBe('EUR');
      expect(Number(r.amount)).toBeGreaterThan(0);
      expect(r.url).toBe(`https://www.bodacc.fr/pages/annonces-commerciales-detail/?q.id=id:A20210005${r.notice_number}`);
      expect(r.transaction_number).toBe(`A20210005${r.notice_number}`);
    }
    const by = (n: number) => all.find((r) => r.notice_number === n)!;
    // A contribution at a valuation (« Apport en société au montant évalué à 192691,00 euros »), not a purchase.
    expect(by(1)).toMatchObject({
      siren: '892606575',
      company_name: 'BELLEVUE',
      seller_name: 'Jérémie Laminette',
      seller_sirens: ['753166792'],
      seller_country: 'France',
      deal_type1: 'Apport de fonds en société',
      deal_type2: "Achat d'un établissement principal par une personne morale lors de l'immatriculation",
      amount: '192691.00',
      description: 'Jérémie Laminette apporte un fonds de commerce à BELLEVUE, évalué à 192\u202f691\u00a0€.',
    });
    // A person « RCS non inscrit » with no address: no SIREN, no country.
    expect(by(9)).toMatchObject({ siren: '888836236', company_name: 'GARAGE THOMAS', seller_name: 'Bernard Thomas', seller_sirens: [], seller_country: null, amount: '280000.00', deal_type1: 'Achat de fonds' });
    // A company (precedentProprietairePM) with its SIREN.
    expect(by(54)).toMatchObject({ siren: '891341901', company_name: 'AUTO SERVICES CROSNIER', seller_name: 'TBO PNEUS', seller_sirens: ['502262546'], amount: '90000.00', deal_type2: "Mise en activité d'une société suite à achat" });
    // "… au prix stipulé de 30000.00 EUR" and "… de 102000 Euros."
    expect(all.filter((r) => r.amount === '30000.00').length).toBe(2);
    expect(all.some((r) => r.amount === '102000.00')).toBe(true);
    const [{ pm, withSiren }] = await rows<{ pm: number; withSiren: number }>(sql`select count(*)::int as pm, count(*) filter (where cardinality(seller_sirens) > 0)::int as "withSiren"
      from bodacc_transactions where seller_name = upper(seller_name)`);
    expect(pm).toBeGreaterThanOrEqual(16);
    expect(withSiren).toBeGreaterThanOrEqual(16);
    const categories = await rows<{ deal_type2: string; n: number }>(sql`select deal_type2, count(*)::int as n from bodacc_transactions group by 1 order by 2 desc, 1`);
    expect(Object.fromEntries(categories.map((c) => [c.deal_type2, c.n]))).toEqual({
      "Mise en activité d'une société suite à achat": 10,
      "Achat d'un établissement principal par une personne morale lors de l'immatriculation": 6,
      "Achat d'un fonds par une personne morale (insertion provisoire)": 6,
      "Achat d'un établissement secondaire ou complémentaire par une personne morale": 3,
      "Autre achat, apport, attribution (immatriculation d'une personne morale, uniquement)": 2,
      "Achat d'un fonds par le locataire-gérant personne morale": 1,
      "Autre achat, apport, attribution (immatriculation d'une personne physique, uniquement)": 1,
    });
    const natures = await rows<{ deal_type1: string; n: number }>(sql`select deal_type1, count(*)::int as n from bodacc_transactions group by 1 order by 2 desc, 1`);
    expect(Object.fromEntries(natures.map((c) => [c.deal_type1, c.n]))).toEqual({
      'Achat de fonds': 27,
      'Achat de fonds par le locataire-gérant': 1,
      'Apport de fonds en société': 1,
    });
  });

  it('writes one update-log entry per SIREN a new notice names, code BODACC, with the exact description: its persons, then the seller', async () => {
    const log = await rows<{ code: string; siren: string; description: string }>(sql`select code, siren, description from update_log order by id`);
    expect(log).toHaveLength(29 + SELLER_SIRENS);
    // Notice 188 is a correction (typeAnnonce rectificatif) of notice 682 of BODACC A n°20200253, not stored here.
    const corrected = await rows<{ siren: string }>(sql`
      select unnest(sirens) as siren from announcements where notice_number = 188
      union select unnest(t.seller_sirens) from bodacc_transactions t join announcements a on a.id = t.announcement_id where a.notice_number = 188`);
    expect(corrected.length).toBeGreaterThan(0);
    const correctedSirens = new Set(corrected.map((c) => c.siren));
    for (const l of log) {
      expect(l.description).toBe(correctedSirens.has(l.siren) ? `Vente et cession (avis rectificatif) — ${ISSUE_A}` : `Vente et cession — ${ISSUE_A}`);
    }
    expect(log.every((l) => l.code === 'BODACC')).toBe(true);
    const sirens = await rows<{ s: string }>(sql`select s from (
        select a.id, n.ord, n.s from announcements a, unnest(a.sirens) with ordinality as n(s, ord)
        union all
        select a.id, 1000 + v.ord, v.s from announcements a join bodacc_transactions t on t.announcement_id = a.id,
               unnest(t.seller_sirens) with ordinality as v(s, ord)
         where not (v.s = any(a.sirens))) x
      order by id, ord`);
    expect(log.map((l) => l.siren)).toEqual(sirens.map((s) => s.s));
    // A previous owner given with its SIREN is logged with the notice.
    const sellers = await rows<{ s: string }>(sql`select distinct unnest(seller_sirens) as s from bodacc_transactions`);
    expect(sellers.length).toBeGreaterThan(0);
    for (const { s: siren } of sellers) expect(log.map((l) => l.siren)).toContain(siren);
    // Each entry keeps its source: the notice (issue, number, bodacc.fr page) and the file it was read from.
    const sources = await rows<{ siren: string; source_label: string; source_url: string; file: string }>(sql`
      select l.siren, l.source_label, l.source_url, f.filename as file from update_log l join feed_files f on f.id = l.source_file_id order by l.id`);
    expect(sources).toHaveLength(log.length);
    const [n515] = await rows<{ id: number }>(sql`select id::int from announcements where notice_number = 515`);
    expect(n515).toBeTruthy();
    expect(sources.filter((x) => x.siren === '312118755' || x.siren === '342012002')).toEqual([
      { siren: '342012002', source_label: `${ISSUE_A}, avis n°515`, source_url: 'https://www.bodacc.fr/pages/annonces-commerciales-detail/?q.id=id:A20210005515', file: 'RCS-A_BXA20210005_ventes.xml' },
      { siren: '312118755', source_label: `${ISSUE_A}, avis n°515`, source_url: 'https://www.bodacc.fr/pages/annonces-commerciales-detail/?q.id=id:A20210005515', file: 'RCS-A_BXA20210005_ventes.xml' },
    ]);
    await expectRollupsExact();
  });

  it('imports the 30 other notices (29 creations, 1 registration) without transaction rows', async () => {
    const before = await counts();
    const job = await importFile(OTHERS);
    expect(job.state, job.error ?? '').toBe('done');
    expect(job.result).toMatchObject({ notices: 30, new: 30, duplicates: 0, sales: 0 });
    const after = await counts();
    expect(after.a - before.a).toBe(30);
    expect(after.tx).toBe(before.tx);
    const fam = await rows(sql`select family, family_label, count(*)::int as n from announcements where family <> 'vente' group by 1, 2 order by 1`);
    expect(fam).toEqual([
      { family: 'creation', family_label: 'Créations', n: 29 },
      { family: 'immatriculation', family_label: 'Immatriculations', n: 1 },
    ]);
    const [{ sirens }] = await rows<{ sirens: number }>(sql`select count(*)::int as sirens from announcements a, unnest(a.sirens) where family <> 'vente'`);
    expect(after.log - before.log).toBe(sirens);
    expect((job.result as { log_entries: number }).log_entries).toBe(sirens);
    const descriptions = await rows(sql`select description, count(*)::int as n from update_log where description not like 'Vente%' group by 1 order by 1`);
    expect(descriptions).toEqual([
      { description: `Création — ${ISSUE_A}`, n: sirens - 1 },
      { description: `Immatriculation — ${ISSUE_A}`, n: 1 },
    ]);
    await expectRollupsExact();
  });

  it('a re-import adds nothing: no notice, no transaction row, no log entry; the file is recorded with its duplicates', async () => {
    const before = await counts();
    const job = await importFile(SALES, 'again.xml');
    expect(job.state, job.error ?? '').toBe('done');
    expect(job.result).toMatchObject({ notices: 29, new: 0, duplicates: 29, sales: 0, log_entries: 0 });
    expect(await counts()).toEqual({ ...before, files: before.files + 1 });
    expect(await fileRecord(job.id)).toMatchObject({ status: 1, lines: 29, summary: { notices: 29, new: 0, duplicates: 29, sales: 0, log_entries: 0 } });
    await expectRollupsExact();
  });

  it('detects the format from the content, not the name; a notice repeated in the file is stored once', async () => {
    const xml = fs.readFileSync(OTHERS, 'utf8');
    const first = /<avis>[\s\S]*?<\/avis>/.exec(xml)![0];
    const renumbered = first.replace(/<numeroAnnonce>\d+<\/numeroAnnonce>/, '<numeroAnnonce>900001</numeroAnnonce>');
    const file = temp('bulletin.json', xml.replace('<listeAvis>', `<listeAvis>${renumbered}${renumbered}`));
    const before = await counts();
    const job = await importFile(file);
    expect(job.state, job.error ?? '').toBe('done');
    expect(job.result).toMatchObject({ notices: 32, new: 1, duplicates: 31, log_entries: 1 });
    expect((await counts()).a).toBe(before.a + 1);
  });
});

describe('corrections and cancellations (typeAnnonce rectificatif, annulation)', () => {
  /** The `index`-th sale of the sample as a notice of kind `kind` numbered `numero`, naming the original. */
  function follower(index: number, kind: 'rectificatif' | 'annulation', numero: number, change: (avis: string) => string = (a) => a) {
    const xml = fs.readFileSync(SALES, 'utf8');
    const avis = [...xml.matchAll(/<avis>[\s\S]*?<\/avis>/g)][index][0];
    const original = Number(/<numeroAnnonce>(\d+)<\/numeroAnnonce>/.exec(avis)![1]);
    const previous = `<parutionAvisPrecedent><nomPublication>BODACC A</nomPublication><numeroParution>20210005</numeroParution><dateParution>2021-01-08</dateParution><numeroAnnonce>${original}</numeroAnnonce></parutionAvisPrecedent>`;
    const next = change(avis)
      .replace(/<typeAnnonce>[\s\S]*?<\/typeAnnonce>/, `<typeAnnonce><${kind}/></typeAnnonce>`)
      .replace(/<numeroAnnonce>\d+<\/numeroAnnonce>/, `<numeroAnnonce>${numero}</numeroAnnonce>`)
      .replace(/<parutionAvisPrecedent>[\s\S]*?<\/parutionAvisPrecedent>/, '')
      .replace('<acte>', `${previous}<acte>`);
    return { original, file: temp(`${kind}-${numero}.xml`, xml.replace(/<listeAvis>[\s\S]*<\/listeAvis>/, `<listeAvis>${next}</listeAvis>`)) };
  }
  const saleOf = (numero: number) =>
    rows<{ amount: string | null }>(sql`select t.amount::text as amount from bodacc_transactions t join announcements a on a.id = t.announcement_id where a.issue = '20210005' and a.notice_number = ${numero}`);

  it('a cancellation withdraws the sale’s transaction row, writes none, and is logged as a cancellation', async () => {
    const { original, file } = follower(8, 'annulation', 9001);
    expect(await saleOf(original)).toHaveLength(1);
    const before = await counts();
    const job = await importFile(file);
    expect(job.state, job.error ?? '').toBe('done');
    expect(job.result).toMatchObject({ notices: 1, new: 1, sales: 0, sales_withdrawn: 1 });
    expect(await saleOf(original)).toEqual([]);
    expect(await saleOf(9001)).toEqual([]);
    const after = await counts();
    expect(after.tx).toBe(before.tx - 1);
    expect(after.a).toBe(before.a + 1);
    const [{ sirens }] = await rows<{ sirens: string[] }>(sql`select sirens from announcements where issue = '20210005' and notice_number = 9001`);
    const log = await rows<{ siren: string; description: string }>(sql`select siren, description from update_log order by id desc limit ${after.log - before.log}`);
    expect(log.map((l) => l.description)).toEqual(sirens.map(() => `Vente et cession (avis d’annulation) — ${ISSUE_A}`));
    await expectRollupsExact();
  });

  it('a correction replaces the sale’s transaction row by its own', async () => {
    const { original, file } = follower(9, 'rectificatif', 9002, (a) => a.replace(/<origineFonds>[\s\S]*?<\/origineFonds>/, '<origineFonds>Prix : 123 456 euros</origineFonds>'));
    expect(await saleOf(original)).toHaveLength(1);
    const job = await importFile(file);
    expect(job.state, job.error ?? '').toBe('done');
    expect(job.result).toMatchObject({ notices: 1, new: 1, sales: 1, sales_withdrawn: 1 });
    expect(await saleOf(original)).toEqual([]);
    expect(await saleOf(9002)).toEqual([{ amount: '123456.00' }]);
    expect(await rows(sql`select description from update_log order by id desc limit 1`)).toEqual([{ description: `Vente et cession (avis rectificatif) — ${ISSUE_A}` }]);
  });
});

describe('SIRENs by the shared rule', () => {
  it('a mistyped SIREN (wrong check digit) names no company: the notice is stored without it, and it gets no log entry', async () => {
    const xml = fs.readFileSync(OTHERS, 'utf8');
    const first = /<avis>[\s\S]*?<\/avis>/.exec(xml)![0];
    expect(first).toContain('<numeroIdentification>539 217 455</numeroIdentification>');
    const mistyped = first
      .replace(/<numeroAnnonce>\d+<\/numeroAnnonce>/, '<numeroAnnonce>900002</numeroAnnonce>')
      .replace('539 217 455', '539 217 456');
    const file = temp('mistyped.xml', xml.replace(/<listeAvis>[\s\S]*<\/listeAvis>/, `<listeAvis>${mistyped}</listeAvis>`));
    const before = await counts();
    const job = await importFile(file);
    expect(job.state, job.error ?? '').toBe('done');
    expect(job.result).toMatchObject({ notices: 1, new: 1, log_entries: 0 });
    expect(await rows(sql`select sirens from announcements where notice_number = 900002`)).toEqual([{ sirens: [] }]);
    expect((await counts()).log).toBe(before.log);
    expect(await rows(sql`select 1 from update_log where siren = '539217456'`)).toEqual([]);
  });
});

describe('the Opendatasoft exports of annonces-commerciales', () => {
  it('imports the 3 records of the v1 export (registre a comma-joined string, JSON in strings)', async () => {
    const before = await counts();
    const job = await importFile(ODS_V1);
    expect(job.state, job.error ?? '').toBe('done');
    expect(job.result).toMatchObject({ notices: 3, new: 3, duplicates: 0, sales: 0, log_entries: 3 });
    const stored = await rows(sql`select bulletin, issue, to_char(issue_date, 'YYYY-MM-DD') as d, notice_number, family, family_label, sirens, company_name, court
      from announcements where bulletin <> 'A' order by issue_date`);
    expect(stored).toEqual([
      { bulletin: 'C', issue: '20210155', d: '2021-08-11', notice_number: 4392, family: 'dpc', family_label: 'Dépôts des comptes', sirens: ['880878145'], company_name: 'Ganymède', court: 'GREFFE DU TRIBUNAL DE COMMERCE DE PARIS' },
      { bulletin: 'C', issue: '20220090', d: '2022-05-08', notice_number: 2528, family: 'dpc', family_label: 'Dépôts des comptes', sirens: ['880878145'], company_name: 'Ganymède', court: 'Greffe du Tribunal de Commerce de paris' },
      { bulletin: 'B', issue: '20220227', d: '2022-11-23', notice_number: 446, family: 'radiation', family_label: 'Radiations', sirens: ['880878145'], company_name: 'Ganymède', court: 'GAAAreffe du Tribunal de Commerce de Paris' },
    ]);
    const log = await rows(sql`select code, siren, description from update_log where id > (select max(id) - 3 from update_log) order by id`);
    expect(log).toEqual([
      { code: 'BODACC', siren: '880878145', description: 'Radiation — BODACC B n°20220227 du 23/11/2022' },
      { code: 'BODACC', siren: '880878145', description: 'Dépôt des comptes — BODACC C n°20220090 du 08/05/2022' },
      { code: 'BODACC', siren: '880878145', description: 'Dépôt des comptes — BODACC C n°20210155 du 11/08/2021' },
    ]);
    const [raw] = await rows<{ raw: Record<string, unknown> }>(sql`select raw from announcements where bulletin = 'B'`);
    expect(raw.raw).toMatchObject({ recordid: 'b3a1c40bf7cfca27d86c0251e45e1a36ef7e8fd7', fields: { id: 'B20220227446' } });
    expect((await counts()).log).toBe(before.log + 3);
    await expectRollupsExact();
  });

  it('reads the v2.1 shape (registre a list, JSON fields as objects or strings): the same 3 notices, already stored', async () => {
    const before = await counts();
    const job = await importFile(ODS_V21);
    expect(job.state, job.error ?? '').toBe('done');
    expect(job.result).toMatchObject({ notices: 3, new: 0, duplicates: 3, log_entries: 0 });
    expect(await counts()).toEqual({ ...before, files: before.files + 1 });
  });
});

describe('a file that cannot be imported leaves nothing but its failed record', () => {
  async function expectFailure(file: string, error: string | RegExp, filename = path.basename(file)) {
    const before = await counts();
    const job = await importFile(file, filename);
    expect(job.state).toBe('failed');
    if (typeof error === 'string') expect(job.error).toBe(error);
    else expect(job.error).toMatch(error);
    const record = await fileRecord(job.id);
    expect(record).toMatchObject({ feed: 'bodacc', filename, status: 0, error: job.error });
    expect(await counts()).toEqual({ ...before, files: before.files + 1 });
    await expectRollupsExact();
    return { job, record };
  }

  it('broken XML: a truncated bulletin (after 20 complete notices)', async () => {
    const xml = fs.readFileSync(OTHERS, 'utf8');
    let at = 0;
    for (let i = 0; i < 20; i++) at = xml.indexOf('</avis>', at) + 7;
    const file = temp('tronque.xml', xml.slice(0, at + 200));
    const { record } = await expectFailure(file, /^Le fichier XML est mal formé \(ligne \d+, colonne \d+\u00a0: balise jamais fermée, fichier tronqué\u00a0\?\)\. Rien n’a été importé\.$/);
    expect(record.lines).toBe(20);
  });

  it('broken XML: a closing tag that does not match', async () => {
    const xml = fs.readFileSync(SALES, 'utf8').replace('</denomination>', '</denominatio>');
    await expectFailure(temp('casse.xml', xml), 'Le fichier XML est mal formé (ligne 23, colonne 55\u00a0: balise fermante inattendue). Rien n’a été importé.');
  });

  it('an XML that is not a BODACC bulletin', async () => {
    await expectFailure(temp('autre.xml', '<?xml version="1.0"?><catalogue><livre/></catalogue>'), 'Fichier XML non reconnu\u00a0: élément racine « catalogue » (un bulletin BODACC A « RCS-A_IMMAT » est attendu). Rien n’a été importé.');
  });

  it('a notice without its number', async () => {
    const xml = fs.readFileSync(SALES, 'utf8').replace('<numeroAnnonce>9</numeroAnnonce>', '<numeroAnnonce>neuf</numeroAnnonce>');
    await expectFailure(temp('sans-numero.xml', xml), 'Avis n°2 du fichier\u00a0: numéro d’annonce « neuf » invalide. Rien n’a été importé.');
  });

  it('a JSON of unknown shape', async () => {
    await expectFailure(temp('forme.json', JSON.stringify({ total: 1, annonces: [{ id: 'A1' }] })), UNKNOWN_JSON_SHAPE);
    await expectFailure(temp('records.json', JSON.stringify({ nhits: 1, records: [{ datasetid: 'x', recordid: 'y' }] })), UNKNOWN_JSON_SHAPE);
    await expectFailure(temp('nombre.json', '42'), UNKNOWN_FORMAT);
  });

  it('broken JSON: a truncated export', async () => {
    const text = fs.readFileSync(ODS_V1, 'utf8');
    await expectFailure(temp('tronque.json', text.slice(0, Math.floor(text.length * 0.8))), 'Le fichier JSON est mal formé ou tronqué. Rien n’a été importé.');
  });

  it('a file that is neither XML nor JSON, and an empty file', async () => {
    await expectFailure(temp('bodacc.xml', 'numero;date\n1;2021-01-08\n'), UNKNOWN_FORMAT);
    await expectFailure(temp('vide.xml', ''), 'Le fichier est vide. Rien n’a été importé.');
  });

  it('a file that is gone (CLI, inbox)', async () => {
    await expectFailure(path.join(tmp, 'parti.xml'), 'Le fichier « parti.xml » est introuvable ou illisible. Rien n’a été importé.');
  });

  it('a failure during the merge rolls back the notices already inserted (one transaction)', async () => {
    await t.ctx.db.execute(sql.raw(`create function bodacc_test_fail() returns trigger language plpgsql as $$ begin raise exception 'test failure'; end $$`));
    await t.ctx.db.execute(sql.raw('create trigger bodacc_test_fail before insert on bodacc_transactions for each statement execute function bodacc_test_fail()'));
    try {
      const xml = fs.readFileSync(SALES, 'utf8').replace('<parution>20210005</parution>', '<parution>20219999</parution>');
      await expectFailure(temp('echec.xml', xml), JOB_FAILED_MESSAGE);
      const [{ n }] = await rows<{ n: number }>(sql`select count(*)::int as n from announcements where issue = '20219999'`);
      expect(n).toBe(0);
    } finally {
      await t.ctx.db.execute(sql.raw('drop trigger bodacc_test_fail on bodacc_transactions'));
      await t.ctx.db.execute(sql.raw('drop function bodacc_test_fail()'));
    }
  });

  it('an interrupted job (dead process) is recorded once by cleanup, with the interrupted message', async () => {
    const payload: FeedJobPayload = { filename: 'coupe.xml', origin: 'inbox', input: { kind: 'path', path: SALES } };
    const job = await queue.create(bodaccJobDefinition, null, payload);
    await bodaccJob.cleanup(t.ctx.db, { id: job.id, payload });
    await bodaccJob.cleanup(t.ctx.db, { id: job.id, payload });
    const records = await rows(sql`select filename, status, error, origin from feed_files where job_id = ${job.id}`);
    expect(records).toEqual([{ filename: 'coupe.xml', status: 0, error: INTERRUPTED_MESSAGE, origin: 'inbox' }]);
    await queue.discard(job.id);
  });
});
