/**
 * A write detector for the API tests: which tables each request wrote, seen at the driver, whatever path the
 * statement took (Drizzle, `rowsOf`, the `Sql` of server/db/sql.ts, a COPY, pg-boss's adapter).
 *
 * `watchWrites(database)` wraps the embedded instance's `query`, `exec` and `transaction` (PGlite), or the pool's
 * `query` and each client's `query` (node-postgres). Each statement is attributed to the audit scope current when it
 * is sent (server/lib/audit.ts: an HTTP request's scope, or a job's own system scope), captured at the call, so that
 * concurrent requests and background jobs never mix. A statement counts as a write of the tables it inserts into,
 * updates, deletes from, merges into, truncates or copies into, once the database says it changed rows (its command
 * tag: `INSERT 0 3`…; a data-modifying CTE under a SELECT counts as a write). Left out, as no state a user changes:
 * the audit tables themselves (`audit_…`), pg-boss's schema, and the guard's touch of a session's `last_seen_at`.
 */
import type { Database } from '../../server/db/client';
import { currentAuditScope, type AuditScope } from '../../server/lib/audit';

/** The tables the statements of one scope wrote, with the statements (for messages). */
export interface ScopeWrites {
  tables: Set<string>;
  statements: string[];
}

const writes = new WeakMap<AuditScope, ScopeWrites>();

/** What the statements of `scope` wrote so far (undefined: nothing). */
export function writesOf(scope: AuditScope): ScopeWrites | undefined {
  return writes.get(scope);
}

/** The statement of the guard's session touch (server/http/session.ts `resolveSession`), in normalised text. */
const SESSION_TOUCH = /^update sessions set last_seen_at = now\(\) where/;

/** Statement text lower-cased, without quotes around identifiers, string literals emptied, spaces collapsed. */
function normalise(text: string): string {
  return text
    .replace(/'(?:[^']|'')*'/g, "''")
    .replace(/"/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

const TARGETS = [
  /\binsert into ([\w.]+)/g,
  /\bupdate (?:only )?([\w.]+) (?:(?:as )?\w+ )?set\b/g,
  /\bdelete from (?:only )?([\w.]+)/g,
  /\bmerge into ([\w.]+)/g,
  /\btruncate (?:table )?([\w.]+)/g,
  /\bcopy ([\w.]+)[^;]*? from\b/g,
];

/** The tables a statement writes, those left out excluded (see the module doc). */
export function writtenTables(text: string): string[] {
  const s = normalise(text);
  if (SESSION_TOUCH.test(s)) return [];
  const out = new Set<string>();
  for (const re of TARGETS) {
    for (const m of s.matchAll(re)) {
      const table = m[1].replace(/^public\./, '');
      if (table.startsWith('pgboss.') || table.startsWith('audit_') || table === 'set') continue;
      out.add(table);
    }
  }
  return [...out];
}

/** Whether a driver's answer (one result, or one per statement) says rows changed, or cannot tell (a CTE under SELECT). */
function changedRows(result: unknown): boolean {
  const list = Array.isArray(result) ? result : [result];
  return list.some((r) => {
    const { command, rowCount, affectedRows } = (r ?? {}) as { command?: string; rowCount?: number | null; affectedRows?: number };
    if (command && ['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(command.toUpperCase())) return Number(rowCount ?? affectedRows ?? 0) > 0;
    return true;
  });
}

/** Records the write of `text` for `scope` when `result` says it changed rows. */
function note(scope: AuditScope | undefined, text: string, result: unknown): void {
  if (!scope) return;
  const tables = writtenTables(text);
  if (!tables.length || !changedRows(result)) return;
  let w = writes.get(scope);
  if (!w) writes.set(scope, (w = { tables: new Set(), statements: [] }));
  for (const t of tables) w.tables.add(t);
  w.statements.push(text.replace(/\s+/g, ' ').slice(0, 200));
}

/** The text of a `query` call's first argument: a string, a query config (`{text}`), or a COPY stream (`.text`). */
function textOf(arg: unknown): string {
  if (typeof arg === 'string') return arg;
  const text = (arg as { text?: unknown } | null)?.text;
  return typeof text === 'string' ? text : '';
}

type AnyFn = (...args: unknown[]) => unknown;

/** `fn` counted: the scope captured at the call, the write noted once the answer comes (a stream: at once). */
function counted(fn: AnyFn, self: unknown): AnyFn {
  return (...args: unknown[]) => {
    // A callback-style call is pg-pool's own, made for a `pool.query` already counted there.
    if (typeof args[args.length - 1] === 'function') return fn.apply(self, args);
    const scope = currentAuditScope();
    const text = textOf(args[0]);
    const out = fn.apply(self, args);
    if (out && typeof (out as Promise<unknown>).then === 'function') {
      return (out as Promise<unknown>).then((result) => {
        note(scope, text, result);
        return result;
      });
    }
    note(scope, text, undefined);
    return out;
  };
}

const watched = new WeakSet<object>();

/** Wraps `target`'s `query` (and `exec`) once. */
function wrapQueries(target: Record<string, unknown>): void {
  if (watched.has(target)) return;
  watched.add(target);
  for (const name of ['query', 'exec']) {
    const fn = target[name];
    if (typeof fn === 'function') target[name] = counted(fn as AnyFn, target);
  }
}

/** Starts watching the writes of `database` (idempotent). */
export function watchWrites(database: Database): void {
  if (database.pglite) {
    const pglite = database.pglite as unknown as Record<string, unknown>;
    if (watched.has(pglite)) return;
    wrapQueries(pglite);
    const transaction = pglite.transaction as AnyFn;
    pglite.transaction = (callback: (tx: Record<string, unknown>) => unknown) =>
      transaction.call(pglite, (tx: Record<string, unknown>) => {
        wrapQueries(tx);
        return callback(tx);
      });
    return;
  }
  const pool = database.pool;
  if (!pool || watched.has(pool)) return;
  watched.add(pool);
  (pool as unknown as Record<string, unknown>).query = counted(pool.query as unknown as AnyFn, pool);
  pool.on('acquire', (client) => wrapQueries(client as unknown as Record<string, unknown>));
}
