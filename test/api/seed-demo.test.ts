/**
 * The demo seed (server/seed/demo.ts): real SIRENs, every module's data, two years of log, the real INSEE
 * Sirene and BODACC samples imported by the feed jobs (issue 9 section 6), idempotent; and no made-up fact
 * about a real company (issue 6 section 3): no log description names a listed company or states a legal or
 * corporate event, except the feeds' entries, which come from the real files, on the SIRENs they name.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidSiren } from '../../contract/siren';
import { DEMO_FEED_SAMPLES } from '../../server/seed/demo-feeds';
import { REASON_BODACC_B, REASON_BODACC_C, REASON_INSEE } from '../../server/modules/rne/hooks';
import { REASON_FEED, REASON_MANUAL } from '../../server/modules/rne/queues';
import { SYNC_CREDENTIALS } from '../../server/modules/rne/sync';
import { DEMO_RNE_ACCOUNTS } from '../../server/seed/demo-rne';
import { listedCompanies, seedDemo } from '../../server/seed/demo';
import { DEMO_DESCRIPTIONS } from '../../server/seed/vocabulary';
import { createTestApp, type TestApp } from '../helpers/app';
import { startFakeRne, type FakeRne } from '../helpers/fake-rne-server';

let t: TestApp;
/** The RNE service the demo accounts are checked against (it knows none of them). */
let rne: FakeRne;
beforeAll(async () => {
  rne = await startFakeRne();
  t = await createTestApp({ RNE_API_URL: rne.url });
});
afterAll(async () => {
  await t?.close();
  await rne?.close();
});

/** Upper case, no accents, words separated by single spaces, padded with one space each side. */
const words = (text: string) => ` ${text.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase().replace(/[^A-Z0-9]+/g, ' ').trim()} `;

/**
 * Stems of words that state an event in a company's life: collective procedures and court decisions,
 * closures and removals from the register, and the corporate changes the feeds report.
 */
const EVENT_STEMS = [
  'procedure', 'collective', 'redressement', 'liquidation', 'cessation', 'jugement', 'radiation', 'radie', 'sauvegarde',
  'faillite', 'insolvab', 'conciliation', 'mandataire', 'administrateur judiciaire', 'dissolution', 'condamn', 'sanction',
  'fermeture', 'fusion', 'absorption', 'cession', 'vente', 'transfert', 'capital', 'dirigeant', 'nomination', 'mandat',
  'beneficiaire', 'denomination', 'effectif', 'etablissement', 'comptes', 'bilan', 'siege', 'forme juridique', 'bodacc',
];

const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.ctx.db.execute(q)) as unknown as { rows: T[] }).rows;

/** The synthetic log entries (neutral demonstration descriptions), apart from the feeds' real ones. */
const DEMO_ONLY = sql`description in (${sql.join(DEMO_DESCRIPTIONS.map((d) => sql`${d}`), sql`, `)})`;
/** Log entries on a SIREN that a real feed file names: the register (INSEE) or a BODACC notice (its persons, or the seller of a sale). */
const FROM_FEEDS = sql`(siren in (select siren from companies) or exists (select 1 from announcements a where update_log.siren = any(a.sirens))
  or exists (select 1 from bodacc_transactions t where t.seller_siren = update_log.siren))`;

describe('seedDemo', () => {
  it('fills every module with real data, then changes nothing on a second run', async () => {
    const now = new Date('2026-06-15T12:00:00Z');
    expect(await seedDemo(t.ctx, { logEntries: 2000, now })).toEqual({
      admins: 3,
      customers: 3,
      groups: 3,
      logEntries: 2000,
      newsCategories: 6,
      pendingNews: 200,
      publishedArticles: 1000,
      dealRoles: 4,
      dealTypes: 6,
      deals: 300,
      feedFiles: DEMO_FEED_SAMPLES.length,
      rneAccounts: 2,
      rneQueued: expect.any(Number),
      rneProcessed: expect.any(Number),
      rneParked: 5,
    });

    const root = await t.superAdmin();
    const groups = (await root.get('/api/groups/all')).json() as Array<{ name: string; sirens_count: number; status: number }>;
    expect(Object.fromEntries(groups.map((g) => [g.name, g.sirens_count]))).toEqual({ VIP: 8, Favoris: 5, 'CAC 40': 38 });

    const [span] = await rows<{ oldest: string; newest: string; sirens: number }>(sql`
      select min(created_at)::text as oldest, max(created_at)::text as newest, count(distinct siren)::int as sirens from update_log where ${DEMO_ONLY}`);
    expect(new Date(span.oldest).getTime()).toBeLessThan(new Date('2024-07-01T00:00:00Z').getTime());
    expect(new Date(span.newest).getTime()).toBeLessThanOrEqual(now.getTime());
    expect(span.sirens).toBeGreaterThan(30);
    const listed = new Set(listedCompanies().map((c) => c.siren));
    const sirens = await rows<{ siren: string }>(sql`select distinct siren from update_log where ${DEMO_ONLY}`);
    expect(sirens.every((s) => listed.has(s.siren) && isValidSiren(s.siren))).toBe(true);

    const stats = (await root.get('/api/messages/getdatas')).json();
    expect(stats.thisYear + stats.lastYear).toBeGreaterThan(0);

    const news = (await root.post('/api/news/filter', { pagination: { per_page: 10 } })).json() as { total: number; data: Array<{ newscategory: { name_fr: string } }> };
    expect(news.total).toBe(200);
    expect(news.data.every((n) => n.newscategory.name_fr.length > 0)).toBe(true);
    const [pub] = await rows<{ n: number; sirens: number }>(sql`select count(*)::int as n, count(distinct siren)::int as sirens from published_articles`);
    expect(pub.n).toBe(1000);
    const published = await rows<{ siren: string }>(sql`select distinct siren from published_articles union select distinct siren from news`);
    expect(published.every((s) => listed.has(s.siren))).toBe(true);

    const roles = (await root.get('/api/transactions/allroles')).json() as Array<{ name: string; display_name: string }>;
    expect(roles.map((r) => r.name).sort()).toEqual(['Acquéreur', 'Cédant', 'Cible', 'Conseil'].sort());
    const types = (await root.get('/api/transactions/alltypes')).json() as Array<{ name: string }>;
    expect(types.map((r) => r.name).sort()).toEqual(['Acquisition', 'Cession', 'Fusion', 'LBO', 'Levée de fonds', 'Prise de participation'].sort());
    const [deals] = await rows<{ n: number; min: number; max: number; entities: number }>(sql`
      select count(*)::int as n, min(c)::int as min, max(c)::int as max, sum(c)::int as entities
        from (select d.id, count(e.id) as c from deals d left join deal_entities e on e.deal_id = d.id
               where d.deal_identifier like 'DEMO-%' group by d.id) x`);
    expect(deals).toMatchObject({ n: 300, min: 1, max: 3 });
    const dealSirens = await rows<{ siren: string }>(sql`select distinct siren from deal_entities`);
    expect(dealSirens.length).toBeGreaterThan(20);
    expect(dealSirens.every((s) => listed.has(s.siren))).toBe(true);
    // The list's copies are those of the deal, its types and the entity's role.
    const [stale] = await rows<{ n: number }>(sql`
      select count(*)::int as n from deal_entities e join deals d on d.id = e.deal_id
        left join deal_roles r on r.id = e.role_id left join deal_types t1 on t1.id = d.deal_type1_id left join deal_types t2 on t2.id = d.deal_type2_id
       where e.deal_identifier <> d.deal_identifier or e.deal_date is distinct from d.deal_date or e.amount is distinct from d.amount
          or e.currency <> d.currency or e.role_name is distinct from r.name or e.type1_name is distinct from t1.name
          or e.type2_name is distinct from t2.name`);
    expect(stale.n).toBe(0);
    const first = (await root.get('/api/transactions/getDealRoles/1')).json();
    expect(first).toMatchObject({ deal_identifier: 'DEMO-0001', url: 'https://www.example.com/demo/transactions/1' });
    expect(first.entities.length).toBeGreaterThan(0);
    const [entityCount] = await rows<{ rows: number }>(sql`select rows::int from deal_entity_counts where id = 1`);
    expect(entityCount.rows).toBe(deals.entities);

    expect(await seedDemo(t.ctx, { logEntries: 2000, now })).toEqual({
      admins: 0,
      customers: 0,
      groups: 0,
      logEntries: 0,
      newsCategories: 0,
      pendingNews: 0,
      publishedArticles: 0,
      dealRoles: 0,
      dealTypes: 0,
      deals: 0,
      feedFiles: 0,
      rneAccounts: 0,
      rneQueued: 0,
      rneProcessed: 0,
      rneParked: 0,
    });
  });

  it('imports the real INSEE and BODACC samples by their jobs: supervision files, health, register, log (issue 9 section 6)', async () => {
    await seedDemo(t.ctx, { logEntries: 2000, now: new Date('2026-06-15T12:00:00Z') });
    const root = await t.superAdmin();
    type File = { filename: string; status: number; lines: number; error: string | null; origin: string };
    const list = async (path: string) => (await root.get(path)).json() as File[];
    const bodacc = await list('/api/supervisions/bodaccall');
    const companies = await list('/api/supervisions/inseeCompanies');
    const locations = await list('/api/supervisions/inseeLocations');
    const names = (files: File[]) => files.map((f) => f.filename).sort();
    expect(names(bodacc)).toEqual(['RCS-A_BXA20210005_first30_other_avis.xml', 'RCS-A_BXA20210005_ventes.xml', 'ods_api_v1_search_registre_880878145.json']);
    expect(names(companies)).toEqual(['StockUniteLegale_2019_etalab_fixture.csv', 'StockUniteLegale_from_api_2019-2020.csv', 'StockUniteLegale_sample.csv']);
    expect(names(locations)).toEqual(['StockEtablissement_from_api_2019-11.csv', 'StockEtablissement_geo_2019_etalab_fixture.csv', 'StockEtablissement_sample.csv']);
    // Counts of the samples (issue 9 section 6): 97 + 72 current rows, 3 + 3 legacy, 74 + 38 derived; 30 + 29 + 3 notices.
    const lines = Object.fromEntries([...bodacc, ...companies, ...locations].map((f) => [f.filename, f.lines]));
    expect(lines).toEqual({
      'StockUniteLegale_sample.csv': 97,
      'StockEtablissement_sample.csv': 72,
      'StockUniteLegale_2019_etalab_fixture.csv': 3,
      'StockEtablissement_geo_2019_etalab_fixture.csv': 3,
      'StockUniteLegale_from_api_2019-2020.csv': 74,
      'StockEtablissement_from_api_2019-11.csv': 38,
      'RCS-A_BXA20210005_first30_other_avis.xml': 30,
      'RCS-A_BXA20210005_ventes.xml': 29,
      'ods_api_v1_search_registre_880878145.json': 3,
    });
    for (const f of [...bodacc, ...companies, ...locations]) expect({ name: f.filename, status: f.status, error: f.error, origin: f.origin }).toEqual({ name: f.filename, status: 1, error: null, origin: 'cli' });

    const health = (await root.get('/api/supervisions/health')).json() as Array<{ feed: string; last_success: string | null; level: string; consecutive_failures: number }>;
    expect(health.map((h) => [h.feed, h.last_success !== null, h.level, h.consecutive_failures])).toEqual([
      ['bodacc', true, 'green', 0],
      ['sirene', true, 'green', 0],
    ]);

    const [register] = await rows<{ companies: number; establishments: number; sales: number }>(sql`
      select (select count(*)::int from companies) as companies, (select count(*)::int from establishments) as establishments,
             (select count(*)::int from bodacc_transactions) as sales`);
    expect(register.companies).toBeGreaterThan(150);
    expect(register.establishments).toBeGreaterThan(100);
    expect(register.sales).toBe(29);
    const feedLog = await rows<{ code: string; n: number }>(sql`
      select code, count(*)::int as n from update_log where not ${DEMO_ONLY} group by code order by code`);
    expect(feedLog.map((r) => r.code)).toEqual(['BODACC', 'INSEE']);
    expect(feedLog.every((r) => r.n > 0)).toBe(true);
    // Every feed entry is on a SIREN that its file names.
    const [stray] = await rows<{ n: number }>(sql`select count(*)::int as n from update_log where not ${DEMO_ONLY} and not ${FROM_FEEDS}`);
    expect(stray.n).toBe(0);
  });

  it('writes log descriptions, news titles and deal descriptions that name no listed company and state no event (issue 6 section 3)', async () => {
    await seedDemo(t.ctx, { logEntries: 2000, now: new Date('2026-06-15T12:00:00Z') });
    const texts = (
      await rows<{ description: string }>(sql`select distinct description from update_log where not ${FROM_FEEDS}
        union select distinct title from news union select distinct title from published_articles
        union select distinct description from deals where deal_identifier like 'DEMO-%'`)
    ).map((r) => r.description);
    expect(texts.length).toBeGreaterThan(0);
    const names = listedCompanies().map((c) => c.name);
    const found = texts.flatMap((text) => [
      ...names.filter((name) => words(text).includes(words(name))).map((name) => `${text}: company ${name}`),
      ...EVENT_STEMS.filter((stem) => words(text).includes(words(stem).trimEnd())).map((stem) => `${text}: event word ${stem}`),
    ]);
    expect(found).toEqual([]);
  });

  it('adds two RNE accounts, queue entries from the BODACC notices, and four days of processed history with exact rollups (issue 11)', async () => {
    const now = new Date('2026-06-15T12:00:00Z');
    await seedDemo(t.ctx, { logEntries: 2000, now });
    // A snapshot of everything the RNE demo writes, to compare after a second seed.
    const snapshot = async () =>
      rows<{ what: string; n: number }>(sql`
        select 'accounts' as what, count(*)::int as n from rne_accounts union all
        select 'queue:' || queue || ':' || state, count(*)::int from rne_queue group by queue, state union all
        select 'days', count(*)::int from rne_queue_days union all
        select 'account_days', count(*)::int from rne_account_days
        order by 1`);
    const before = await snapshot();

    // Two accounts, one per pool, passwords sealed by the APP_KEY box, token not ok (no real credentials).
    const accounts = await rows<{ id: number; pool: string; email: string; password_enc: string; token_ok: number; status: number }>(
      sql`select id::int, pool, email, password_enc, token_ok, status from rne_accounts order by pool`,
    );
    expect(accounts.map((a) => [a.pool, a.email, a.token_ok, a.status])).toEqual(
      [...DEMO_RNE_ACCOUNTS].sort((x, y) => x.pool.localeCompare(y.pool)).map((a) => [a.pool, a.email, 0, 1]),
    );
    for (const a of accounts) {
      const clear = t.ctx.box.decrypt(a.password_enc);
      expect(clear.length).toBeGreaterThanOrEqual(12);
      expect(a.password_enc).not.toContain(clear);
    }

    // Every SIREN of a BODACC C notice waits in the accounts queue, of a B notice of changes in the officers queue;
    // every listed company waits in both; one entry per SIREN and queue.
    const notices = await rows<{ queue: string; siren: string }>(sql`
      select distinct case a.bulletin when 'C' then 'accounts' else 'officers' end as queue, s.siren::text as siren
        from announcements a cross join lateral unnest(a.sirens) as s(siren) where a.bulletin = 'C' or (a.bulletin = 'B' and a.family = 'modification')`);
    expect(notices.length).toBeGreaterThan(0);
    const waiting = await rows<{ queue: string; siren: string; reason: string }>(sql`select queue, siren::text, reason from rne_queue where state = 'waiting'`);
    const waitingKeys = new Set(waiting.map((w) => `${w.queue}:${w.siren}`));
    expect(waitingKeys.size).toBe(waiting.length);
    for (const n of notices) expect(waitingKeys.has(`${n.queue}:${n.siren}`), `${n.queue} ${n.siren}`).toBe(true);
    for (const c of listedCompanies()) for (const queue of ['accounts', 'officers']) expect(waitingKeys.has(`${queue}:${c.siren}`)).toBe(true);
    const c880 = waiting.find((w) => w.queue === 'accounts' && notices.some((n) => n.queue === 'accounts' && n.siren === w.siren));
    expect(c880?.reason).toBe(REASON_BODACC_C);

    // The processed history: done entries on J..J-3 (Paris), between 07:00 and 20:00, J not after `now`.
    const [span] = await rows<{ days: string[]; first: string; last: string; early: number; unaccounted: number }>(sql`
      select array_agg(distinct (processed_at at time zone 'Europe/Paris')::date::text order by (processed_at at time zone 'Europe/Paris')::date::text desc) as days,
             min(processed_at)::text as first, max(processed_at)::text as last,
             count(*) filter (where extract(hour from processed_at at time zone 'Europe/Paris') not between 7 and 19)::int as early,
             count(*) filter (where account_id is null or queued_at > processed_at)::int as unaccounted
        from rne_queue where state = 'done'`);
    expect(span.days).toEqual(['2026-06-15', '2026-06-14', '2026-06-13', '2026-06-12']);
    expect(new Date(span.last).getTime()).toBeLessThanOrEqual(now.getTime());
    expect(span.early).toBe(0);
    expect(span.unaccounted).toBe(0);
    // Ids grow with the processing time (the worker takes entries in id order).
    const [order] = await rows<{ n: number }>(sql`
      select count(*)::int as n from (select processed_at < lag(processed_at) over (order by id) as back from rne_queue where state = 'done') x where back`);
    expect(order.n).toBe(0);

    // The daily rollups are exactly the done rows, per queue and Paris day; the cards' four days all have some.
    const [mismatch] = await rows<{ n: number }>(sql`
      select count(*)::int as n from (
        select queue, (processed_at at time zone 'Europe/Paris')::date as day, count(*)::bigint as processed, min(processed_at) as first_at, max(processed_at) as last_at
          from rne_queue where state = 'done' group by 1, 2) r
      full join rne_queue_days d using (queue, day)
       where r.processed is distinct from d.processed or r.first_at is distinct from d.first_at or r.last_at is distinct from d.last_at`);
    expect(mismatch.n).toBe(0);
    const days = await rows<{ queue: string; day: string; processed: number }>(sql`select queue, day::text, processed::int from rne_queue_days order by queue, day desc`);
    expect(days.map((d) => `${d.queue} ${d.day}`)).toEqual(
      ['accounts', 'officers'].flatMap((q) => ['2026-06-15', '2026-06-14', '2026-06-13', '2026-06-12'].map((d) => `${q} ${d}`)),
    );
    expect(days.every((d) => d.processed > 0)).toBe(true);
    // A full day (J-1) processed more than the morning of J (until 14:00 Paris).
    for (const q of ['accounts', 'officers']) {
      const of = (day: string) => days.find((d) => d.queue === q && d.day === day)!.processed;
      expect(of('2026-06-14')).toBeGreaterThan(of('2026-06-15'));
    }

    // The accounts' counters: per account and day, the items of its done entries (officers pool: officers and
    // beneficial owners; filings pool: deeds, balance sheets, seized balance sheets).
    const counters = await rows<{ pool: string; day: string; entries: number; officers: number; owners: number; deeds: number; sheets: number; seized: number }>(sql`
      select a.pool, d.day::text, (select count(*)::int from rne_queue q where q.account_id = a.id and q.state = 'done'
                                    and (q.processed_at at time zone 'Europe/Paris')::date = d.day) as entries,
             d.officers, d.beneficial_owners as owners, d.deeds, d.balance_sheets as sheets, d.seized_balance_sheets as seized
        from rne_account_days d join rne_accounts a on a.id = d.account_id order by a.pool, d.day`);
    expect(counters).toHaveLength(8);
    for (const c of counters) {
      if (c.pool === 'officers') {
        expect(c.officers).toBeGreaterThanOrEqual(2 * c.entries);
        expect(c.owners).toBeGreaterThanOrEqual(c.entries);
        expect(c.deeds + c.sheets + c.seized).toBe(0);
      } else {
        expect(c.sheets).toBe(c.entries);
        expect(c.deeds).toBeGreaterThanOrEqual(c.entries);
        expect(c.officers + c.owners).toBe(0);
      }
    }

    // A few parked entries with their error; the trigger-kept counts match the rows.
    const parked = await rows<{ queue: string; attempts: number; error: string | null }>(sql`select queue, attempts, error from rne_queue where state = 'parked'`);
    expect(parked).toHaveLength(5);
    expect(parked.every((p) => p.attempts === 3 && /^Service RNE(\u00a0: HTTP 5\d\d\.| injoignable \()/.test(p.error ?? ''))).toBe(true);
    const [counts] = await rows<{ n: number }>(sql`
      select count(*)::int as n from rne_queue_counts c
       where c.waiting <> (select count(*) from rne_queue q where q.queue = c.queue and q.state in ('waiting', 'running'))
          or c.parked <> (select count(*) from rne_queue q where q.queue = c.queue and q.state = 'parked')`);
    expect(counts.n).toBe(0);

    // Only the known reasons; no fetched record and no update-log entry is invented.
    const reasons = await rows<{ reason: string }>(sql`select distinct reason from rne_queue order by reason`);
    expect(reasons.map((r) => r.reason).every((r) => [REASON_BODACC_B, REASON_BODACC_C, REASON_MANUAL, REASON_FEED, REASON_INSEE].includes(r))).toBe(true);
    const [invented] = await rows<{ n: number }>(sql`
      select (select count(*) from rne_officers) + (select count(*) from rne_beneficial_owners) + (select count(*) from rne_filings)
           + (select count(*) from update_log where code = 'RNE' and not ${DEMO_ONLY}) as n`);
    expect(Number(invented.n)).toBe(0);

    // A second seed changes nothing.
    await seedDemo(t.ctx, { logEntries: 2000, now });
    expect(await snapshot()).toEqual(before);

    // The pages' reads: the banners from the trigger-kept counts, the accounts with their password in clear; the
    // demo accounts' check fails (no real credentials).
    const root = await t.superAdmin();
    const count = (queue: string, state: string) => before.find((r) => r.what === `queue:${queue}:${state}`)?.n ?? 0;
    const reports = (await root.get('/api/supervisions/reportsall')).json() as { restant: number; parked: number };
    expect(reports).toMatchObject({ restant: count('accounts', 'waiting'), parked: 2 });
    const officers = (await root.get('/api/supervisions/dirigeantsall')).json() as { restant: number; parked: number };
    expect(officers).toMatchObject({ restant: count('officers', 'waiting'), parked: 3 });
    const inpi = (await root.get('/api/supervisions/inpiall')).json() as Array<{ id: number; email: string; password: string; token: number }>;
    expect(inpi.map((a) => [a.email, a.token, a.password === t.ctx.box.decrypt(accounts.find((x) => x.id === a.id)!.password_enc)])).toEqual([
      ['rne.dirigeants@example.com', 0, true],
    ]);
    for (const a of accounts) {
      const sync = await root.get(`/api/supervisions/syncInpiAccount/${a.id}`);
      expect(sync.statusCode).toBe(200);
      expect(sync.json()).toMatchObject({ result: 'credentials', message: SYNC_CREDENTIALS, account: { token: 0 } });
    }
  });
});
