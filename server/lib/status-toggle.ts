/**
 * The one status-toggle mechanism of the server (SPEC section 4: status 1 Actif / 0 Désactivé, a
 * toggle flips it). Used by administrators, customers and every later module with a `status` column.
 */
import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';

/** A table with an integer `id` and a 0/1 `status`. */
export type StatusTable = PgTable & { id: PgColumn; status: PgColumn; updatedAt?: PgColumn };

/**
 * Flips `status` of row `id` in one transaction, the row locked while `check` runs; `after` runs in the same
 * transaction once the row is written, so that what it does commits with the flip or not at all.
 * @param check - business rules on the current row; throw an AppError (422 errors.status) to refuse
 * @param after - work that goes with the flip (e.g. revoke the sessions of a disabled account), given the
 *   transaction and the updated row; what it throws rolls the flip back
 * @returns the updated row, or null when there is no such row
 */
export async function toggleStatus<T extends StatusTable>(
  db: Db,
  table: T,
  id: number,
  check?: (row: T['$inferSelect']) => void | Promise<void>,
  after?: (tx: Db, row: T['$inferSelect'] & { status: number }) => Promise<void>,
): Promise<T['$inferSelect'] | null> {
  return db.transaction(async (transaction) => {
    const tx: Db = transaction;
    const rows = await tx.select().from(table as PgTable).where(eq(table.id, id)).for('update');
    const row = rows[0] as (T['$inferSelect'] & { status: number }) | undefined;
    if (!row) return null;
    await check?.(row);
    const values: Record<string, unknown> = { status: row.status === 1 ? 0 : 1 };
    if (table.updatedAt) values.updatedAt = new Date();
    const updated = await tx
      .update(table as PgTable)
      .set(values as never)
      .where(eq(table.id, id))
      .returning();
    const written = updated[0] as T['$inferSelect'] & { status: number };
    await after?.(tx, written);
    return written;
  });
}
