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
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

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
    /** Its id as text (an integer id, a uuid, a SIREN); null for a bulk action or an import. */
    resourceId: text('resource_id'),
    /** `create`, `update`, `delete`, `status`, `bulk:<action>`, `import`, `reveal`, `purge`, … */
    action: varchar('action', { length: 48 }).notNull(),
    /** `{field: [before, after]}`; secrets replaced by `[masqué]`. */
    changes: jsonb('changes').$type<AuditChanges>(),
    /** What else the entry needs: a bulk action's count and selection, an import's figures. */
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
