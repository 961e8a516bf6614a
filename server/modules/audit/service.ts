/**
 * The « Journal d’audit » list (docs/audit.md; server/lib/audit.ts): `POST /api/audit/filter` and its
 * « Exporter CSV », on the shared list mechanism (server/http/listing.ts, server/http/list-export.ts).
 *
 * Filters (contract/audit.ts `auditFilters`, all optional, applied together): administrator, resource and its id,
 * action, first and last day (Europe/Paris calendar days, inclusive). A resource and its id give the history of one
 * record: its own entries and the bulk actions that changed it (`audit_targets`). Sorts: date (default, newest
 * first), administrator, action, resource; each filter and sort column is backed by an `(column, id)` index of
 * `audit_log` (migration 0021). The list has no free-text search.
 *
 * Total: exact (`count(*)`) for a filtered list, read through the filter's index. Unfiltered, a count of a log of
 * millions of rows costs 100 ms and more on PostgreSQL (1M rows: 100–175 ms measured), over the list budget: past
 * `ESTIMATE_FROM` rows the total is the planner's row estimate (`pg_class.reltuples`, kept by (auto)analyze),
 * flagged `total_is_estimate` (« environ »), as the update log does for its common terms.
 */
import type { Readable } from 'node:stream';
import { sql, type SQL } from 'drizzle-orm';
import { auditActionText, auditActorText, auditDetailLines, auditResourceLabel, type AuditEntry, type AuditFilters } from '../../../contract/audit';
import type { FilterBody, Page } from '../../../contract/listing';
import type { Db } from '../../db/client';
import { exportList } from '../../http/list-export';
import { runList, type ListSpec } from '../../http/listing';
import { rowsOf } from '../../db/rows';
import type { CsvColumn } from '../../lib/csv/write';

/** Sortable columns: public name -> indexed expression. */
const SORTABLE: Record<string, SQL> = {
  id: sql`a.id`,
  created_at: sql`a.created_at`,
  admin_email: sql`a.admin_email`,
  action: sql`a.action`,
  resource: sql`a.resource`,
};

const SELECT = sql`a.id::float8 as id, to_char(a.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at, a.actor, a.admin_id,
  a.admin_email, a.job_id, a.ip, a.user_agent, a.session_ref, a.resource, a.resource_id, a.action, a.changes, a.details`;

/** Start of Paris calendar day `day` (YYYY-MM-DD) as an instant. */
const parisStart = (day: string) => sql`(${day}::date::timestamp at time zone 'Europe/Paris')`;

/** An id a target may have (audit_targets.resource_id is a bigint). */
const TARGET_ID = /^[1-9]\d{0,17}$/;

/**
 * The entries of one record: its own (resource and id), and the bulk actions that changed it (their targets,
 * server/lib/audit-targets.ts). The ids of both are gathered first, each through its index (`audit_log_resource_id_idx`,
 * the primary key of `audit_targets`), then the entries read by primary key: an OR of the two conditions would
 * scan the log.
 */
function recordCondition(resource: string, id: string): SQL {
  const own = sql`select o.id from audit_log o where o.resource = ${resource} and o.resource_id = ${id}`;
  const targeted = sql`select g.audit_id from audit_targets g where g.resource = ${resource} and g.resource_id = ${id}::bigint`;
  return sql`a.id = any(array(${TARGET_ID.test(id) ? sql`${own} union all ${targeted}` : own}))`;
}

/** The WHERE of the filters (undefined: none), on `audit_log a` (the bench explains the history's plan with it). */
export function auditFilterWhere(f: AuditFilters): SQL | undefined {
  const c: SQL[] = [];
  if (f.admin_id !== undefined) c.push(sql`a.admin_id = ${f.admin_id}`);
  if (f.resource && f.resource_id) c.push(recordCondition(f.resource, f.resource_id));
  else if (f.resource) c.push(sql`a.resource = ${f.resource}`);
  else if (f.resource_id) c.push(sql`a.resource_id = ${f.resource_id}`);
  if (f.action) c.push(sql`a.action = ${f.action}`);
  if (f.from) c.push(sql`a.created_at >= ${parisStart(f.from)}`);
  if (f.to) c.push(sql`a.created_at < (${f.to}::date + 1)::timestamp at time zone 'Europe/Paris'`);
  return c.length ? sql.join(c, sql` and `) : undefined;
}

/** The list of the filters `f`. */
function auditSpec(f: AuditFilters): ListSpec {
  return { select: SELECT, from: sql`audit_log a`, sortable: SORTABLE, where: auditFilterWhere(f) };
}

/** Rows from which the unfiltered total is the planner's estimate instead of a count. */
export const ESTIMATE_FROM = 100_000;

/**
 * One page of the audit log for a filter body (sort, page size) and the filters.
 * @throws AppError 422 errors.column (sort column not offered), errors.page (too deep)
 */
export async function filterAudit(db: Db, body: FilterBody, page: number, filters: AuditFilters): Promise<Page<AuditEntry>> {
  const spec = auditSpec(filters);
  if (!spec.where) {
    const [row] = await rowsOf<{ n: number }>(db, sql`select reltuples::float8 as n from pg_class where oid = 'audit_log'::regclass`);
    const estimate = Math.round(Number(row?.n ?? -1));
    if (estimate >= ESTIMATE_FROM) spec.knownTotal = { total: estimate, estimate: true };
  }
  return runList<AuditEntry>(db, spec, body, page);
}

/** Columns of the CSV: the list's (Date in Paris time, Administrateur, Action, Ressource, Identifiant, Détail, IP). */
const AUDIT_CSV: CsvColumn<AuditEntry & { date: string }>[] = [
  { header: 'Date', value: (r) => r.date },
  { header: 'Administrateur', value: (r) => auditActorText(r) },
  { header: 'Action', value: (r) => auditActionText(r) },
  { header: 'Ressource', value: (r) => auditResourceLabel(r.resource) },
  { header: 'Identifiant', value: (r) => r.resource_id },
  { header: 'Détail', value: (r) => auditDetailLines(r).join(' | ') },
  { header: 'IP', value: (r) => r.ip },
];

/**
 * « Exporter CSV »: every entry of the filters in the list's sort (dates DD/MM/YYYY HH:mm:ss, Europe/Paris).
 * @throws AppError 422 errors.column
 */
export function exportAudit(db: Db, body: FilterBody, filters: AuditFilters): Readable {
  const select = sql`${SELECT}, to_char(a.created_at at time zone 'Europe/Paris', 'DD/MM/YYYY HH24:MI:SS') as date`;
  return exportList(db, { ...auditSpec(filters), select }, body, AUDIT_CSV);
}
