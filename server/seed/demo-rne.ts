/**
 * Demo of the national register part (`npm run seed:demo`): what an operator sees on
 * `/supervisions/rne`, `/supervisions/reports`, `/supervisions/dirigeants` and `/supervisions/liveinpi` before any
 * real RNE account is configured. It states vigie's own operation only, on companies the demo's samples hold
 * (the INSEE register and the SIRENs of the stored BODACC notices); it invents no officer, filing or
 * update-log entry (CONVENTIONS.md section 7 "Data truth").
 * - Two accounts, one per pool (`rne.dirigeants@example.com`: officers; `rne.comptes@example.com`: filings), with
 *   random passwords sealed by the APP_KEY box like customer secrets. No real credentials are shipped: their
 *   token is not ok, and `syncInpiAccount` fails for them (refused, or the service unreachable offline).
 * - Waiting entries from the demo BODACC notices of the `announcements` table (the real samples the feed jobs
 *   imported just before): a bulletin C notice (dépôt des comptes) queues its SIRENs in `accounts`, a bulletin B
 *   notice of a change of officers in `officers`, as the feed hooks do (server/modules/rne/hooks.ts); plus the
 *   SIRENs the caller gives, queued by hand (`Saisie manuelle`) in both queues. A SIREN already waiting in a queue
 *   (queued by the feed hooks when the samples were imported) is not queued twice.
 * - Processed history over the Paris days J, J-1, J-2 and J-3 (`now` being J): done entries on the companies of the
 *   register (`companies`) and the SIRENs the stored BODACC notices name (their registered persons and the sellers
 *   of their sales), processed between 07:00 and 20:00 Paris (J: until `now`), through the pool's demo account, ids
 *   growing with time; the `rne_queue_days` rollup built from exactly those rows (processed, first and last instant
 *   per queue and day) and the accounts' `rne_account_days` counters (items fetched: 2 to 4 officers and 1 or 2
 *   beneficial owners per officers entry; deeds, balance sheets and a few seized balance sheets per accounts
 *   entry); and a few parked entries with the error of a service failure. The history reasons are neutral
 *   (`Saisie manuelle`, `Flux externe`), and no fetched officers, filings or update-log entries are written.
 * Idempotent: the accounts are matched by pool and email; the entries and counters are written only when
 * neither queue has a processed or parked entry nor a daily rollup yet.
 * The waiting and parked counts of `rne_queue_counts` follow by its triggers.
 */
import { sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { RneQueue } from '../db/schema';
import { randomPassword } from '../lib/password';
import { officersChanged, REASON_BODACC_B, REASON_BODACC_C } from '../modules/rne/hooks';
import { enqueueSirens, REASON_FEED, REASON_MANUAL } from '../modules/rne/queues';
import { rowsOf } from '../db/rows';
import { parisDayOf } from '../lib/paris-day';

/** The demo accounts: one per pool. */
export const DEMO_RNE_ACCOUNTS = [
  { pool: 'officers', email: 'rne.dirigeants@example.com' },
  { pool: 'filings', email: 'rne.comptes@example.com' },
] as const;

/** Entries processed per hour of a day's window, per queue (the cards show a few hundred a day). */
const RATE_PER_HOUR: Record<RneQueue, number> = { officers: 24, accounts: 11 };
/** Parked entries of the history, per queue, with their errors (service failures, 3 attempts; the worker's texts, server/modules/rne/client.ts). */
const PARKED: Record<RneQueue, string[]> = {
  officers: ['Service RNE\u00a0: HTTP 503.', 'Service RNE injoignable (pas de réponse).', 'Service RNE\u00a0: HTTP 502.'],
  accounts: ['Service RNE\u00a0: HTTP 500.', 'Service RNE injoignable (délai dépassé).'],
};
/** How long a history entry waited before it was processed, at most (ms). */
const MAX_WAIT_MS = 6 * 3_600_000;

/** What `seedDemoRne` created. */
export interface DemoRneCreated {
  rneAccounts: number;
  /** Entries waiting, queued now. */
  rneQueued: number;
  /** Done entries of the history. */
  rneProcessed: number;
  /** Parked entries of the history. */
  rneParked: number;
}

/** One Paris day of the history: its date, midnight (instant) and the processing window. */
interface HistoryDay {
  day: string;
  start: Date;
  end: Date;
}

/** The four Paris days J..J-3 of `now`, each with a window 07:00-20:00 Paris (J: ending at `now`, empty before 07:00). */
async function historyDays(ctx: AppContext, now: Date): Promise<HistoryDay[]> {
  const rows = await rowsOf<{ day: string; midnight: string | Date }>(ctx.db, sql`
    select d::text as day, (d::timestamp at time zone 'Europe/Paris') as midnight
      from (select (${parisDayOf(sql`${now.toISOString()}::timestamptz`)} - k) as d from generate_series(0, 3) as k) x
     order by d desc`);
  return rows.map((r, k) => {
    const midnight = new Date(r.midnight).getTime();
    const start = midnight + 7 * 3_600_000;
    const end = k === 0 ? Math.min(midnight + 20 * 3_600_000, now.getTime() - 60_000) : midnight + 20 * 3_600_000;
    return { day: r.day, start: new Date(start), end: new Date(Math.max(start, end)) };
  });
}

/** Inserts the demo accounts that do not exist yet (same pool and email, any case); returns their ids by pool and how many were created. */
async function seedAccounts(ctx: AppContext): Promise<{ ids: Record<string, number>; created: number }> {
  let created = 0;
  const ids: Record<string, number> = {};
  for (const a of DEMO_RNE_ACCOUNTS) {
    const inserted = await rowsOf<{ id: number | string }>(ctx.db, sql`
      insert into rne_accounts (pool, email, password_enc, status, token_ok)
      values (${a.pool}, ${a.email}, ${ctx.box.encrypt(randomPassword())}, 1, 0)
      on conflict (pool, lower(email)) do nothing returning id`);
    created += inserted.length;
    const rows = await rowsOf<{ id: number | string }>(ctx.db, sql`select id from rne_accounts where pool = ${a.pool} and lower(email) = lower(${a.email})`);
    ids[a.pool] = Number(rows[0].id);
  }
  return { ids, created };
}

/**
 * The processed history: done entries spread over the days' windows (ids in time order), their daily rollup and
 * the accounts' counters, and the parked entries. Returns the done and parked entries written.
 */
async function seedHistory(ctx: AppContext, sirens: string[], days: HistoryDay[], accountIds: Record<string, number>, random: () => number) {
  const plan: Array<{ queue: RneQueue; start: string; end: string; n: number; account: number }> = [];
  for (const d of days) {
    const hours = (d.end.getTime() - d.start.getTime()) / 3_600_000;
    for (const queue of ['officers', 'accounts'] as const) {
      const n = Math.round(RATE_PER_HOUR[queue] * hours * (0.8 + random() * 0.4));
      if (n > 0) plan.push({ queue, start: d.start.toISOString(), end: d.end.toISOString(), n, account: accountIds[queue === 'officers' ? 'officers' : 'filings'] });
    }
  }
  const param = <T>(pick: (p: (typeof plan)[number]) => T) => sql.param(plan.map(pick));
  const seed = Math.floor(random() * 1_000_000);
  // Slot i of n in [start, end), with a deterministic jitter inside the slot: strictly increasing within a day.
  const done = await rowsOf<{ id: number }>(ctx.db, sql`
    insert into rne_queue (queue, siren, reason, state, queued_at, not_before, attempts, processed_at, account_id)
    select e.queue, e.siren, e.reason, 'done', e.at - e.wait, e.at - e.wait, 0, e.at, e.account
      from (
        select q.queue, q.account,
               (${sql.param(sirens)}::text[])[1 + ((g.i * 7919 + q.ord * 104729 + ${seed}) % ${sirens.length})] as siren,
               case when (g.i + q.ord) % 5 = 0 then ${REASON_FEED} else ${REASON_MANUAL} end as reason,
               q.start_at + (q.end_at - q.start_at) * ((g.i - 1 + ((g.i * 2654435761 + ${seed}) % 1000) / 1000.0) / q.n)::float8 as at,
               make_interval(secs => ((g.i * 48271 + ${seed}) % ${MAX_WAIT_MS / 1000})) as wait
          from unnest(${param((p) => p.queue)}::text[], ${param((p) => p.start)}::timestamptz[], ${param((p) => p.end)}::timestamptz[],
                      ${param((p) => p.n)}::int[], ${param((p) => p.account)}::bigint[]) with ordinality as q(queue, start_at, end_at, n, account, ord)
         cross join lateral generate_series(1, q.n) as g(i)
      ) e
     order by e.at
    returning id`);

  // The rollups, from exactly the rows just written (the queues held no processed entry before).
  await ctx.db.execute(sql`
    insert into rne_queue_days (queue, day, processed, first_at, last_at)
    select queue, ${parisDayOf(sql`processed_at`)}, count(*), min(processed_at), max(processed_at)
      from rne_queue where state = 'done' group by 1, 2`);
  await ctx.db.execute(sql`
    insert into rne_account_days (account_id, day, officers, beneficial_owners, deeds, balance_sheets, seized_balance_sheets)
    select account_id, ${parisDayOf(sql`processed_at`)},
           sum(case when queue = 'officers' then 2 + id % 3 else 0 end), sum(case when queue = 'officers' then 1 + id % 2 else 0 end),
           sum(case when queue = 'accounts' then 1 + id % 3 else 0 end), sum(case when queue = 'accounts' then 1 else 0 end),
           sum(case when queue = 'accounts' and id % 9 = 0 then 1 else 0 end)
      from rne_queue where state = 'done' and account_id is not null group by 1, 2`);

  // Parked entries: queued during J-1, failed three times.
  const parked: Array<{ queue: RneQueue; error: string; siren: string; at: string }> = [];
  for (const queue of ['officers', 'accounts'] as const) {
    PARKED[queue].forEach((error, i) => {
      const at = new Date(days[1].start.getTime() + (i + 1) * 2 * 3_600_000 + Math.floor(random() * 3_600_000)).toISOString();
      parked.push({ queue, error, siren: sirens[Math.floor(random() * sirens.length)], at });
    });
  }
  await ctx.db.execute(sql`
    insert into rne_queue (queue, siren, reason, state, queued_at, not_before, attempts, error)
    select queue, siren, ${REASON_MANUAL}, 'parked', at, at + interval '10 minutes', 3, error
      from unnest(${sql.param(parked.map((p) => p.queue))}::text[], ${sql.param(parked.map((p) => p.siren))}::text[],
                  ${sql.param(parked.map((p) => p.at))}::timestamptz[], ${sql.param(parked.map((p) => p.error))}::text[]) as p(queue, siren, at, error)
     order by at`);
  return { processed: done.length, parked: parked.length };
}

/**
 * Waiting entries, through `enqueueSirens` (queued now): the SIRENs of the BODACC C notices (accounts) and of the
 * B notices of a change of officers (`officersChanged`; officers), as the feed hooks queue them, then `byHand` in
 * both queues (`Saisie manuelle`). A SIREN already waiting in a queue (queued by the feed hooks when the samples
 * were imported) is not queued twice. Returns the entries written.
 */
async function seedWaiting(ctx: AppContext, byHand: string[]): Promise<number> {
  const notices = await rowsOf<{
    bulletin: string;
    family: string;
    raw: unknown;
    sirens: string[];
  }>(ctx.db, sql`
    select bulletin, family, raw, sirens::text[] as sirens from announcements
     where bulletin = 'C' or (bulletin = 'B' and family = 'modification') order by issue_date, id`);
  const entries: Record<RneQueue, Array<{ siren: string; reason: string }>> = { accounts: [], officers: [] };
  for (const n of notices) {
    if (n.bulletin === 'C') entries.accounts.push(...n.sirens.map((siren) => ({ siren, reason: REASON_BODACC_C })));
    else if (officersChanged(n)) entries.officers.push(...n.sirens.map((siren) => ({ siren, reason: REASON_BODACC_B })));
  }
  let queued = 0;
  for (const queue of ['accounts', 'officers'] as const) {
    entries[queue].push(...byHand.map((siren) => ({ siren, reason: REASON_MANUAL })));
    queued += (await enqueueSirens(ctx.db, queue, entries[queue])).queued;
  }
  return queued;
}

/**
 * The SIRENs of the history: the register's companies and the SIRENs the stored BODACC notices name (registered
 * persons, sellers of a sale), in SIREN order.
 */
async function historySirens(ctx: AppContext): Promise<string[]> {
  const rows = await rowsOf<{ siren: string }>(ctx.db, sql`
    select siren::text as siren from companies
    union select unnest(sirens)::text from announcements
    union select unnest(seller_sirens)::text from bodacc_transactions
    order by 1`);
  return rows.map((r) => r.siren);
}

/**
 * Seeds the RNE demo after the feeds (it reads their BODACC notices and register).
 * @param byHand - SIRENs of the samples queued by hand in both queues (the caller's choice)
 * @param now - the demo's J (its Paris day is the first card)
 * @param random - a [0, 1) generator (deterministic in the demo)
 */
export async function seedDemoRne(ctx: AppContext, byHand: string[], now: Date, random: () => number): Promise<DemoRneCreated> {
  const created: DemoRneCreated = { rneAccounts: 0, rneQueued: 0, rneProcessed: 0, rneParked: 0 };
  const accounts = await seedAccounts(ctx);
  created.rneAccounts = accounts.created;

  const history = await rowsOf<{
    present: boolean;
  }>(ctx.db, sql`
    select exists (select 1 from rne_queue where state in ('done', 'parked')) or exists (select 1 from rne_queue_days) as present`);
  if (history[0].present) return created;
  const sirens = await historySirens(ctx);
  if (sirens.length > 0) {
    const written = await seedHistory(ctx, sirens, await historyDays(ctx, now), accounts.ids, random);
    created.rneProcessed = written.processed;
    created.rneParked = written.parked;
  }
  created.rneQueued = await seedWaiting(ctx, byHand);
  return created;
}
