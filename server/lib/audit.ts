/**
 * The one audit mechanism (docs/audit.md): every write made through vigie leaves one row in the
 * append-only `audit_log` (server/db/schema/audit.ts), written by `recordAudit` INSIDE the write's own transaction,
 * so that an entry exists exactly when its write committed: a write that rolls back takes its entry with it, and
 * an entry that cannot be written rolls its write back.
 *
 * - Each route that changes state declares its entry in its route definition (`config.audit`: resource, action,
 *   the id it touches; server/http/audit.ts); a read declares nothing and records nothing. The one declaration a
 *   read may carry is `reveal`: an answer that carries secrets in clear is recorded before it is sent.
 * - The write records that entry in its transaction: `auditedWrite(db, write, entry)` opens the transaction (on the
 *   Drizzle database or a `Sql` of server/db/sql.ts), runs the write and records the entry; a write that already
 *   runs in a transaction calls `recordAudit(tx, entry)` there. The entry takes the route's declared resource, action
 *   and id as defaults (the current *audit scope*); the write adds what only it knows (the id it created, counts,
 *   field changes). A write that wrote nothing records nothing (`entry` answers null).
 * - Shared write helpers (status resources, toggles, deals, bulk actions, a job's dispatch and end) record their
 *   entries themselves, so a module that uses them is audited without code of its own.
 *
 * Who acts comes from the current audit scope (Node's AsyncLocalStorage), not from the caller's arguments:
 * - an HTTP request opens a scope (server/http/audit.ts) that names the signed-in administrator (id and email
 *   at the time), the IP, the user agent, a short session reference, and the route's declaration;
 * - a background job or periodic task runs in a system scope (`runAsSystem`) that names the job id;
 * - anything else (CLI, seed) is recorded under the system actor without a job.
 *
 * Field changes are `{field: [before, after]}` of the API's response objects (the names the screens show);
 * secrets are replaced by `[masqué]` (`redactChanges`, one list: `SECRET_FIELD`).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from '../db/client';
import { auditLog, type AuditChanges } from '../db/schema/audit';
import type { Sql } from '../db/sql';

/** What an entry says was done. */
export interface AuditEntry {
  /** The resource written (a table name for the status resources: `admins`, `api_customers`, …). */
  resource: string;
  /** Its id (null: a bulk action, an import). */
  resourceId?: string | number | null;
  /** What was done: `create`, `update`, `delete`, `status`, `reveal`, `job`, … (labels: contract/audit-text.ts). */
  action: string;
  changes?: AuditChanges | null;
  details?: Record<string, unknown> | null;
}

/** Who acts in the current scope. */
export type AuditActor =
  | { actor: 'admin'; adminId: number; adminEmail: string; ip?: string | null; userAgent?: string | null; sessionRef?: string | null }
  | { actor: 'system'; jobId?: string | null; source?: string | null; adminId?: number | null; adminEmail?: string | null };

/** What an entry written in a scope said (resource, action, id), as the scope keeps it. */
export type RecordedEntry = Pick<AuditEntry, 'resource' | 'action'> & { resourceId: string | null };

/** The current audit scope: its actor (read when an entry is written) and the route's declared entry. */
export interface AuditScope {
  /** The actor, resolved when an entry is written (an HTTP request knows its administrator only after the guard). */
  who: () => AuditActor;
  /** The entry the scope's route declares (its resource, action and id), the defaults of the entries written in it. */
  declared?: () => Partial<AuditEntry> | undefined;
  /**
   * The entries written in the scope (committed or not), shared with the scopes derived from it (`withActor`): what a
   * request recorded, read by the tests' check of every request (test/helpers/audit-check.ts).
   */
  entries: RecordedEntry[];
}

const storage = new AsyncLocalStorage<AuditScope>();

/** The current scope, if any. */
export function currentAuditScope(): AuditScope | undefined {
  return storage.getStore();
}

/** Runs `fn` in `scope` (an HTTP request, a job). */
export function runInAuditScope<R>(scope: AuditScope, fn: () => R): R {
  return storage.run(scope, fn);
}

/**
 * Runs `fn` in the current scope with another actor (e.g. the administrator a sign-in names, who is not yet the
 * request's): the route's declaration and the list of entries written stay the scope's.
 */
export function withActor<R>(who: () => AuditActor, fn: () => R): R {
  const scope = storage.getStore();
  return storage.run({ declared: scope?.declared, entries: scope?.entries ?? [], who }, fn);
}

/** Runs `fn` under the system actor (a job, a feed, the worker), with the job id its entries carry. */
export function runAsSystem<R>(who: { jobId?: string | null; source?: string | null }, fn: () => R): R {
  return storage.run({ who: () => ({ actor: 'system', ...who }), entries: [] }, fn);
}

/** Value written in place of a secret. */
export const REDACTED = '[masqué]';

/**
 * The one redaction list: a field whose name matches is a secret (passwords and their hashes, customer secrets,
 * RNE passwords and tokens, app keys, second-factor secrets and recovery codes). Matched on the name without
 * `_`/`-` and case.
 */
export const SECRET_FIELD = /pass(word)?|secret|token|appkey|hash|recovery|totp|otp/i;

/** True when field `name` holds a secret (`SECRET_FIELD`). */
export function isSecretField(name: string): boolean {
  return SECRET_FIELD.test(name.replace(/[_-]/g, ''));
}

/** `value` with every secret field (at any depth) replaced by `[masqué]`; other values unchanged. */
export function redactValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactValue);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, isSecretField(k) ? (v == null ? v : REDACTED) : redactValue(v)]));
  }
  return value;
}

/** Changes with every secret value replaced (a changed secret stays visible as changed: `[masqué] → [masqué]`). */
export function redactChanges(changes: AuditChanges): AuditChanges {
  return Object.fromEntries(
    Object.entries(changes).map(([k, [before, after]]) =>
      isSecretField(k) ? [k, [before == null ? before : REDACTED, after == null ? after : REDACTED]] : [k, [redactValue(before), redactValue(after)]],
    ),
  );
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
/** Fields a diff leaves out: the record's id and its stamps. */
const UNAUDITED_FIELDS = new Set(['id', 'created_at', 'updated_at', 'createdAt', 'updatedAt']);

/**
 * The fields that differ between two objects (the response before and after a write), `{field: [before, after]}`;
 * `before` undefined (a create) gives every field of `after` with null before, `after` undefined (a delete)
 * every field of `before` with null after. `id` (the entry carries it) and the `created_at` / `updated_at` stamps
 * (the entry has its own date) are left out.
 */
export function diffChanges(before: object | undefined | null, after: object | undefined | null): AuditChanges {
  const b = (before ?? {}) as Record<string, unknown>;
  const a = (after ?? {}) as Record<string, unknown>;
  const out: AuditChanges = {};
  for (const key of new Set([...Object.keys(b), ...Object.keys(a)])) {
    if (UNAUDITED_FIELDS.has(key)) continue;
    const from = before ? (b[key] ?? null) : null;
    const to = after ? (a[key] ?? null) : null;
    if (!same(from, to)) out[key] = [from, to];
  }
  return out;
}

/**
 * Marks as changed the secret fields a write was given that its response does not show (e.g. a new password):
 * `[masqué] → [masqué]` (`created`: `null → [masqué]`). A secret the response shows is judged by the diff.
 * @param shown - the response object (its keys are the fields the diff saw)
 */
export function withSecretInputs(changes: AuditChanges, input: unknown, shown: object | undefined, created = false): AuditChanges {
  if (!input || typeof input !== 'object') return changes;
  for (const [k, v] of Object.entries(input)) {
    if (isSecretField(k) && typeof v === 'string' && v !== '' && !(k in changes) && !(shown && k in shown)) changes[k] = [created ? null : REDACTED, REDACTED];
  }
  return changes;
}

/** `entry` without its undefined fields (they leave the route's declared values in place). */
function defined(entry: Partial<AuditEntry>): Partial<AuditEntry> {
  return Object.fromEntries(Object.entries(entry).filter(([, v]) => v !== undefined)) as Partial<AuditEntry>;
}

/**
 * The column values of one entry in the current scope: the route's declared resource, action and id, overridden by
 * `entry`'s own values.
 * @throws Error when neither the route nor `entry` names the resource and the action (a write whose route
 *   declares no audit action: a programming error, answered 500, the write rolled back)
 */
function rowOf(entry: Partial<AuditEntry>): typeof auditLog.$inferInsert {
  const scope = storage.getStore();
  const merged = { ...(scope?.declared?.() ?? {}), ...defined(entry) };
  if (!merged.resource || !merged.action) throw new Error('audit entry without resource or action: the route declares no audit action');
  const who: AuditActor = scope?.who() ?? { actor: 'system' };
  const changes = merged.changes && Object.keys(merged.changes).length ? redactChanges(merged.changes) : null;
  const details = merged.details ? (redactValue(merged.details) as Record<string, unknown>) : null;
  const base = {
    resource: merged.resource.slice(0, 32),
    resourceId: merged.resourceId == null ? null : String(merged.resourceId),
    action: merged.action.slice(0, 48),
    changes,
    details,
  };
  if (who.actor === 'admin') {
    return {
      ...base,
      actor: 'admin',
      adminId: who.adminId,
      adminEmail: who.adminEmail,
      ip: who.ip ?? null,
      userAgent: who.userAgent?.slice(0, 500) ?? null,
      sessionRef: who.sessionRef ?? null,
    };
  }
  const withSource = who.source ? { source: who.source, ...(details ?? {}) } : details;
  return { ...base, details: withSource, actor: 'system', jobId: who.jobId ?? null, adminId: who.adminId ?? null, adminEmail: who.adminEmail ?? null };
}

/** Where an entry is written: the Drizzle database or one of its transactions, or a `Sql` (server/db/sql.ts). */
export type AuditTarget = Pick<Db, 'insert'> | Pick<Sql, 'exec'>;

/**
 * The insert of one entry through a `Sql` (`$n` parameters, in the order of `sqlValues`); `$13` is the entry's id
 * when reserved beforehand, else null for the next of the sequence.
 */
const SQL_INSERT = `insert into audit_log (id, actor, admin_id, admin_email, job_id, ip, user_agent, session_ref, resource, resource_id, action, changes, details)
  values (coalesce($13::bigint, nextval(pg_get_serial_sequence('audit_log', 'id'))), $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb, $12::jsonb)`;

/** The parameters of SQL_INSERT for `row`. */
function sqlValues(row: typeof auditLog.$inferInsert): unknown[] {
  const json = (v: unknown) => (v == null ? null : JSON.stringify(v));
  return [row.actor, row.adminId ?? null, row.adminEmail ?? null, row.jobId ?? null, row.ip ?? null, row.userAgent ?? null, row.sessionRef ?? null,
    row.resource, row.resourceId ?? null, row.action, json(row.changes), json(row.details), row.id ?? null];
}

/**
 * Writes one audit entry on `db` (the write's transaction: the entry commits with it or not at all), in the current
 * scope (actor, IP, …; resource, id and action default to the route's declaration). Secrets are redacted here.
 * @param id - the entry's id when reserved beforehand (server/lib/audit-targets.ts `reserveAuditId`), else the next
 * @throws Error when no resource or action is known (see `rowOf`); the database's error (the write's transaction
 *   then rolls back: nothing unaudited is kept)
 */
export async function recordAudit(db: AuditTarget, entry: Partial<AuditEntry> = {}, id?: number): Promise<void> {
  const row = id === undefined ? rowOf(entry) : { ...rowOf(entry), id };
  if ('exec' in db) await db.exec(SQL_INSERT, sqlValues(row));
  else await db.insert(auditLog).values(row);
  storage.getStore()?.entries.push({ resource: row.resource, action: row.action, resourceId: row.resourceId ?? null });
}

/** What a write adds to the route's declared entry once it ran; null: it wrote nothing, nothing is recorded. */
export type EntryOf<T> = (result: T) => Partial<AuditEntry> | null | undefined;

/**
 * Runs `write` in one transaction on `db` and records in that transaction the entry of the current route (its
 * declared resource, action and id), completed by `entry(result)` (the id of a record it created, counts, field
 * changes); `entry` answering null records nothing (the write found nothing to do). Works on the Drizzle database
 * and on a `Sql` (whose `transaction` is a savepoint when it already runs in one).
 * @returns what `write` returned
 * @throws what `write` throws, or the entry's error: the transaction then rolls back, write and entry together
 */
export function auditedWrite<T>(db: Db, write: (tx: Db) => Promise<T>, entry?: EntryOf<T>): Promise<T>;
export function auditedWrite<T>(db: Sql, write: (tx: Sql) => Promise<T>, entry?: EntryOf<T>): Promise<T>;
export function auditedWrite<T>(db: Db | Sql, write: (tx: never) => Promise<T>, entry: EntryOf<T> = () => ({})): Promise<T> {
  const run = async (tx: Db | Sql) => {
    const out = await write(tx as never);
    const extra = entry(out);
    if (extra) await recordAudit(tx, extra);
    return out;
  };
  if ('exec' in db) return db.transaction((tx) => run(tx));
  return db.transaction((tx) => run(tx));
}
