/**
 * `GET /api/transactions/stats` (SPEC sections 3 "Stats", 7; issue 10 section 1 "Publication"): `{c1, c2}`.
 * - c1, the deals waiting for publication: active deals new or changed since their last publication (partial index
 *   `deals_pending_idx`), plus the published deals the next publication withdraws: deactivated since
 *   (`deals_withdrawn_idx`) or deleted (their snapshot's `deal_id` is null, `published_deals_deal_idx`);
 * - c2, the deals published: `published_total` of the last batch (each batch records the number of snapshots once
 *   written, and a purge returns to the batch before), so no count of `published_deals` is made.
 * Each part reads a partial index or one row: fast at 1M deals whatever the state.
 */
import { sql } from 'drizzle-orm';
import type { DealStats } from '../../../contract/deal-lists';
import type { Db } from '../../db/client';

/** The work the next publication has: deals to publish and published deals to withdraw. */
export interface PendingWork {
  /** Active deals new or changed since their last publication. */
  pending: number;
  /** Published deals since deactivated. */
  deactivated: number;
  /** Published snapshots whose deal was deleted. */
  orphans: number;
  /** Snapshots published (`published_total` of the last batch, 0 before any). */
  published: number;
}

/** Reads the counts behind `stats` (see the module comment). */
export async function pendingWork(db: Db): Promise<PendingWork> {
  const res = (await db.execute(sql`
    select (select count(*) from deals where status = 1 and published_revision is distinct from revision)::int as pending,
           (select count(*) from deals where status <> 1 and published_revision is not null)::int as deactivated,
           (select count(*) from published_deals where deal_id is null)::int as orphans,
           coalesce((select published_total from deal_publish_batches order by id desc limit 1), 0)::int as published`)) as unknown as {
    rows: PendingWork[];
  };
  const row = res.rows[0];
  return { pending: Number(row.pending), deactivated: Number(row.deactivated), orphans: Number(row.orphans), published: Number(row.published) };
}

/** `{c1, c2}`: deals waiting for publication (withdrawals included), deals published. */
export async function dealStats(db: Db): Promise<DealStats> {
  const w = await pendingWork(db);
  return { c1: w.pending + w.deactivated + w.orphans, c2: w.published };
}
