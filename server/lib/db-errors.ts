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
