/**
 * The demo seed (server/seed/demo.ts): the real INSEE Sirene and BODACC samples imported by the feed jobs, and
 * everything else built on them; idempotent; and no invented fact next to a real SIREN or a
 * real company name (CONVENTIONS.md section 7 "Data truth"), checked on the tables (test/helpers/demo-truth.ts):
 * no listed company's SIREN on a deal without a stored notice naming it, every SIREN-bearing deal linked to its
 * notice with the amount it states, no text that reads like invented data, every SIREN shown known to the
 * register or to a stored notice, and an update log holding the feeds' entries only.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeal } from '../../server/modules/deals/deals';
import { NATURE_LABEL } from '../../server/modules/feeds/bodacc/nature';
import { REASON_BODACC_B, REASON_BODACC_C, REASON_INSEE } from '../../server/modules/rne/hooks';
import { REASON_FEED, REASON_MANUAL } from '../../server/modules/rne/queues';
import { SYNC_CREDENTIALS } from '../../server/modules/rne/sync';
import { addSirens, createGroup } from '../../server/modules/groups/service';
import { seedDemo } from '../../server/seed/demo';
import { CONTRIBUTION_NOTE, DEMO_DEAL_PREFIX, SELLER_ROLE } from '../../server/seed/demo-deals';
import { DEMO_FEED_SAMPLES } from '../../server/seed/demo-feeds';
import { LEASING_GROUP } from '../../server/seed/demo-groups';
import { NEWS_SOURCE } from '../../server/seed/demo-news';
import { DEMO_RNE_ACCOUNTS } from '../../server/seed/demo-rne';
import { createTestApp, type TestApp } from '../helpers/app';
import { truthViolations } from '../helpers/demo-truth';
import { startFakeRne, type FakeRne } from '../helpers/fake-rne-server';
import { listedCompanies } from '../helpers/sirens';
import { rowsOf } from '../../server/db/rows';

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

const rows = <T>(q: ReturnType<typeof sql>) => rowsOf<T>(t.ctx.db, q);
const now = new Date('2026-06-15T12:00:00Z');
/** Digits of a text, numbers' group separators (spaces, dots) removed: `192 691,00` -> `192691,00`. */
const digits = (text: string) => text.replace(/(?<=\d)[\s.\u00a0\u202f](?=\d)/g, '');

/** Log entries on a SIREN that a real feed file names: the register (INSEE) or a BODACC notice (its persons, or the sellers of a sale). */
const FROM_FEEDS = sql`(siren in (select siren from companies) or exists (select 1 from announcements a where update_log.siren = any(a.sirens))
  or exists (select 1 from bodacc_transactions t where update_log.siren = any(t.seller_sirens)))`;

describe('seedDemo', () => {
  it('fills every module from the real samples, then changes nothing on a second run', async () => {
    const created = await seedDemo(t.ctx, { now });
    const [log] = await rows<{ n: number }>(sql`select count(*)::int as n from update_log`);
    expect(created).toEqual({
      feedFiles: DEMO_FEED_SAMPLES.length,
      logEntries: log.n,
      admins: 3,
      customers: 3,
      groups: 4,
      newsCategories: 5,
      pendingNews: 29,
      publishedArticles: 33,
      dealRoles: 4,
      dealTypes: 3,
      deals: 29,
      rneAccounts: 2,
      rneQueued: expect.any(Number),
      rneProcessed: expect.any(Number),
      rneParked: 5,
    });
    expect(log.n).toBeGreaterThan(0);

    const root = await t.superAdmin();
    const groups = (await root.get('/api/groups/all')).json() as Array<{ name: string; sirens_count: number; status: number }>;
    expect(Object.fromEntries(groups.map((g) => [g.name, g.sirens_count]))).toEqual({
      VIP: 8,
      Favoris: 5,
      'Acquéreurs — BODACC A n°20210005 du 08/01/2021': 29,
      [LEASING_GROUP]: 26,
    });
    // VIP: the buyers of the eight largest sales; the leasing group: the INSEE companies of NAF rév. 2 division 77.
    const [vip] = await rows<{ n: number }>(sql`
      select count(*)::int as n from group_sirens gs join groups g on g.id = gs.group_id
       where g.name = 'VIP' and gs.siren in (select siren from bodacc_transactions order by amount desc limit 8)`);
    expect(vip.n).toBe(8);
    const [leasing] = await rows<{ n: number }>(sql`
      select count(*)::int as n from group_sirens gs join groups g on g.id = gs.group_id join companies c on c.siren = gs.siren
       where g.name = ${LEASING_GROUP} and c.naf_nomenclature = 'NAFRev2' and c.naf_code like '77.%'`);
    expect(leasing.n).toBe(26);
    // The update log's quick searches find entries of both groups.
    for (const search of ['onlyvip', 'onlyfavoris']) {
      expect((await root.post('/api/messages/filter', { pagination: { per_page: 10 }, search })).json().total, search).toBeGreaterThan(0);
    }
    const stats = (await root.get('/api/messages/getdatas')).json();
    expect(stats.thisYear + stats.lastYear).toBeGreaterThan(0);

    const customers = (await root.get('/api/customers/all')).json() as Array<{ name: string }>;
    expect(customers.map((c) => c.name).sort()).toEqual(['Assureur fictif (démonstration)', 'Banque fictive (démonstration)', 'Cabinet de conseil fictif (démonstration)']);

    expect(await seedDemo(t.ctx, { now })).toEqual({
      feedFiles: 0,
      logEntries: 0,
      admins: 0,
      customers: 0,
      groups: 0,
      newsCategories: 0,
      pendingNews: 0,
      publishedArticles: 0,
      dealRoles: 0,
      dealTypes: 0,
      deals: 0,
      rneAccounts: 0,
      rneQueued: 0,
      rneProcessed: 0,
      rneParked: 0,
    });
    const [again] = await rows<{ n: number }>(sql`select count(*)::int as n from update_log`);
    expect(again.n).toBe(log.n);
  });

  it('imports the real INSEE and BODACC samples by their jobs: supervision files, health, register, log', async () => {
    await seedDemo(t.ctx, { now });
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
    // Counts of the samples: 97 + 72 current rows, 3 + 3 legacy, 74 + 38 derived; 30 + 29 + 3 notices.
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
    // The log holds the feeds' entries only: each from a feed file of the demo, with its source, on a SIREN that file names.
    const feedLog = await rows<{ code: string; n: number }>(sql`select code, count(*)::int as n from update_log group by code order by code`);
    expect(feedLog.map((r) => r.code)).toContain('BODACC');
    expect(feedLog.every((r) => ['BODACC', 'INSEE'].includes(r.code) && r.n > 0)).toBe(true);
    const [stray] = await rows<{ n: number }>(sql`
      select count(*)::int as n from update_log
       where not ${FROM_FEEDS} or source_label is null or source_file_id not in (select id from feed_files where status = 1)`);
    expect(stray.n).toBe(0);
  });

  it('makes one deal per real BODACC sale, as its notice states it (buyer, sellers, nature, amount, link, source)', async () => {
    await seedDemo(t.ctx, { now });
    type Sale = {
      id: number; identifier: string; deal_date: string; amount: string | null; currency: string; description: string; url: string; source: string;
      type1: string; type2: number | null; number: string; announced_on: string; bt_amount: string | null; bt_currency: string | null;
      deal_type1: string; bt_description: string; siren: string; company_name: string; seller_name: string | null; seller_sirens: string[]; raw: string;
    };
    const sales = await rows<Sale>(sql`
      select d.id::int, d.deal_identifier as identifier, d.deal_date::text, d.amount::text, d.currency, d.description, d.url, d.source,
             t1.name as type1, d.deal_type2_id as type2, t.transaction_number as number, t.announced_on::text, t.amount::text as bt_amount,
             t.currency as bt_currency, t.deal_type1, t.description as bt_description, t.siren::text, t.company_name, t.seller_name,
             t.seller_sirens::text[] as seller_sirens, a.raw::text as raw
        from deals d join bodacc_transactions t on t.url = d.url join announcements a on a.id = t.announcement_id
        join deal_types t1 on t1.id = d.deal_type1_id order by d.id`);
    const [{ n: dealCount }] = await rows<{ n: number }>(sql`select count(*)::int as n from deals`);
    expect(sales).toHaveLength(29);
    expect(dealCount).toBe(29);
    const entities = await rows<{ deal_id: number; position: number; siren: string | null; name: string | null; role: string; stake: string | null }>(sql`
      select e.deal_id::int, e.position, e.siren::text, e.name, r.name as role, e.stake_percent::text as stake
        from deal_entities e join deal_roles r on r.id = e.role_id order by e.deal_id, e.position`);
    for (const s of sales) {
      expect(s.identifier).toBe(DEMO_DEAL_PREFIX + s.number);
      expect([s.deal_date, s.source, s.type1, s.type2]).toEqual([s.announced_on, s.source, s.deal_type1, null]);
      expect(s.source).toMatch(/^BODACC A n°20210005 du 08\/01\/2021, avis n°\d+$/);
      expect(s.url).toBe(`https://www.bodacc.fr/pages/annonces-commerciales-detail/?q.id=id:${s.number}`);
      expect([s.amount, s.currency]).toEqual([s.bt_amount, s.bt_currency ?? 'EUR']);
      // The amount is written in the notice itself (origineFonds), groups of digits joined.
      if (s.amount) expect(digits(s.raw), s.identifier).toContain(s.amount.split('.')[0]);
      expect(s.description.startsWith(s.bt_description)).toBe(true);
      const own = entities.filter((e) => e.deal_id === s.id);
      expect(own[0]).toMatchObject({ position: 0, siren: s.siren, name: s.company_name, role: 'Acquéreur' });
      const sellers = own.slice(1);
      expect(sellers.length).toBeGreaterThan(0);
      expect(sellers.every((e) => e.role === SELLER_ROLE && e.name !== null)).toBe(true);
      expect([...new Set(sellers.map((e) => e.name))].join(', ')).toBe(s.seller_name);
      expect(sellers.flatMap((e) => (e.siren ? [e.siren] : [])).sort()).toEqual([...s.seller_sirens].sort());
      expect(own.every((e) => e.stake === null)).toBe(true);
    }
    // A contribution's amount is a valuation, and the description says so.
    const contributions = sales.filter((s) => s.type1 === NATURE_LABEL.contribution);
    expect(contributions.map((s) => [s.identifier, s.amount])).toEqual([['BODACC-A202100051', '192691.00']]);
    expect(contributions[0].description).toContain(CONTRIBUTION_NOTE);
    expect(sales.filter((s) => s.type1 !== NATURE_LABEL.contribution).every((s) => !s.description.includes(CONTRIBUTION_NOTE))).toBe(true);
    // Three sellers, one of them with a SIREN (avis n°515); a seller given without SIREN nor address has no country (avis n°9).
    const carmaux = sales.find((s) => s.number === 'A20210005515')!;
    expect(entities.filter((e) => e.deal_id === carmaux.id).map((e) => [e.role, e.siren])).toEqual([
      ['Acquéreur', '342012002'], ['Cédant', '312118755'], ['Cédant', null], ['Cédant', null],
    ]);
    const root = await t.superAdmin();
    const thomas = (await root.get(`/api/transactions/getDealRoles/${sales.find((s) => s.number === 'A202100059')!.id}`)).json();
    expect(thomas).toMatchObject({ extra3: 'GARAGE THOMAS', extra15: 'Bernard Thomas', extra16: null, extra1: null, extra2: null });
    const bellevue = (await root.get(`/api/transactions/getDealRoles/${contributions[0].id}`)).json();
    const countries = (await root.get('/api/transactions/allcountries')).json() as Array<{ id: number; iso_alpha2: string }>;
    expect(bellevue).toMatchObject({ extra3: 'BELLEVUE', extra4: countries.find((c) => c.iso_alpha2 === 'FR')!.id, extra15: 'Jérémie Laminette' });
    // The list's copies are those of the deal, its types and the entity's role.
    const [stale] = await rows<{ n: number }>(sql`
      select count(*)::int as n from deal_entities e join deals d on d.id = e.deal_id
        left join deal_roles r on r.id = e.role_id left join deal_types t1 on t1.id = d.deal_type1_id left join deal_types t2 on t2.id = d.deal_type2_id
       where e.deal_identifier <> d.deal_identifier or e.deal_date is distinct from d.deal_date or e.amount is distinct from d.amount
          or e.currency <> d.currency or e.role_name is distinct from r.name or e.type1_name is distinct from t1.name
          or e.type2_name is distinct from t2.name`);
    expect(stale.n).toBe(0);
    expect((await root.get('/api/transactions/stats')).json()).toMatchObject({ c1: 29 });
  });

  it('writes one news item per stored notice naming a company: its title, date, source and link (sales pending, the rest published)', async () => {
    await seedDemo(t.ctx, { now });
    type Item = { kind: string; siren: string; name: string | null; title: string; category: string; posted: string; source: string; url: string; log: string | null; issue_date: string; family_label: string };
    const items = await rows<Item>(sql`
      select x.kind, x.siren::text, x.name, x.title, x.category, to_char(x.posted at time zone 'Europe/Paris', 'YYYY-MM-DD HH24:MI') as posted, x.source, x.url,
             (select l.description from update_log l where l.siren = x.siren and l.source_url = x.url limit 1) as log,
             a.issue_date::text, a.family_label
        from (select 'pending' as kind, siren, name, title, category_name as category, posted, source, url from news
              union all select 'published', siren, name, title, theme, posted, source, url from published_articles) x
        join announcements a on x.url = 'https://www.bodacc.fr/pages/annonces-commerciales-detail/?q.id=id:' || a.bulletin || a.issue || a.notice_number
       order by x.url`);
    const [{ n: notices }] = await rows<{ n: number }>(sql`select count(*)::int as n from announcements where cardinality(sirens) > 0`);
    expect(items).toHaveLength(notices);
    expect(items.filter((i) => i.kind === 'pending')).toHaveLength(29);
    for (const i of items) {
      expect(i.title, i.url).toBe(`${i.name}\u00a0: ${i.log}`);
      expect([i.posted, i.source, i.category]).toEqual([`${i.issue_date} 00:00`, NEWS_SOURCE, i.family_label]);
      expect(i.kind).toBe(i.family_label === 'Ventes et cessions' ? 'pending' : 'published');
    }
  });

  it('states no invented fact: no listed SIREN without its notice, deals linked to their notices with their amounts, every SIREN shown known', async () => {
    await seedDemo(t.ctx, { now });
    expect(await truthViolations(t.ctx.db)).toEqual({
      listedWithoutNotice: [],
      dealsWithoutNotice: [],
      amountsNotStated: [],
      inventedTexts: [],
      newsWithoutNotice: [],
      unknownSirens: [],
    });
    // None of the listed companies appears anywhere in the demo (no real notice of the samples names one).
    const listed = sql.join(listedCompanies().map((c) => sql`${c.siren}`), sql`, `);
    const [shown] = await rows<{ n: number }>(sql`
      select count(*)::int as n from (
        select siren::text from deal_entities union all select siren::text from group_sirens union all select siren::text from news
        union all select siren::text from published_articles union all select siren::text from rne_queue union all select siren::text from update_log) s
       where siren in (${listed})`);
    expect(shown.n).toBe(0);
  });

  it('adds two RNE accounts, queue entries from the BODACC notices, and four days of processed history with exact rollups', async () => {
    await seedDemo(t.ctx, { now });
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
    // every buyer of the demo's sales (queued by hand) waits in both; one entry per SIREN and queue.
    const notices = await rows<{ queue: string; siren: string }>(sql`
      select distinct case a.bulletin when 'C' then 'accounts' else 'officers' end as queue, s.siren::text as siren
        from announcements a cross join lateral unnest(a.sirens) as s(siren) where a.bulletin = 'C' or (a.bulletin = 'B' and a.family = 'modification')`);
    expect(notices.length).toBeGreaterThan(0);
    const waiting = await rows<{ queue: string; siren: string; reason: string }>(sql`select queue, siren::text, reason from rne_queue where state = 'waiting'`);
    const waitingKeys = new Set(waiting.map((w) => `${w.queue}:${w.siren}`));
    expect(waitingKeys.size).toBe(waiting.length);
    for (const n of notices) expect(waitingKeys.has(`${n.queue}:${n.siren}`), `${n.queue} ${n.siren}`).toBe(true);
    const buyers = await rows<{ siren: string }>(sql`select distinct siren::text from bodacc_transactions`);
    expect(buyers).toHaveLength(29);
    for (const b of buyers) for (const queue of ['accounts', 'officers']) expect(waitingKeys.has(`${queue}:${b.siren}`), `${queue} ${b.siren}`).toBe(true);
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
           + (select count(*) from update_log where code = 'RNE') as n`);
    expect(Number(invented.n)).toBe(0);

    // A second seed changes nothing.
    await seedDemo(t.ctx, { now });
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

  it('the truth checks catch the old demo’s kind of data: a deal, a news item and a group line on listed companies', async () => {
    await seedDemo(t.ctx, { now });
    const [fdj, axa] = ['FDJ', 'AXA'].map((name) => listedCompanies().find((c) => c.name.startsWith(name))!);
    const [{ id: role }] = await rows<{ id: number }>(sql`select id::int from deal_roles where name = 'Acquéreur'`);
    await createDeal(t.ctx.db, {
      deal_identifier: 'DEMO-0300',
      deal_date: '2025-03-01',
      amount: 289_325_000,
      currency: 'EUR',
      description: 'Transaction de démonstration n°\u00a0300 (données fictives)',
      url: 'https://www.example.com/demo/transactions/300',
      source: 'Démonstration',
      entities: [fdj, axa].map((c) => ({ siren: c.siren, name: c.name, entityrole_id: role })),
    });
    const [{ id: category }] = await rows<{ id: number }>(sql`select id from news_categories order by id limit 1`);
    await t.ctx.db.execute(sql`
      insert into news (siren, name, title, newscategory_id, category_name, posted, source, url)
      values (${axa.siren}, ${axa.name}, 'Article de démonstration n° 12', ${category}, 'x', now(), 'Journal exemple', 'https://www.example.com/demo/en-attente/12')`);
    const group = await createGroup(t.ctx.db, { name: 'CAC 40', status: 1 });
    await addSirens(t.ctx.db, group.id, [fdj.siren]);

    const found = await truthViolations(t.ctx.db);
    expect(found.listedWithoutNotice).toEqual([`DEMO-0300 ${axa.siren}`, `DEMO-0300 ${fdj.siren}`].sort());
    expect(found.dealsWithoutNotice).toEqual([`DEMO-0300 ${axa.siren}`, `DEMO-0300 ${fdj.siren}`].sort());
    expect(found.amountsNotStated).toEqual(['DEMO-0300 289325000.00 EUR']);
    expect(found.inventedTexts).toHaveLength(2);
    expect(found.newsWithoutNotice).toEqual([`${axa.siren} https://www.example.com/demo/en-attente/12`]);
    expect(found.unknownSirens).toEqual([`deal ${axa.siren}`, `deal ${fdj.siren}`, `group ${fdj.siren}`, `news ${axa.siren}`].sort());
  });
});
