/**
 * The records an audit entry touched (docs/audit.md; table `audit_targets`, server/db/schema/audit.ts): a
 * bulk action (server/http/bulk.ts) reserves its entry's id, runs each of its statements through `withTargets`,
 * which keeps the ids the statement returns as that entry's targets in the same statement, and then writes the
 * entry under the reserved id (server/lib/audit.ts `recordAudit`), all in the action's transaction. The ids never
 * travel to the process: 100,000 targets cost one `insert … select` beside the action's statement.
 */
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Executor } from '../db/rows';

/**
 * Takes the id of an entry that its targets name before it is written (the next value of `audit_log`'s sequence;
 * a rolled-back transaction leaves a gap, as a rolled-back insert does).
 * @returns the id to give `recordAudit`
 * @throws the database's error
 */
export async function reserveAuditId(db: Executor): Promise<number> {
  const [row] = await rowsOf<{ id: number | string }>(db, sql`select nextval(pg_get_serial_sequence('audit_log', 'id')) as id`);
  return Number(row.id);
}

/**
 * `statement` (an INSERT, UPDATE or DELETE ending in `returning <the record's id>`, one column) as one statement
 * (a data-modifying CTE) that also writes each returned id as a target of entry `auditId` under `resource`, and
 * answers one row `{n}`: the number of rows the statement returned.
 */
export function withTargets(statement: SQL, auditId: number, resource: string): SQL {
  return sql`with changed (id) as (${statement}),
    targets as (insert into audit_targets (audit_id, resource, resource_id) select ${auditId}::bigint, ${resource}, id from changed)
    select count(*)::int as n from changed`;
}

/**
 * Runs `statement` with its targets (`withTargets`) on `db` (the action's transaction).
 * @returns the number of records the statement changed
 * @throws the database's error
 */
export async function runWithTargets(db: Executor, statement: SQL, auditId: number, resource: string): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(db, withTargets(statement, auditId, resource));
  return Number(row.n);
}
