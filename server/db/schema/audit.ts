/**
 * Audit trail of every write (and every secret read) made through vigie: one append-only row per write
 * request, import or job (docs/audit.md). Who (`actor` `admin` with the administrator's id and email
 * at the time, or `system` with the job id), when (UTC), from where (IP, user agent, a short reference to the
 * session), what (resource, id, action), and the field changes `{field: [before, after]}` with secrets redacted.
 *
 * No foreign key to `admins`: an entry outlives the account it names (a cascade would have to update it).
 * The database refuses UPDATE, TRUNCATE and DELETE on the table (triggers of migration 0021); the one
 * exception is the retention purge, which deletes in a transaction that ran `SET LOCAL vigie.audit_purge = on`.
 */
import { bigint, bigserial, index, integer, jsonb, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Field changes: each field written, with its value before and after (before is null on a create). */
export type AuditChanges = Record<string, [unknown, unknown]>;

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** When the write was made (UTC instant; the transaction's start time). */
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** `admin` (a signed-in administrator) or `system` (a feed, the worker, the feed push, the retention job). */
    actor: varchar('actor', { length: 16 }).notNull(),
    /** The administrator's id (no foreign key: the entry outlives the account). */
    adminId: integer('admin_id'),
    /** The administrator's email at the time of the write. */
    adminEmail: varchar('admin_email', { length: 255 }),
    /** The job (jobs.id, or the pg-boss job id) of a system write. */
    jobId: text('job_id'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** First 16 hex characters of the session's id (itself the SHA-256 of the cookie token). */
    sessionRef: varchar('session_ref', { length: 16 }),
    /** The resource written (`admins`, `customers`, `groups`, `deals`, `rne-accounts`, …). */
    resource: varchar('resource', { length: 32 }).notNull(),
    /** Its id as text (an integer id, a uuid, a SIREN); null for a bulk action (its records: `audit_targets`) or an import. */
    resourceId: text('resource_id'),
    /** `create`, `update`, `delete`, `status`, `bulk:<action>`, `import`, `reveal`, `purge`, … */
    action: varchar('action', { length: 48 }).notNull(),
    /** `{field: [before, after]}`; secrets replaced by `[masqué]`. */
    changes: jsonb('changes').$type<AuditChanges>(),
    /** What else the entry needs: a bulk action's count, change and selection (contract/audit-text.ts `BulkDetails`), an import's figures. */
    details: jsonb('details').$type<Record<string, unknown>>(),
  },
  (t) => [
    index('audit_log_created_at_idx').on(t.createdAt, t.id),
    index('audit_log_admin_idx').on(t.adminId, t.id),
    index('audit_log_admin_email_idx').on(t.adminEmail, t.id),
    index('audit_log_resource_idx').on(t.resource, t.id),
    index('audit_log_resource_id_idx').on(t.resource, t.resourceId, t.id),
    index('audit_log_action_idx').on(t.action, t.id),
  ],
);

/**
 * The records a bulk action changed (server/http/bulk.ts): one row per record and entry, so that the history of a
 * record (the audit list filtered on its resource and id) finds the bulk entries that touched it. Written in the
 * action's transaction by the action's own statement (`insert … select` from its `returning`), before the entry
 * whose id it reserved. No foreign key: checked row by row at commit, a deferred one cost 0.5 s more per 95,000
 * targets in bench `audit.bulk` (1.57 times the action without targets, against 1.22 without it; budget 1.5). The
 * targets are only written beside their entry, and the purge deletes the targets of the entries it deletes in the
 * same statement (server/modules/audit/retention.ts).
 *
 * Append-only as `audit_log`: UPDATE and TRUNCATE refused, DELETE only inside the purge (triggers of migration
 * 0024).
 */
export const auditTargets = pgTable(
  'audit_targets',
  {
    /** The entry (`audit_log.id`). */
    auditId: bigint('audit_id', { mode: 'number' }).notNull(),
    /** The audit resource of the record (`deals`, `news`, …: the `resource` of its own entries and of its « Historique »). */
    resource: varchar('resource', { length: 32 }).notNull(),
    /** The record's id (bulk actions reach integer ids only). */
    resourceId: bigint('resource_id', { mode: 'number' }).notNull(),
  },
  (t) => [
    // The history of one record: an index-only scan. The id first: a bulk action's 100,000 inserts compare
    // bigints before the resource's text (measured: 350 ms per 100,000 targets, against 600 ms resource first
    // with a btree on `audit_id`).
    primaryKey({ name: 'audit_targets_pkey', columns: [t.resourceId, t.resource, t.auditId] }),
    // The purge: the targets of the entries it deletes, a range of entry ids. Rows are appended in entry order,
    // so a BRIN index finds them at almost no cost per insert.
    index('audit_targets_audit_idx').using('brin', t.auditId),
  ],
);
