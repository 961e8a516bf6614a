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
 * Flips `status` of row `id` in one transaction, the row locked while `check` runs.
 * @param check - business rules on the current row; throw an AppError (422 errors.status) to refuse
 * @returns the updated row, or null when there is no such row
 */
export async function toggleStatus<T extends StatusTable>(
  db: Db,
  table: T,
  id: number,
  check?: (row: T['$inferSelect']) => void | Promise<void>,
): Promise<T['$inferSelect'] | null> {
  return db.transaction(async (tx) => {
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
    return updated[0] as T['$inferSelect'];
  });
}
