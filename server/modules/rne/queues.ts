/**
 * The two differential queues (table `rne_queue`, server/db/schema/rne.ts): putting
 * SIRENs in, and the requeue of a parked entry.
 * - `enqueueSirens`: one `INSERT … ON CONFLICT DO NOTHING` on the partial unique index (queue, siren) of the
 *   waiting and running entries, so that a SIREN already waiting is not queued twice; usable inside a
 *   transaction (a drizzle transaction, or a raw `exec` of a job's connection). The trigger-kept
 *   `rne_queue_counts` follows in the same statement.
 * - `queueSirens`: the manual add (textarea lines validated like groups, a SIRET taken for its SIREN, reason `Saisie manuelle`) and the
 *   feed push (reason given, default `Flux externe`), with the French answer.
 * - `requeueEntry`: a parked entry back to waiting (attempts and error cleared); when the SIREN is already
 *   waiting again in that queue, the parked entry is simply removed.
 * The caller wakes the worker after the commit (`wakeRneWorker`). The add and the requeue record their route's audit
 * entry in their transaction.
 */
import { sql } from 'drizzle-orm';
import { QUEUE_LABELS, type QueueName, type QueueSirensResult } from '../../../contract/rne';
import type { Db } from '../../db/client';
import { auditedWrite } from '../../lib/audit';
import { notFound } from '../../lib/errors';
import { parseSirenLines } from '../../http/siren-lines';
import { isUniqueViolation } from '../../db/errors';
import { rowsOf } from '../../db/rows';

/** Reason of a SIREN added by hand. */
export const REASON_MANUAL = 'Saisie manuelle';
/** Default reason of a SIREN pushed by an external worker. */
export const REASON_FEED = 'Flux externe';
/** 404 of an entry that is not parked in that queue. */
export const ENTRY_NOT_FOUND = 'Item does not exist!';

/** One statement on a raw connection (a job's client or a PGlite transaction), as the feed merges run them. */
export type Exec = (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/** What an enqueue did: SIRENs newly queued, and the others (already waiting or running, or repeated in the call). */
export interface EnqueueCounts {
  queued: number;
  already_waiting: number;
}

const ENQUEUE_SQL = `with ins as (
  insert into rne_queue (queue, siren, reason)
  select $1, e.siren, left(e.reason, 255) from unnest($2::text[], $3::text[]) with ordinality as e(siren, reason, ord)
   order by e.ord
  on conflict (queue, siren) where state in ('waiting', 'running') do nothing
  returning 1
) select count(*)::int as queued from ins`;

/**
 * Queues `entries` in `queue`, each with its reason (French, cut at 255 characters), in the given order.
 * @param exec - a drizzle database or transaction, or a raw `exec` (inside a transaction, the entries commit with it)
 * @throws Error when a SIREN is not 9 digits (the callers validate first)
 */
export async function enqueueSirens(exec: Db | Exec, queue: QueueName, entries: ReadonlyArray<{ siren: string; reason: string }>): Promise<EnqueueCounts> {
  if (entries.length === 0) return { queued: 0, already_waiting: 0 };
  for (const e of entries) if (!/^\d{9}$/.test(e.siren)) throw new Error('enqueueSirens: a SIREN is 9 digits');
  const sirens = entries.map((e) => e.siren);
  const reasons = entries.map((e) => e.reason);
  let rows: Array<Record<string, unknown>>;
  if (typeof exec === 'function') {
    rows = (await exec(ENQUEUE_SQL, [queue, sirens, reasons])).rows;
  } else {
    rows = await rowsOf<Record<string, unknown>>(exec, sql`with ins as (
        insert into rne_queue (queue, siren, reason)
        select ${queue}, e.siren, left(e.reason, 255) from unnest(${sql.param(sirens)}::text[], ${sql.param(reasons)}::text[]) with ordinality as e(siren, reason, ord)
         order by e.ord
        on conflict (queue, siren) where state in ('waiting', 'running') do nothing
        returning 1
      ) select count(*)::int as queued from ins`);
  }
  const queued = Number(rows[0]?.queued ?? 0);
  return { queued, already_waiting: entries.length - queued };
}

/** The French answer of an add: how many were queued, how many were already waiting. */
export function queuedMessage(queue: QueueName, counts: EnqueueCounts): string {
  const n = (v: number) => v.toLocaleString('fr-FR');
  return `File «\u00a0${QUEUE_LABELS[queue]}\u00a0»\u00a0: ${n(counts.queued)} siren(s) ajouté(s), ${n(counts.already_waiting)} déjà en attente.`;
}

/**
 * The manual add and the feed push: validates every entry as a group's lines are (server/http/siren-lines.ts: a
 * SIREN, or a valid SIRET taken for its SIREN; 422 `errors.sirens` with the invalid lines, nothing queued), then
 * queues the distinct SIRENs with `reason`. A SIREN repeated in the call counts as already waiting. The answer
 * carries `notes` (one per SIRET line) when there are any.
 * @param lines - the textarea line number of each entry (manual add)
 * @throws AppError 422 errors.sirens
 */
export async function queueSirens(db: Db, queue: QueueName, values: string[], reason: string, lines?: number[]): Promise<QueueSirensResult> {
  const { sirens, notes } = parseSirenLines(values, lines);
  const counts = await auditedWrite(
    db,
    (tx) =>
      enqueueSirens(
        tx,
        queue,
        sirens.map((siren) => ({ siren, reason })),
      ),
    // Recorded even when every SIREN was waiting already: the call and its selection stand in the trail.
    (c) => ({ details: { queue, count: c.queued, already_waiting: values.length - c.queued } }),
  );
  const total = { queued: counts.queued, already_waiting: values.length - counts.queued };
  return { message: queuedMessage(queue, total), ...total, ...(notes.length ? { notes } : {}) };
}

/**
 * Puts parked entry `id` of `queue` back to waiting (attempts 0, error cleared, to be taken at once). When
 * the SIREN is already waiting or running again in that queue, the parked entry is removed instead.
 * @throws AppError 404 when `id` is not a parked entry of `queue`
 */
export async function requeueEntry(db: Db, queue: QueueName, id: number): Promise<void> {
  await auditedWrite(
    db,
    async (tx) => {
      try {
        // In a savepoint: the unique violation of a SIREN waiting again rolls back this statement only.
        const res = await tx.transaction((sp) =>
          rowsOf<{ siren: string }>(sp, sql`
          update rne_queue set state = 'waiting', attempts = 0, error = null, not_before = now(), lease_until = null, processed_at = null
           where id = ${id} and queue = ${queue} and state = 'parked' returning siren`),
        );
        if (res.length === 0) throw notFound(ENTRY_NOT_FOUND);
        return { siren: res[0].siren, removed: false };
      } catch (err) {
        if (!isUniqueViolation(err, 'rne_queue_pending_key')) throw err;
        const res = await rowsOf<{ siren: string }>(tx, sql`delete from rne_queue where id = ${id} and queue = ${queue} and state = 'parked' returning siren`);
        if (res.length === 0) throw notFound(ENTRY_NOT_FOUND);
        return { siren: res[0].siren, removed: true };
      }
    },
    (done) => ({ details: { entry: id, ...done } }),
  );
}
