/**
 * The shared server side of a bulk action on a list (contract/bulk.ts): the rows a bulk body names become one
 * parameterised WHERE over the list's own conditions (the `where` and `search` of its ListSpec,
 * server/http/listing.ts), and the action runs over them in one transaction, so that it changes every row or
 * none. The answer is the number of records the action changed.
 *
 * The action leaves one audit entry in the same transaction (server/lib/audit.ts; docs/audit.md): the
 * change, the count and how the rows were chosen (contract/audit-text.ts `BulkDetails`: the number of ticked rows,
 * or the search and the number of unticked rows; never the ids), and the ids of the records it changed as the
 * entry's targets (server/lib/audit-targets.ts), written by each of its statements from their `returning`, so
 * that the history of each record lists it.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { BulkChange, BulkDetails, BulkSelection } from '../../contract/audit-text';
import type { BulkBody } from '../../contract/bulk';
import type { Db } from '../db/client';
import { recordAudit } from '../lib/audit';
import { reserveAuditId, runWithTargets } from '../lib/audit-targets';
import { fieldError } from '../lib/errors';
import type { ListSpec } from './listing';

/** The rows a bulk action may reach: the list's id column and its always-applied and search conditions. */
export interface BulkSpec extends Pick<ListSpec, 'where' | 'search'> {
  /** The rows' id column, e.g. sql`n.id` (compared with bigint values). */
  id: SQL;
  /**
   * The audit resource of the records the action changes (`deals`, `news`, …): the ids its statements return are
   * kept under it, where the « Historique » of each record looks (its own entries' resource).
   */
  target: string;
}

/** A statement of a bulk action, run with its targets: answers how many records it changed. */
export type TrackStatement = (statement: SQL) => Promise<number>;

/** An id list as one bigint[] parameter (the ids are integers, checked by the contract). */
function idArray(ids: readonly number[]): SQL {
  return sql`${'{' + ids.map((id) => Math.trunc(id)).join(',') + '}'}::bigint[]`;
}

/**
 * The condition selecting the rows of `body` among the list's rows: `{ids}` → those ids (within the list's
 * `where`); `{all}` → the list's `where` and its search (as the list reads it), minus `except`.
 * @throws AppError 422 errors.ids when the body names no row
 */
export function bulkWhere(spec: BulkSpec, body: BulkBody): SQL {
  const conditions: SQL[] = spec.where ? [spec.where] : [];
  if (body.all) {
    const term = body.search?.trim();
    const searched = term ? spec.search?.(term) : undefined;
    if (searched) conditions.push(searched);
    if (body.except?.length) conditions.push(sql`not (${spec.id} = any(${idArray(body.except)}))`);
  } else {
    if (!body.ids?.length) throw fieldError('ids', 'Aucune ligne sélectionnée.');
    conditions.push(sql`${spec.id} = any(${idArray(body.ids)})`);
  }
  return conditions.length ? sql.join(conditions, sql` and `) : sql`true`;
}

/** How the rows of `body` were chosen, as the audit entry keeps it: counts and the search, no id. */
export function bulkSelection(body: BulkBody): BulkSelection {
  if (!body.all) return { ticked: body.ids?.length ?? 0 };
  const search = body.search?.trim();
  return { all: true, ...(search ? { search } : {}), ...(body.except?.length ? { except: body.except.length } : {}) };
}

/**
 * Runs a bulk action in one transaction: `action(where, track)` gets the condition of `bulkWhere` and runs each of
 * its statements through `track`. A tracked statement is an INSERT, UPDATE or DELETE ending in `returning <the
 * record's id>` (one column, each record once); `track` runs it so that the ids it returns become targets of the
 * action's entry (`spec.target`), and answers how many they are. The entry (`change`, the count, the selection)
 * is written last; a throw rolls every row, target and entry back. The statement timeout is lifted inside the
 * transaction: an action over 100,000 rows is one long statement, not a slow list query.
 * @returns the number of records the tracked statements changed
 * @throws AppError 422 errors.ids (see `bulkWhere`), or what the action throws
 */
export async function runBulk(db: Db, spec: BulkSpec, body: BulkBody, change: BulkChange, action: (where: SQL, track: TrackStatement) => Promise<unknown>): Promise<number> {
  const where = bulkWhere(spec, body);
  return db.transaction(async (tx) => {
    const q: Db = tx;
    await q.execute(sql`set local statement_timeout = 0`);
    const auditId = await reserveAuditId(q);
    let count = 0;
    await action(where, async (statement) => {
      const n = await runWithTargets(q, statement, auditId, spec.target);
      count += n;
      return n;
    });
    // Resource and action are the route's.
    const details: BulkDetails = { count, target: spec.target, change, selection: bulkSelection(body) };
    await recordAudit(q, { details: { ...details } }, auditId);
    return count;
  });
}

/**
 * The common case of `runBulk`: one statement (a DELETE or an UPDATE written by the caller around `where`, ending
 * in `returning <the record's id>`), whose records are the answer's count and the entry's targets.
 */
export function bulkStatement(db: Db, spec: BulkSpec, body: BulkBody, change: BulkChange, statement: (where: SQL) => SQL): Promise<number> {
  return runBulk(db, spec, body, change, (where, track) => track(statement(where)));
}
