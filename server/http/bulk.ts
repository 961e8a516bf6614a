/**
 * The shared server side of a bulk action on a list (contract/bulk.ts): the rows a bulk body names become one
 * parameterised WHERE over the list's own conditions (the `where` and `search` of its ListSpec,
 * server/http/listing.ts), and the action runs over them in one transaction, so that it changes every row or
 * none. The answer is the number of rows the action changed. The action leaves one audit entry (its count and
 * selection) in the same transaction (server/lib/audit.ts).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { BulkBody } from '../../contract/bulk';
import type { Db } from '../db/client';
import { rowCountOf } from '../db/rows';
import { recordAudit } from '../lib/audit';
import { fieldError } from '../lib/errors';
import type { ListSpec } from './listing';

/** The rows a bulk action may reach: the list's id column and its always-applied and search conditions. */
export interface BulkSpec extends Pick<ListSpec, 'where' | 'search'> {
  /** The rows' id column, e.g. sql`n.id` (compared with bigint values). */
  id: SQL;
}

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

/**
 * Runs a bulk action in one transaction: `action(tx, where)` gets the transaction and the condition of
 * `bulkWhere`, and answers how many rows it changed (a throw rolls every row back). The statement timeout is
 * lifted inside the transaction: an action over 100,000 rows is one long statement, not a slow list query.
 * @returns the action's count
 * @throws AppError 422 errors.ids (see `bulkWhere`), or what the action throws
 */
export async function runBulk(db: Db, spec: BulkSpec, body: BulkBody, action: (tx: Db, where: SQL) => Promise<number>): Promise<number> {
  const where = bulkWhere(spec, body);
  return db.transaction(async (tx) => {
    const q: Db = tx;
    await q.execute(sql`set local statement_timeout = 0`);
    const count = await action(q, where);
    // One audit entry for the whole action, in its transaction: the count and the selection (resource and action
    // are the route's).
    await recordAudit(q, { details: { count, selection: body } });
    return count;
  });
}

/**
 * The common case of `runBulk`: one statement (a DELETE or an UPDATE written by the caller around `where`),
 * whose row count is the answer.
 */
export function bulkStatement(db: Db, spec: BulkSpec, body: BulkBody, statement: (where: SQL) => SQL): Promise<number> {
  return runBulk(db, spec, body, (tx, where) => rowCountOf(tx, statement(where)));
}
