/**
 * Deal list, publication and BODACC row cases of `npm run bench` (budgets of CONVENTIONS.md
 * section 5), through the HTTP API like the other cases:
 * - `deals.filter.first_page`, `deals.filter.sort.<column>` (asc) and `.<column>.desc` for every sort key: p95 ≤ 30 ms;
 * - `deals.filter.search.siren` (a whole SIREN), `.siren_prefix` (3 digits), `.text` (a common word of the company
 *   names), `.text_rare` (one company's whole name), `.role` (a role's name, a quarter of the rows): p95 ≤ 50 ms;
 * - `deals.stats` (c1, c2);
 * - `deals.insert.10k` and `deals.purge.10k`: ms to publish, then undo, a batch of 10,000 changed deals (5 runs);
 * - `bodacc.filter.first_page`, `bodacc.filter.sort.b1`, `bodacc.filter.search.siren`: p95 ≤ 30 ms.
 * The data is generated once by set-based SQL and kept between runs: 400,000 deals (identifiers `BL0000001`..)
 * with 1,000,000 deal entities (2 or 3 each), all published once; 1,000,000 BODACC announcements (issue
 * `BENCHLISTS`) with their 1,000,000 transaction rows.
 */
import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { Db } from '../server/db/client';
import type { FeedBenchContext } from './feeds';
import { validSirens } from './generate';
import { rowsOf } from '../server/db/rows';

const DEALS = 400_000;
const ENTITIES = 1_000_000;
const BODACC_ROWS = 1_000_000;
const BODACC_ISSUE = 'BENCHLISTS';
const BATCH = 10_000;
const PUBLICATION_RUNS = 5;
const ROLES = ['Acquéreur', 'Cible', 'Cédant', 'Conseil'];
const TYPES = ['Acquisition', 'Cession', 'LBO', 'Fusion', 'Prise de participation', 'Levée de fonds'];
const CURRENCIES = ['EUR', 'USD', 'GBP', 'JPY', 'CHF', 'CAD', 'AUD', 'CNY', 'INR', 'BRL', 'RUB', 'SGD', 'HKD', 'KRW', 'MXN', 'ZAR', 'TRY', 'SEK', 'NOK', 'NZD'];
const WORDS1 = ['Alpha', 'Boréal', 'Cristal', 'Dynamo', 'Étoile', 'Fjord', 'Granit', 'Horizon', 'Iris', 'Jade', 'Krypton', 'Lumière'];
const WORDS2 = ['Industries', 'Holding', 'Capital', 'Services', 'Technologies', 'Distribution', 'Conseil', 'Logistique'];

async function one<T>(db: Db, q: ReturnType<typeof sql>): Promise<T> {
  return (await rowsOf<T>(db, q))[0];
}

/** Runs `q` without the app's statement timeout (generation takes minutes). */
export async function long(db: Db, q: ReturnType<typeof sql>): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local statement_timeout = 0`);
    await tx.execute(q);
  });
}

/** VACUUM ANALYZE of `tables`, on a connection of its own (outside any transaction, without statement timeout). */
export async function vacuum(b: Pick<FeedBenchContext, 'databaseUrl'>, ...tables: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: b.databaseUrl });
  await client.connect();
  try {
    for (const table of tables) await client.query(`vacuum analyze ${table}`);
  } finally {
    await client.end();
  }
}

/** The generated deals present (identifiers `BL` + 7 digits). */
async function generatedDeals(db: Db): Promise<number> {
  return Number((await one<{ n: number }>(db, sql`select count(*)::int as n from deals where deal_identifier between 'BL0000000' and 'BL9999999'`)).n);
}

/** 400,000 deals and their 1,000,000 entities, with the roles and types they use. */
async function generateDeals(b: FeedBenchContext, sirens: string[]): Promise<void> {
  const db = b.ctx.db;
  b.log(`generating ${DEALS} deals with ${ENTITIES} entities`);
  await long(db, sql`delete from deals where deal_identifier between 'BL0000000' and 'BL9999999'`);
  for (const name of ROLES) await db.execute(sql`insert into deal_roles (name, display_name) values (${name}, ${name}) on conflict (lower(name)) do nothing`);
  for (const name of TYPES) await db.execute(sql`insert into deal_types (name) values (${name}) on conflict (lower(name)) do nothing`);
  const roleIds = (await rowsOf<{ id: number }>(db, sql`select id from deal_roles where name in (${sql.join(ROLES.map((r) => sql`${r}`), sql`, `)}) order by id`)).map((r) => r.id);
  const typeIds = (await rowsOf<{ id: number }>(db, sql`select id from deal_types where name in (${sql.join(TYPES.map((r) => sql`${r}`), sql`, `)}) order by id`)).map((r) => r.id);
  const countryIds = (await rowsOf<{ id: number }>(db, sql`select id from countries order by id limit 50`)).map((r) => r.id);
  const countries = countryIds.length ? countryIds : [null];
  const t0 = performance.now();
  await long(
    db,
    sql`insert into deals (deal_identifier, deal_date, deal_type1_id, deal_type2_id, amount, currency, description, source,
        french_investment_abroad, foreign_investment_in_france, buyer1_name, buyer1_country_id, target1_name, target1_country_id, seller_name)
      select 'BL' || lpad(i::text, 7, '0'), date '2012-01-01' + (i * 7 % 5000),
        (${sql.param(typeIds)}::int[])[1 + i % ${typeIds.length}],
        case when i % 3 = 0 then null else (${sql.param(typeIds)}::int[])[1 + (i / 7) % ${typeIds.length}] end,
        case when i % 10 = 0 then null else ((i::bigint * 7919) % 1000000000)::numeric / 100 end,
        (${sql.param(CURRENCIES)}::text[])[1 + (i / 3) % ${CURRENCIES.length}],
        'Opération de croissance externe numéro ' || i, 'Bench', 1 + i % 2, 1 + (i / 2) % 2,
        'Acheteur ' || i, (${sql.param(countries)}::int[])[1 + i % ${countries.length}],
        'Cible ' || i, (${sql.param(countries)}::int[])[1 + (i / 5) % ${countries.length}], 'Cédant ' || i
      from generate_series(1, ${DEALS}) as i`,
  );
  b.log(`deals: ${Math.round(performance.now() - t0)} ms`);
  const t1 = performance.now();
  await long(
    db,
    sql`insert into deal_entities (deal_id, position, siren, name, role_id, stake_percent, deal_identifier, deal_date,
        role_name, type1_name, type2_name, amount, currency)
      select d.id, p, (${sql.param(sirens)}::text[])[1 + ((d.id * 3 + p) % ${sirens.length})],
        (${sql.param(WORDS1)}::text[])[1 + (d.id + p) % ${WORDS1.length}] || ' ' || (${sql.param(WORDS2)}::text[])[1 + (d.id / 3 + p) % ${WORDS2.length}] || ' ' || (d.id * 3 + p),
        r.id, case when p = 2 then null else (((d.id * 13 + p * 29) % 10001)::numeric / 100) end,
        d.deal_identifier, d.deal_date, r.name, t1.name, t2.name, d.amount, d.currency
      from deals d
      cross join lateral generate_series(0, 1 + (d.id % 2)::int) as p
      join deal_roles r on r.id = (${sql.param(roleIds)}::int[])[1 + (d.id + p) % ${roleIds.length}]
      left join deal_types t1 on t1.id = d.deal_type1_id
      left join deal_types t2 on t2.id = d.deal_type2_id
      where d.deal_identifier between 'BL0000000' and 'BL9999999'`,
  );
  b.log(`entities: ${Math.round(performance.now() - t1)} ms`);
  await vacuum(b, 'deals', 'deal_entities');
}

/** 1,000,000 BODACC sale announcements of issue BENCHLISTS and their transaction rows. */
async function generateBodacc(b: FeedBenchContext, sirens: string[]): Promise<void> {
  const db = b.ctx.db;
  b.log(`generating ${BODACC_ROWS} BODACC transaction rows`);
  await long(db, sql`delete from announcements where bulletin = 'A' and issue = ${BODACC_ISSUE}`);
  const t0 = performance.now();
  await long(
    db,
    sql`insert into announcements (bulletin, issue, issue_date, notice_number, family, family_label, sirens, company_name, court, raw)
      select 'A', ${BODACC_ISSUE}, date '2015-01-01' + (i % 3650), i, 'vente', 'Ventes et cessions',
        array[(${sql.param(sirens)}::text[])[1 + i % ${sirens.length}]]::bpchar[], 'Société ' || i, 'Greffe du tribunal de commerce', '{}'::jsonb
      from generate_series(1, ${BODACC_ROWS}) as i`,
  );
  await long(
    db,
    sql`insert into bodacc_transactions (announcement_id, siren, company_name, role, transaction_number, announced_on, deal_type1, amount, currency,
        acquirer_name, acquirer_siren, acquirer_country, seller_name, seller_siren, seller_country, french_investment_abroad, foreign_investment_in_france,
        buyer_iso1, description, url, source)
      select a.id, a.sirens[1], a.company_name, 'Acquéreur', 'A' || a.issue || a.notice_number, a.issue_date, 'Achat d''un fonds par une personne morale',
        (a.notice_number % 500000)::numeric * 10, 'EUR', a.company_name, a.sirens[1], 'France', 'Vendeur ' || a.notice_number, null, 'France', 2, 2, 'FR',
        a.company_name || ' acquiert un fonds de commerce.', 'https://www.bodacc.fr/pages/annonces-commerciales-detail/?q.id=id:A' || a.notice_number,
        'BODACC A bench'
      from announcements a where a.bulletin = 'A' and a.issue = ${BODACC_ISSUE}`,
  );
  b.log(`bodacc: ${Math.round(performance.now() - t0)} ms`);
  await vacuum(b, 'announcements', 'bodacc_transactions');
}

/**
 * The 400,000 generated deals and their 1,000,000 entities, generated when missing (kept between runs); also used
 * by the audit cases (bench/audit.ts).
 */
export async function ensureBenchDeals(b: FeedBenchContext, sirens = validSirens(200_000)): Promise<void> {
  if ((await generatedDeals(b.ctx.db)) !== DEALS) await generateDeals(b, sirens);
  else b.log(`reusing ${DEALS} generated deals`);
}

function round(x: number): number {
  return Math.round(x * 100) / 100;
}

/** Runs the list and publication cases (`--only deals`, `deals.filter`, `deals.insert`, `deals.purge`, `bodacc`). */
export async function benchDealLists(b: FeedBenchContext, only?: string): Promise<void> {
  const wants = (prefix: string) => !only || prefix.startsWith(only) || only.startsWith(prefix);
  const db = b.ctx.db;
  const sirens = validSirens(200_000);

  if (wants('deals')) {
    await ensureBenchDeals(b, sirens);
    // Everything published once (kept between runs): the list runs beside a full `published_deals`.
    const before = (await b.call('GET', '/api/transactions/stats')) as { c1: number; c2: number };
    if (before.c1 > BATCH) {
      const t0 = performance.now();
      const n = await b.call('GET', '/api/transactions/insert');
      b.log(`published ${String(n)} deals once: ${Math.round(performance.now() - t0)} ms`);
      await vacuum(b, 'deals', 'published_deals');
    }
  }

  const filter = (body: object, page = 1) => b.call('POST', `/api/transactions/filter?page=${page}`, { pagination: { per_page: 200 }, ...body });
  if (wants('deals.filter')) {
    const total = ((await filter({ orderBy: { column: 'id', direction: 'desc' } })) as { total: number }).total;
    if (total < ENTITIES) throw new Error(`deals list total ${total} < ${ENTITIES}`);
    await b.measure('deals.filter.first_page', () => filter({ orderBy: { column: 'id', direction: 'desc' }, search: '' }));
    for (const column of ['id', 'deal_identifier', 'deal_date', 'siren', 'name', 'role_name', 'type1_name', 'type2_name', 'amount', 'currency', 'stake_percent']) {
      await b.measure(`deals.filter.sort.${column}`, () => filter({ orderBy: { column, direction: 'asc' }, search: '' }));
      await b.measure(`deals.filter.sort.${column}.desc`, () => filter({ orderBy: { column, direction: 'desc' }, search: '' }));
    }
    const siren = sirens[4242];
    const sample = (await filter({ search: siren })) as { total: number; data: Array<{ name: string }> };
    if (sample.total === 0) throw new Error(`no entity of SIREN ${siren}`);
    await b.measure('deals.filter.search.siren', () => filter({ orderBy: { column: 'id', direction: 'desc' }, search: siren }));
    await b.measure('deals.filter.search.siren_prefix', () => filter({ orderBy: { column: 'id', direction: 'desc' }, search: siren.slice(0, 3) }));
    await b.measure('deals.filter.search.text', () => filter({ orderBy: { column: 'id', direction: 'desc' }, search: 'Horizon' }));
    await b.measure('deals.filter.search.text_rare', () => filter({ orderBy: { column: 'id', direction: 'desc' }, search: sample.data[0].name }));
    await b.measure('deals.filter.search.role', () => filter({ orderBy: { column: 'id', direction: 'desc' }, search: 'Cédant' }));
    await b.measure('deals.filter.search.text.sort_name', () => filter({ orderBy: { column: 'name', direction: 'asc' }, search: 'Horizon' }));
    await b.measure('deals.stats', () => b.call('GET', '/api/transactions/stats'));
  }

  if (wants('deals.insert') || wants('deals.purge')) {
    // 10,000 deals changed (their revision bumped, as a save does); each run publishes them, then undoes it, which
    // leaves them changed again for the next run (and for the next bench run: only the missing ones are bumped).
    const waiting = ((await b.call('GET', '/api/transactions/stats')) as { c1: number }).c1;
    if (waiting < BATCH) {
      await long(
        db,
        sql`update deals set revision = revision + 1 where id in (
          select id from deals where deal_identifier between 'BL0000000' and 'BL9999999' and status = 1
            and published_revision is not distinct from revision order by id desc limit ${BATCH - waiting})`,
      );
    }
    const pending = ((await b.call('GET', '/api/transactions/stats')) as { c1: number }).c1;
    const inserts: number[] = [];
    const purges: number[] = [];
    for (let run = 0; run < PUBLICATION_RUNS; run++) {
      const t0 = performance.now();
      const n = (await b.call('GET', '/api/transactions/insert')) as number;
      inserts.push(performance.now() - t0);
      const t1 = performance.now();
      const m = (await b.call('GET', '/api/transactions/purge')) as number;
      purges.push(performance.now() - t1);
      if (n !== pending || m !== pending) throw new Error(`insert ${n}, purge ${m}, expected ${pending}`);
      b.log(`publication run ${run + 1}: insert ${Math.round(inserts[run])} ms, purge ${Math.round(purges[run])} ms (${n} deals)`);
    }
    inserts.sort((x, y) => x - y);
    purges.sort((x, y) => x - y);
    const median = (xs: number[]) => xs[Math.floor(xs.length / 2)];
    b.record('deals.insert.10k', { n: PUBLICATION_RUNS, deals: pending, p50_ms: round(median(inserts)), max_ms: round(inserts[inserts.length - 1]) });
    b.record('deals.purge.10k', { n: PUBLICATION_RUNS, deals: pending, p50_ms: round(median(purges)), max_ms: round(purges[purges.length - 1]) });
  }

  // `--only deals` runs the BODACC rows too (they are part of the deals module).
  if (wants('bodacc') || only === 'deals') {
    const have = Number((await one<{ n: number }>(db, sql`select count(*)::int as n from announcements where bulletin = 'A' and issue = ${BODACC_ISSUE}`)).n);
    if (have !== BODACC_ROWS) await generateBodacc(b, sirens);
    else b.log(`reusing ${BODACC_ROWS} BODACC transaction rows`);
    const bodacc = (body: object) => b.call('POST', '/api/transactions/filterbodacc?page=1', { pagination: { per_page: 200 }, ...body });
    const total = ((await bodacc({})) as { total: number }).total;
    if (total < BODACC_ROWS) throw new Error(`BODACC rows total ${total} < ${BODACC_ROWS}`);
    await b.measure('bodacc.filter.first_page', () => bodacc({ orderBy: { column: 'id', direction: 'desc' }, search: '' }));
    await b.measure('bodacc.filter.sort.b1', () => bodacc({ orderBy: { column: 'b1', direction: 'asc' }, search: '' }));
    await b.measure('bodacc.filter.search.siren', () => bodacc({ orderBy: { column: 'id', direction: 'desc' }, search: sirens[777] }));
  }
}
