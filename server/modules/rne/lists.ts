/**
 * The queue tables, on the shared list helper (server/http/listing.ts):
 * - `filterDone`: the entries of a queue processed (`POST queues/{queue}/filter`), newest first by default;
 * - `filterLive`: the officers entries processed since the start of J-1, Paris (`POST queues/officers/live/filter`);
 * - `filterParked`: the parked entries of a queue, with their error (`POST queues/{queue}/parked/filter`);
 * - `filterWaiting`: the entries waiting in a queue, not yet taken (`POST queues/{queue}/waiting/filter`).
 * Columns `id`, `siren`, `date_creation` (when processed; for a parked or waiting entry, when queued). Search: the
 * digits of a SIREN prefix, as a range on the SIREN (index-friendly); the waiting and parked entries also take
 * `motif:<reason>`, the entries of one source. Every sort is on a partial index of `rne_queue`;
 * the totals without a search come from the rollups (`rne_queue_days`, `rne_queue_counts`), never a count, but for the
 * waiting entries (the rollup counts the running ones with them), counted on their partial index.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { FilterBody, Page } from '../../../contract/listing';
import { SOURCE_TERM_PREFIX, type ParkedEntry, type QueueEntry, type QueueName } from '../../../contract/rne';
import type { Db } from '../../db/client';
import { runList, type ListSpec } from '../../http/listing';
import { PARIS_TODAY, parisDayStart } from '../../lib/paris-day';
import { sirenPrefixSql } from '../../lib/siren-sql';

/** An instant as ISO 8601 UTC with milliseconds, in SQL. */
export const isoOf = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The condition of a search: digits of a SIREN prefix, as a range; anything else matches nothing. */
function sirenPrefix(term: string): SQL {
  const digits = term.replace(/\s+/g, '');
  if (!/^\d{1,9}$/.test(digits)) return sql`false`;
  return sirenPrefixSql(sql`q.siren`, digits);
}

/**
 * The condition of a search of the waiting or parked entries: `motif:<reason>` → the entries of that source (the
 * reason exactly; on the waiting entries' index (queue, reason, id)), otherwise a SIREN prefix (`sirenPrefix`).
 */
function sourceOrSiren(term: string): SQL {
  if (term.startsWith(SOURCE_TERM_PREFIX)) return sql`q.reason = ${term.slice(SOURCE_TERM_PREFIX.length)}`;
  return sirenPrefix(term);
}

/** The body with the default order (date_creation, newest first) when it names none. */
export function newestFirst(body: FilterBody): FilterBody {
  return { ...body, orderBy: { column: body?.orderBy?.column || 'date_creation', direction: body?.orderBy?.direction ?? 'desc' } };
}

const doneSelect = sql`q.id::int as id, q.siren, ${isoOf(sql`q.processed_at`)} as date_creation, q.reason`;
const doneSortable = { id: sql`q.id`, siren: sql`q.siren`, date_creation: sql`q.processed_at` };

/** The list of the entries of `queue` processed (newest first by default: `newestFirst`). */
export function doneSpec(queue: QueueName): ListSpec {
  return {
    select: doneSelect,
    from: sql`rne_queue q`,
    where: sql`q.queue = ${queue} and q.state = 'done'`,
    sortable: doneSortable,
    search: sirenPrefix,
    total: (term) => (term ? undefined : sql`select coalesce(sum(processed), 0)::bigint as total from rne_queue_days where queue = ${queue}`),
  };
}

/** The list of the officers entries processed since the start of J-1 (Europe/Paris). */
export function liveSpec(): ListSpec {
  return {
    select: doneSelect,
    from: sql`rne_queue q`,
    where: sql`q.queue = 'officers' and q.state = 'done' and q.processed_at >= ${parisDayStart(1)}`,
    sortable: doneSortable,
    search: sirenPrefix,
    total: (term) =>
      term ? undefined : sql`select coalesce(sum(processed), 0)::bigint as total from rne_queue_days where queue = 'officers' and day >= ${PARIS_TODAY} - 1`,
  };
}

/** The list of the parked entries of `queue` (oldest queued first by default: id order). */
export function parkedSpec(queue: QueueName): ListSpec {
  return {
    select: sql`q.id::int as id, q.siren, q.reason, ${isoOf(sql`q.queued_at`)} as queued_at, q.attempts::int as attempts, q.error,
      ${isoOf(sql`q.queued_at`)} as date_creation`,
    from: sql`rne_queue q`,
    where: sql`q.queue = ${queue} and q.state = 'parked'`,
    sortable: { id: sql`q.id`, siren: sql`q.siren`, date_creation: sql`q.queued_at` },
    search: sourceOrSiren,
    total: (term) => (term ? undefined : sql`select parked as total from rne_queue_counts where queue = ${queue}`),
  };
}

/** One page of the entries of `queue` processed. */
export function filterDone(db: Db, queue: QueueName, body: FilterBody, page: number): Promise<Page<QueueEntry>> {
  return runList<QueueEntry>(db, doneSpec(queue), newestFirst(body), page);
}

/** One page of the officers entries processed since the start of J-1 (Europe/Paris). */
export function filterLive(db: Db, body: FilterBody, page: number): Promise<Page<QueueEntry>> {
  return runList<QueueEntry>(db, liveSpec(), newestFirst(body), page);
}

/** One page of the parked entries of `queue`. */
export function filterParked(db: Db, queue: QueueName, body: FilterBody, page: number): Promise<Page<ParkedEntry>> {
  return runList<ParkedEntry>(db, parkedSpec(queue), body, page);
}

/** The list of the entries waiting in `queue` (not yet taken by a worker; oldest queued first by default: id order). */
export function waitingSpec(queue: QueueName): ListSpec {
  return {
    select: sql`q.id::int as id, q.siren, q.reason, ${isoOf(sql`q.queued_at`)} as date_creation`,
    from: sql`rne_queue q`,
    where: sql`q.queue = ${queue} and q.state = 'waiting'`,
    // Ids follow the queueing order: the date sorts by id, on the partial index of the waiting entries.
    sortable: { id: sql`q.id`, siren: sql`q.siren`, date_creation: sql`q.id` },
    search: sourceOrSiren,
  };
}

/** One page of the entries waiting in `queue`. */
export function filterWaiting(db: Db, queue: QueueName, body: FilterBody, page: number): Promise<Page<QueueEntry>> {
  return runList<QueueEntry>(db, waitingSpec(queue), body, page);
}
