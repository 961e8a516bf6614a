/**
 * Recognises PostgreSQL errors by SQLSTATE (same codes from node-postgres and PGlite).
 */

/** True for a statement cancelled by `statement_timeout` (57014, query_canceled). */
export function isQueryCanceled(err: unknown): boolean {
  const e = (err as { cause?: unknown })?.cause ?? err;
  return (e as { code?: string })?.code === '57014';
}

/** True for a foreign-key violation (23503): a referenced row was deleted, or a referencing row added, meanwhile. */
export function isForeignKeyViolation(err: unknown): boolean {
  const e = (err as { cause?: unknown })?.cause ?? err;
  return (e as { code?: string })?.code === '23503';
}

/** True for a unique-constraint violation (23505), optionally on a given constraint/index name. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = (err as { cause?: unknown })?.cause ?? err;
  const code = (e as { code?: string })?.code;
  if (code !== '23505') return false;
  if (!constraint) return true;
  const c = (e as { constraint?: string }).constraint ?? '';
  const msg = (e as { message?: string }).message ?? '';
  return c === constraint || msg.includes(constraint);
}

/** Socket errors of a database connection refused or cut (the server is down, restarting, or unreachable). */
const LOST_SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH']);
/** node-postgres's own errors when a connection breaks during or before a query (they carry no code). */
const LOST_CONNECTION_TEXTS = ['Connection terminated unexpectedly', 'Connection terminated', 'Client has encountered a connection error', 'timeout exceeded when trying to connect'];

/**
 * True for a lost database connection (a retry a moment later usually succeeds): SQLSTATE 57P01 (admin_shutdown:
 * `pg_terminate_backend`, a fast shutdown), 57P02 (crash_shutdown), 57P03 (cannot_connect_now: starting up or
 * shutting down), class 08 (connection exception); a socket refused or reset; node-postgres's "Connection
 * terminated" errors. Looks through Drizzle's wrapping (`cause`).
 */
export function isConnectionLost(err: unknown): boolean {
  const e = ((err as { cause?: unknown })?.cause ?? err) as { code?: unknown; message?: unknown } | undefined;
  if (!e) return false;
  const code = typeof e.code === 'string' ? e.code : '';
  if (code === '57P01' || code === '57P02' || code === '57P03' || code.startsWith('08') || LOST_SOCKET_CODES.has(code)) return true;
  const message = typeof e.message === 'string' ? e.message : '';
  return !code && LOST_CONNECTION_TEXTS.some((t) => message.startsWith(t));
}

/**
 * True for a transaction PostgreSQL aborted to settle a conflict with another: a deadlock (40P01,
 * deadlock_detected) or a serialization failure (40001). Running the whole transaction again is the remedy.
 */
export function isTransactionConflict(err: unknown): boolean {
  const e = (err as { cause?: unknown })?.cause ?? err;
  const code = (e as { code?: string })?.code;
  return code === '40P01' || code === '40001';
}
