/**
 * Register (RNE) supervision read cases of `npm run bench -- --only supervision` (budgets of
 * CONVENTIONS.md section 5), through the HTTP API like the other cases:
 * - `supervision.reportsall`, `supervision.liveinpiall`: p95 ≤ 10 ms (cards and banner from the rollups, never a
 *   scan of the queues); `supervision.dirigeantsall` (same reads as reportsall, with the window of J);
 * - `supervision.queue.first_page` (`POST queues/accounts/filter`, newest processed first): p95 ≤ 30 ms;
 *   `supervision.queue.search.siren` (a whole SIREN, processed many times) and `.siren_prefix` (4 digits);
 *   `supervision.queue.sort.siren`; `supervision.queue.officers_live.first_page` (`queues/officers/live/filter`,
 *   processed since the start of J-1); `supervision.queue.parked.first_page`;
 * - `supervision.inpiall`, `supervision.rneall` (the accounts with today's counters) and `supervision.download_csv`
 *   (the officers entries of J and J-1, streamed).
 * The data is generated once by set-based SQL and kept between runs (regenerated when its counts differ or when
 * no entry was processed today, Paris, so that the cards J..J-3 and the live list of J and J-1 hold entries): in EACH queue
 * 1,000,000 done entries processed over the last 200 days up to now (5,000 a day, ids growing with time) and
 * 100,000 waiting entries (distinct SIRENs), plus 50 parked entries; the `rne_queue_days` rollup built from the
 * done rows by one GROUP BY (as the worker keeps it, exact); 4 bench accounts per pool with today's counters.
 * `rne_queue_counts` follows by its triggers.
 */
import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { Db } from '../server/db/client';
import type { FeedBenchContext } from './feeds';
import { validSirens } from './generate';
import { rowsOf } from '../server/db/rows';
import { parisDayStart } from '../server/lib/paris-day';

/** Done entries per queue. */
export const RNE_DONE = 1_000_000;
/** Waiting entries per queue. */
export const RNE_WAITING = 100_000;
const PARKED = 50;
/** The done entries span this many days up to now. */
const SPAN_DAYS = 200;
const ACCOUNTS_PER_POOL = 4;
const BENCH_REASON = 'Flux externe';
const BENCH_EMAIL_DOMAIN = 'bench.vigie.local';

/** The bench tools, with a download: GET a file, answer its size in bytes (throws on an HTTP error). */
export interface RneBenchContext extends FeedBenchContext {
  download: (p: string) => Promise<number>;
}

async function one<T>(db: Db, q: ReturnType<typeof sql>): Promise<T> {
  return (await rowsOf<T>(db, q))[0];
}

/** Runs the statements on a connection of their own without statement timeout (generation takes minutes). */
async function direct(b: RneBenchContext, ...statements: Array<{ text: string; values?: unknown[] }>): Promise<void> {
  const client = new pg.Client({ connectionString: b.databaseUrl });
  await client.connect();
  try {
    await client.query('set statement_timeout = 0');
    for (const s of statements) await client.query(s.text, s.values);
  } finally {
    await client.end();
  }
}

/** Whether the generated data is there and current: the counts, and done entries today (Paris: the first card). */
async function generated(db: Db): Promise<boolean> {
  const r = await one<{ done: number; waiting: number; parked: number; fresh: boolean }>(
    db,
    sql`select (select count(*)::int from rne_queue where state = 'done') as done,
               (select waiting::int from rne_queue_counts where queue = 'accounts') + (select waiting::int from rne_queue_counts where queue = 'officers') as waiting,
               (select parked::int from rne_queue_counts where queue = 'accounts') + (select parked::int from rne_queue_counts where queue = 'officers') as parked,
               exists (select 1 from rne_queue where queue = 'officers' and state = 'done'
                        and processed_at >= ${parisDayStart(0)}) as fresh`,
  );
  return Number(r.done) === 2 * RNE_DONE && Number(r.waiting) === 2 * RNE_WAITING && Number(r.parked) === 2 * PARKED && r.fresh;
}

/** Both queues: done, waiting and parked entries, their daily rollup, and the bench accounts with today's counters. */
async function generate(b: RneBenchContext): Promise<void> {
  b.log(`generating ${RNE_DONE} done and ${RNE_WAITING} waiting entries per queue`);
  const t0 = performance.now();
  const sirens = validSirens(200_000);
  const accounts = Array.from({ length: ACCOUNTS_PER_POOL }, (_, i) => i + 1);
  await direct(
    b,
    // The truncate resets rne_queue_counts (its trigger) and the accounts' counters (cascade).
    { text: 'truncate rne_queue, rne_queue_days, rne_account_days' },
    { text: `delete from rne_accounts where email like '%@${BENCH_EMAIL_DOMAIN}'` },
    {
      // The lists open each password: a value sealed by the app's box.
      text: `insert into rne_accounts (pool, email, password_enc, status, token_ok, checked_at, changed_at)
             select p.pool, 'compte' || n || '.' || p.pool || '@${BENCH_EMAIL_DOMAIN}', $1, 1, 1, now(), now() - interval '3 days'
               from unnest(array['officers', 'filings']) as p(pool) cross join unnest($2::int[]) as n`,
      values: [b.ctx.box.encrypt('bench-password'), accounts],
    },
    {
      // Done: entry i of each queue processed (i - 1) * span / N before now; inserted oldest first (ids grow with time),
      // 2,000 SIRENs per queue each processed 500 times, through the queue's pool accounts in turn.
      text: `with acc as (select pool, array_agg(id order by id) as ids from rne_accounts where email like '%@${BENCH_EMAIL_DOMAIN}' group by pool)
             insert into rne_queue (queue, siren, reason, state, queued_at, not_before, attempts, processed_at, account_id)
             select q.queue, ($1::text[])[1 + (g.i * 7919) % 2000 + q.k * 2000], '${BENCH_REASON}', 'done',
                    t.at - interval '2 hours', t.at - interval '2 hours', 0, t.at, acc.ids[1 + g.i % ${ACCOUNTS_PER_POOL}]
               from (values ('accounts', 'filings', 0), ('officers', 'officers', 1)) as q(queue, pool, k)
               join acc on acc.pool = q.pool
              cross join generate_series(1::bigint, ${RNE_DONE}) as g(i)
              cross join lateral (select now() - ((g.i - 1) * interval '${SPAN_DAYS} days') / ${RNE_DONE} - interval '1 second' as at) t
              order by t.at, q.queue`,
      values: [sirens],
    },
    {
      // Waiting: distinct SIRENs per queue (a SIREN waits once per queue), queued over the last day.
      text: `insert into rne_queue (queue, siren, reason, state, queued_at, not_before)
             select q.queue, ($1::text[])[10000 + g.i], '${BENCH_REASON}', 'waiting', now() - (g.i * interval '1 day') / ${RNE_WAITING}, now()
               from (values ('accounts'), ('officers')) as q(queue) cross join generate_series(1, ${RNE_WAITING}) as g(i)
              order by 5`,
      values: [sirens],
    },
    {
      text: `insert into rne_queue (queue, siren, reason, state, queued_at, not_before, attempts, error)
             select q.queue, ($1::text[])[150000 + g.i], '${BENCH_REASON}', 'parked', now() - g.i * interval '1 hour', now(), 3, 'Service RNE\u00a0: HTTP 503.'
               from (values ('accounts'), ('officers')) as q(queue) cross join generate_series(1, ${PARKED}) as g(i)`,
      values: [sirens],
    },
    {
      text: `insert into rne_queue_days (queue, day, processed, first_at, last_at)
             select queue, (processed_at at time zone 'Europe/Paris')::date, count(*), min(processed_at), max(processed_at)
               from rne_queue where state = 'done' group by 1, 2`,
    },
    {
      text: `insert into rne_account_days (account_id, day, officers, beneficial_owners, deeds, balance_sheets, seized_balance_sheets)
             select account_id, (processed_at at time zone 'Europe/Paris')::date,
                    sum(case when queue = 'officers' then 3 else 0 end), sum(case when queue = 'officers' then 1 else 0 end),
                    sum(case when queue = 'accounts' then 2 else 0 end), sum(case when queue = 'accounts' then 1 else 0 end), 0
               from rne_queue where state = 'done' and processed_at >= now() - interval '4 days' group by 1, 2`,
    },
    { text: 'vacuum analyze rne_queue' },
    { text: 'vacuum analyze rne_queue_days' },
    { text: 'vacuum analyze rne_accounts' },
    { text: 'vacuum analyze rne_account_days' },
  );
  b.log(`rne queues: ${Math.round(performance.now() - t0)} ms`);
}

/** Runs the supervision read cases (`--only supervision`, or a longer prefix such as `supervision.queue`: all of them). */
export async function benchRne(b: RneBenchContext, only?: string): Promise<void> {
  // Every read case runs when any of them is asked for; `--only supervision.worker` is the worker's case alone.
  if (only && !'supervision'.startsWith(only) && !(only.startsWith('supervision.') && !only.startsWith('supervision.worker'))) return;
  const db = b.ctx.db;
  if (await generated(db)) b.log(`reusing ${RNE_DONE} done and ${RNE_WAITING} waiting entries per queue`);
  else await generate(b);

  const reports = (await b.call('GET', '/api/supervisions/reportsall')) as { restant: number; nb1: { total: number }; accounts: unknown[] };
  if (reports.restant !== RNE_WAITING) throw new Error(`reportsall restant ${reports.restant} != ${RNE_WAITING}`);
  if (reports.nb1.total === 0 || reports.accounts.length === 0) throw new Error('reportsall: no entry processed today');
  await b.measure('supervision.reportsall', () => b.call('GET', '/api/supervisions/reportsall'));
  await b.measure('supervision.dirigeantsall', () => b.call('GET', '/api/supervisions/dirigeantsall'));
  await b.measure('supervision.liveinpiall', () => b.call('GET', '/api/supervisions/liveinpiall'));

  const filter = (path: string, body: object) => b.call('POST', `/api/supervisions/${path}?page=1`, { pagination: { per_page: 200 }, ...body });
  const first = (await filter('queues/accounts/filter', { orderBy: { column: 'date_creation', direction: 'desc' }, search: '' })) as {
    total: number;
    data: Array<{ siren: string }>;
  };
  if (first.total < RNE_DONE || first.data.length !== 200) throw new Error(`queue list total ${first.total} < ${RNE_DONE}`);
  await b.measure('supervision.queue.first_page', () => filter('queues/accounts/filter', { orderBy: { column: 'date_creation', direction: 'desc' }, search: '' }));
  const siren = first.data[17].siren;
  await b.measure('supervision.queue.search.siren', () => filter('queues/accounts/filter', { orderBy: { column: 'date_creation', direction: 'desc' }, search: siren }));
  await b.measure('supervision.queue.search.siren_prefix', () =>
    filter('queues/accounts/filter', { orderBy: { column: 'date_creation', direction: 'desc' }, search: siren.slice(0, 4) }),
  );
  await b.measure('supervision.queue.sort.siren', () => filter('queues/accounts/filter', { orderBy: { column: 'siren', direction: 'asc' }, search: '' }));
  await b.measure('supervision.queue.officers_live.first_page', () =>
    filter('queues/officers/live/filter', { orderBy: { column: 'date_creation', direction: 'desc' }, search: '' }),
  );
  await b.measure('supervision.queue.parked.first_page', () => filter('queues/accounts/parked/filter', { search: '' }));

  await b.measure('supervision.inpiall', () => b.call('GET', '/api/supervisions/inpiall'));
  await b.measure('supervision.rneall', () => b.call('GET', '/api/supervisions/rneall'));
  // The download's size is not a time: the call is timed whole.
  await b.measure('supervision.download_csv', async () => {
    if ((await b.download('/api/supervisions/download-csv')) === 0) throw new Error('download-csv: empty');
  }, 10, 2);
}
