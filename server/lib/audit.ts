/**
 * The one audit mechanism (README "Audit trail"): every write made through vigie leaves one row in the
 * append-only `audit_log` (server/db/schema/audit.ts), written by `recordAudit` on the caller's database or
 * transaction, so that a write that rolls back leaves no audit line.
 *
 * Who acts comes from the current *audit scope* (Node's AsyncLocalStorage), not from the caller's arguments:
 * - an HTTP request opens a scope (server/http/audit.ts) that names the signed-in administrator (id and email
 *   at the time), the IP, the user agent, a short session reference, and the route's default resource, id
 *   and action;
 * - a background job or periodic task runs in a system scope (`runAsSystem`) that names the job id;
 * - anything else (CLI, seed) is recorded under the system actor without a job.
 * The shared write helpers (status resources, status toggle, bulk actions, job ends) call `recordAudit`, so a
 * module that uses them is audited without code of its own; a route with writes of its own calls
 * `request.audit(…)`. A request that wrote without recording anything gets one entry from the safety net of
 * server/http/audit.ts.
 *
 * Field changes are `{field: [before, after]}` of the API's response objects (the names the screens show);
 * secrets are replaced by `[masqué]` (`redactChanges`, one list: `SECRET_FIELD`).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from '../db/client';
import { auditLog, type AuditChanges } from '../db/schema/audit';

/** What an entry says was done. */
export interface AuditEntry {
  /** The resource written (a table name for the status resources: `admins`, `api_customers`, …). */
  resource: string;
  /** Its id (null: a bulk action, an import). */
  resourceId?: string | number | null;
  /** `create`, `update`, `delete`, `status`, `bulk`, `reveal`, `job`, `purge`, or the route's own name. */
  action: string;
  changes?: AuditChanges | null;
  details?: Record<string, unknown> | null;
}

/** Who acts in the current scope. */
export type AuditActor =
  | { actor: 'admin'; adminId: number; adminEmail: string; ip?: string | null; userAgent?: string | null; sessionRef?: string | null }
  | { actor: 'system'; jobId?: string | null; source?: string | null; adminId?: number | null; adminEmail?: string | null };

/** The current audit scope: its actor (read when an entry is written) and the route's defaults. */
export interface AuditScope {
  /** The actor, resolved when an entry is written (an HTTP request knows its administrator only after the guard). */
  who: () => AuditActor;
  /** Defaults of the entries written in the scope (the route's resource, id and action). */
  defaults?: () => Partial<AuditEntry>;
  /** Entries written in the scope (committed or not): the safety net writes one only when this stays 0. */
  recorded: number;
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

/** Runs `fn` under the system actor (a job, a feed, the worker), with the job id its entries carry. */
export function runAsSystem<R>(who: { jobId?: string | null; source?: string | null }, fn: () => R): R {
  return storage.run({ who: () => ({ actor: 'system', ...who }), recorded: 0 }, fn);
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

/** The column values of one entry in the current scope. */
function rowOf(entry: Partial<AuditEntry>): typeof auditLog.$inferInsert {
  const scope = storage.getStore();
  const merged = { ...(scope?.defaults?.() ?? {}), ...entry };
  const who: AuditActor = scope?.who() ?? { actor: 'system' };
  const changes = merged.changes && Object.keys(merged.changes).length ? redactChanges(merged.changes) : null;
  const details = merged.details ? (redactValue(merged.details) as Record<string, unknown>) : null;
  const base = {
    resource: (merged.resource ?? 'unknown').slice(0, 32),
    resourceId: merged.resourceId == null ? null : String(merged.resourceId),
    action: (merged.action ?? 'write').slice(0, 48),
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

/**
 * Writes one audit entry on `db` (pass the write's transaction: the entry commits with it or not at all), in the
 * current scope (actor, IP, …; resource, id and action default to the route's). Secrets are redacted here.
 * @param id - the entry's id when reserved beforehand (server/lib/audit-targets.ts `reserveAuditId`), else the next
 * @throws the database's error (the write's transaction then rolls back: nothing unaudited is kept)
 */
export async function recordAudit(db: Pick<Db, 'insert'>, entry: Partial<AuditEntry>, id?: number): Promise<void> {
  const scope = storage.getStore();
  if (scope) scope.recorded++;
  await db.insert(auditLog).values(id === undefined ? rowOf(entry) : { ...rowOf(entry), id });
}
