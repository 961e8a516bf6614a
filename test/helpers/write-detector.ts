/**
 * A write detector for the API tests: which tables each request wrote, seen at the driver, whatever path the
 * statement took (Drizzle, `rowsOf`, the `Sql` of server/db/sql.ts, a COPY, pg-boss's adapter).
 *
 * `watchWrites(database)` wraps the embedded instance's `query`, `exec` and `transaction` (PGlite), or the pool's
 * `query` and each client's `query` (node-postgres). Each statement is attributed to the audit scope current when it
 * is sent (server/lib/audit.ts: an HTTP request's scope, or a job's own system scope), captured at the call, so that
 * concurrent requests and background jobs never mix. A statement counts as a write of the tables it inserts into,
 * updates, deletes from, merges into, truncates or copies into, once the database says it changed rows (its command
 * tag: `INSERT 0 3`…; a data-modifying CTE under a SELECT counts as a write) AND its transaction committed (a
 * statement rolled back with its transaction, e.g. the first run of a transaction run again after a deadlock, wrote
 * nothing). Left out, as no state a user changes:
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

/** A write seen on a connection: the scope it belongs to and the tables it changed. */
interface Seen {
  scope: AuditScope;
  tables: string[];
  text: string;
}

/** Adds `seen` to its scope's writes (the statement committed). */
function keep(seen: Seen): void {
  let w = writes.get(seen.scope);
  if (!w) writes.set(seen.scope, (w = { tables: new Set(), statements: [] }));
  for (const t of seen.tables) w.tables.add(t);
  w.statements.push(seen.text.replace(/\s+/g, ' ').slice(0, 200));
}

/**
 * The writes of one connection inside its transaction, kept until they commit: one frame for the transaction and
 * one per savepoint; a rollback drops them (a statement that ran, then rolled back with its transaction, wrote
 * nothing: a transaction run again after a deadlock counts once).
 */
class Transactions {
  private frames: Seen[][] = [];

  /** Opens the transaction (`begin`) or a savepoint. */
  open(): void {
    this.frames.push([]);
  }

  /** Notes a write: kept at once outside a transaction, else held by the innermost frame. */
  note(seen: Seen): void {
    const top = this.frames[this.frames.length - 1];
    if (top) top.push(seen);
    else keep(seen);
  }

  /** Follows the transaction statements of `text` (`begin`, `savepoint`, `release`, `rollback [to]`, `commit`). */
  control(text: string): boolean {
    const s = normalise(text).replace(/;$/, '');
    // Several statements in one text (pg-boss's own scripts) are no transaction control of the caller's.
    if (s.includes(';')) return false;
    if (/^(begin|start transaction)\b/.test(s) || /^savepoint\b/.test(s)) this.open();
    else if (/^release( savepoint)?\b/.test(s)) this.release();
    else if (/^rollback to( savepoint)?\b/.test(s)) this.frames[this.frames.length - 1]?.splice(0);
    else if (/^(rollback|abort)\b/.test(s)) this.end(false);
    else if (/^(commit|end)\b/.test(s)) this.end(true);
    else return false;
    return true;
  }

  /** Releases the innermost savepoint: its writes go to the frame around it. */
  release(): void {
    const frame = this.frames.pop() ?? [];
    const parent = this.frames[this.frames.length - 1];
    if (parent) parent.push(...frame);
    else frame.forEach(keep);
  }

  /** Ends the transaction: its writes kept when it committed, dropped when it rolled back. */
  end(committed: boolean): void {
    const all = this.frames.flat();
    this.frames = [];
    if (committed) all.forEach(keep);
  }
}

/** Records the write of `text` for `scope` when `result` says it changed rows. */
function note(tx: Transactions, scope: AuditScope | undefined, text: string, result: unknown): void {
  if (tx.control(text) || !scope) return;
  const tables = writtenTables(text);
  if (!tables.length || !changedRows(result)) return;
  tx.note({ scope, tables, text });
}

/** The text of a `query` call's first argument: a string, a query config (`{text}`), or a COPY stream (`.text`). */
function textOf(arg: unknown): string {
  if (typeof arg === 'string') return arg;
  const text = (arg as { text?: unknown } | null)?.text;
  return typeof text === 'string' ? text : '';
}

type AnyFn = (...args: unknown[]) => unknown;

/** `fn` counted on `tx`: the scope captured at the call, the write noted once the answer comes (a stream: at once). */
function counted(fn: AnyFn, self: unknown, tx: Transactions): AnyFn {
  return (...args: unknown[]) => {
    // A callback-style call is pg-pool's own, made for a `pool.query` already counted there.
    if (typeof args[args.length - 1] === 'function') return fn.apply(self, args);
    const scope = currentAuditScope();
    const text = textOf(args[0]);
    const out = fn.apply(self, args);
    if (out && typeof (out as Promise<unknown>).then === 'function') {
      return (out as Promise<unknown>).then((result) => {
        note(tx, scope, text, result);
        return result;
      });
    }
    note(tx, scope, text, undefined);
    return out;
  };
}

const watched = new WeakSet<object>();

/** Wraps `target`'s `query` (and `exec`) once, its transaction statements followed by `tx`. */
function wrapQueries(target: Record<string, unknown>, tx: Transactions): void {
  if (watched.has(target)) return;
  watched.add(target);
  for (const name of ['query', 'exec']) {
    const fn = target[name];
    if (typeof fn === 'function') target[name] = counted(fn as AnyFn, target, tx);
  }
}

/** Starts watching the writes of `database` (idempotent). */
export function watchWrites(database: Database): void {
  if (database.pglite) {
    const pglite = database.pglite as unknown as Record<string, unknown>;
    if (watched.has(pglite)) return;
    wrapQueries(pglite, new Transactions());
    // PGlite runs BEGIN and COMMIT itself: the transaction's promise tells whether it committed.
    const transaction = pglite.transaction as AnyFn;
    pglite.transaction = async (callback: (tx: Record<string, unknown>) => unknown) => {
      const inner = new Transactions();
      inner.open();
      try {
        const out = await transaction.call(pglite, (tx: Record<string, unknown>) => {
          wrapQueries(tx, inner);
          return callback(tx);
        });
        inner.end(true);
        return out;
      } catch (err) {
        inner.end(false);
        throw err;
      }
    };
    return;
  }
  const pool = database.pool;
  if (!pool || watched.has(pool)) return;
  watched.add(pool);
  // A pool query is one statement in a transaction of its own.
  (pool as unknown as Record<string, unknown>).query = counted(pool.query as unknown as AnyFn, pool, new Transactions());
  pool.on('acquire', (client) => wrapQueries(client as unknown as Record<string, unknown>, new Transactions()));
}
