/**
 * Dashboard counts of a "status" table (SPEC section 4: status 1 Actif / 0 Désactivé): active and total
 * rows in one query, for the module registry's dashboard counters.
 */
import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import type { z } from 'zod';
import type { activeTotal } from '../../contract/dashboard';
import type { StatusTable } from './status-toggle';

/** Active (status 1) and total rows of one kind of record, as the `/home` cards show them (contract/dashboard.ts). */
export type ActiveTotal = z.output<typeof activeTotal>;

/**
 * Active (`status = 1`) and total rows of `table`, in one `count(*) … filter` query.
 * @returns `{active, total}`, both integers >= 0
 */
export async function countByStatus(db: Db, table: StatusTable): Promise<ActiveTotal> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int`, active: sql<number>`count(*) filter (where ${table.status} = 1)::int` })
    .from(table as PgTable);
  return { active: Number(row.active), total: Number(row.total) };
}
