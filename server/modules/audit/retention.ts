/**
 * Retention of the audit log (docs/audit.md): entries older than AUDIT_RETENTION_DAYS are deleted once a
 * day by the pg-boss periodic task `audit-purge` (CONVENTIONS.md section 6; cron AUDIT_PURGE_CRON, Europe/Paris).
 *
 * The table refuses DELETE (trigger of migration 0021) except in a transaction that ran
 * `SET LOCAL vigie.audit_purge = on`: the purge sets it, deletes in one statement (the entries, and the targets
 * of those entries, `audit_targets`, which refuses DELETE the same way: migration 0024) and writes its own entry
 * (system actor, action `purge`, the count and the cut-off) in the same transaction. `SET LOCAL` ends with the
 * transaction, so no other statement of the connection can delete.
 */
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { recordAudit, runAsSystem } from '../../lib/audit';

/** pg-boss queue of the daily purge. */
export const AUDIT_PURGE_TASK = 'audit-purge';

/**
 * Deletes the entries created more than `days` days before now (whole days of 24 h), with their targets, and
 * records the purge.
 * @returns the number of entries deleted
 */
export async function purgeAudit(db: Db, days: number, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - days * 86_400_000);
  return db.transaction(async (transaction) => {
    const tx: Db = transaction;
    await tx.execute(sql`set local statement_timeout = 0`);
    await tx.execute(sql`set local vigie.audit_purge = on`);
    const [row] = await rowsOf<{ n: number }>(
      tx,
      // The targets' range of entry ids lets their BRIN index find them (their table is in entry order).
      sql`with gone as (delete from audit_log where created_at < ${cutoff.toISOString()}::timestamptz returning id),
        targets as (delete from audit_targets t
          where t.audit_id between (select min(id) from gone) and (select max(id) from gone) and t.audit_id in (select id from gone))
        select count(*)::int as n from gone`,
    );
    const count = Number(row.n);
    await runAsSystem({ source: AUDIT_PURGE_TASK }, () =>
      recordAudit(tx, { resource: 'audit_log', resourceId: null, action: 'purge', details: { count, before: cutoff.toISOString(), retention_days: days } }),
    );
    return count;
  });
}

/** Declares the daily purge on the app's queue (off when AUDIT_RETENTION_DAYS is 0: entries are kept for ever). */
export function scheduleAuditPurge(ctx: AppContext): void {
  const days = ctx.config.auditRetentionDays;
  ctx.jobs.schedule(AUDIT_PURGE_TASK, days > 0 ? ctx.config.auditPurgeCron : null, async () => {
    await purgeAudit(ctx.db, days);
  });
}
