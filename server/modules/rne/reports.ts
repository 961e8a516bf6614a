/**
 * The supervision reports of the queues (SPEC sections 3 "Supervision report" and 7
 * `reportsall`, `dirigeantsall`, `liveinpiall`), read from the rollups, never by scanning the queue:
 * - cards `nb1`..`nb4` = Paris days J, J-1, J-2, J-3 `{day: 'YYYY-MM-DD', total}` from `rne_queue_days`
 *   (total 0 when the day has no row);
 * - `restant` (waiting or running) and `parked` from `rne_queue_counts` (trigger-kept);
 * - from/to, from2/to2, from3/to3 = first/last processing instants of J, J-1, J-2 (`rne_queue_days`);
 * - `state` (`dirigeantsall`): what the worker is doing now (queue-state.ts);
 * - `accounts`: the latest entries processed (at most LATEST_ENTRIES, one indexed top-N read); for the live
 *   view, only those processed since the start of J-1.
 */
import { sql } from 'drizzle-orm';
import type { DirigeantsResponse, LiveInpiResponse, QueueEntry, QueueName, ReportsResponse } from '../../../contract/rne';
import type { Db } from '../../db/client';
import { PARIS_TODAY, parisDayStart } from '../../lib/paris-day';
import { isoOf } from './lists';
import { queueState } from './queue-state';
import { rowsOf } from '../../db/rows';

/** Most entries a report answers in `accounts` (the tables page through the filter calls). */
export const LATEST_ENTRIES = 200;

interface DayRow {
  n: number;
  day: string;
  total: number | string;
  first_at: string | null;
  last_at: string | null;
}

/** The rollups of `queue`: the four days J..J-3 and the counts. */
async function rollups(db: Db, queue: QueueName) {
  const days = await rowsOf<DayRow>(db, sql`
    select g.n::int as n, to_char(${PARIS_TODAY} - g.n, 'YYYY-MM-DD') as day, coalesce(d.processed, 0)::bigint as total,
           ${isoOf(sql`d.first_at`)} as first_at, ${isoOf(sql`d.last_at`)} as last_at
      from generate_series(0, 3) as g(n)
      left join rne_queue_days d on d.queue = ${queue} and d.day = ${PARIS_TODAY} - g.n
     order by g.n`);
  const [counts] = await rowsOf<{
    waiting: number | string;
    parked: number | string;
  }>(db, sql`select waiting::bigint as waiting, parked::bigint as parked from rne_queue_counts where queue = ${queue}`);
  const card = (n: number) => ({ day: days[n].day, total: Number(days[n].total) });
  return {
    cards: { nb1: card(0), nb2: card(1), nb3: card(2), nb4: card(3) },
    windows: days,
    restant: Number(counts?.waiting ?? 0),
    parked: Number(counts?.parked ?? 0),
  };
}

/** The latest entries of `queue` processed, newest first; `sinceDays` keeps those processed since the start of J-`sinceDays`. */
async function latest(db: Db, queue: QueueName, sinceDays?: number): Promise<QueueEntry[]> {
  const since = sinceDays === undefined ? sql`` : sql`and q.processed_at >= ${parisDayStart(sinceDays)}`;
  const rows = await rowsOf<QueueEntry>(db, sql`
    select q.id::int as id, q.siren, ${isoOf(sql`q.processed_at`)} as date_creation, q.reason
      from rne_queue q
     where q.queue = ${queue} and q.state = 'done' ${since}
     order by q.processed_at desc, q.id desc
     limit ${LATEST_ENTRIES}`);
  return rows;
}

/** `reportsall`: the accounts queue. */
export async function reportsAll(db: Db): Promise<ReportsResponse> {
  const [r, accounts] = await Promise.all([rollups(db, 'accounts'), latest(db, 'accounts')]);
  return { accounts, ...r.cards, restant: r.restant, parked: r.parked };
}

/** `dirigeantsall`: the officers queue, with the window of J and what its worker is doing now (queue-state.ts). */
export async function dirigeantsAll(db: Db): Promise<DirigeantsResponse> {
  const [r, accounts, state] = await Promise.all([rollups(db, 'officers'), latest(db, 'officers'), queueState(db, 'officers')]);
  return { accounts, ...r.cards, restant: r.restant, parked: r.parked, from: r.windows[0].first_at, to: r.windows[0].last_at, state };
}

/** `liveinpiall`: the officers entries processed on J and J-1, with the windows of J, J-1 and J-2. */
export async function liveInpiAll(db: Db): Promise<LiveInpiResponse> {
  const [r, accounts] = await Promise.all([rollups(db, 'officers'), latest(db, 'officers', 1)]);
  const w = r.windows;
  return {
    accounts,
    ...r.cards,
    restant: r.restant,
    from: w[0].first_at,
    to: w[0].last_at,
    from2: w[1].first_at,
    to2: w[1].last_at,
    from3: w[2].first_at,
    to3: w[2].last_at,
  };
}
