/**
 * `GET /api/transactions/stats` (SPEC sections 3 "Stats", 7): `{c1, c2}`.
 * - c1, the deals waiting for publication: active deals new or changed since their last publication and published
 *   deals since deactivated (`deal_publication_counts`, kept by triggers on `deals`, migration 0013), plus the
 *   published snapshots of deleted deals (their `deal_id` is null: a few rows of `published_deals_deal_idx`)
 *   unless an active deal has taken their identifier (its publication replaces them: counted once); the next
 *   `insert` publishes or withdraws each of them;
 * - c2, the deals published: `published_total` of the last batch (each batch records the number of snapshots once
 *   written, and a purge returns to the batch before), so no count of `published_deals` is made.
 * Each part reads one row or a few index entries: fast at 1M deals whatever the state.
 */
import { sql } from 'drizzle-orm';
import type { DealStats } from '../../../contract/deal-lists';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';

/** The work the next publication has, and what is published. */
export interface PendingWork {
  /** Active deals new or changed since their last publication, and deactivated deals still published. */
  waiting: number;
  /**
   * Published snapshots whose deal was deleted, less those whose identifier an active deal now has: that deal
   * waits, and its publication replaces the snapshot (one deal processed, counted once).
   */
  orphans: number;
  /** Snapshots published (`published_total` of the last batch, 0 before any). */
  published: number;
}

/** Reads the counts behind `stats` (see the module comment). */
export async function pendingWork(db: Db): Promise<PendingWork> {
  const [row] = await rowsOf<PendingWork>(db, sql`
    select (select waiting from deal_publication_counts where id = 1)::int as waiting,
           (select count(*) from published_deals p where p.deal_id is null
              and not exists (select 1 from deals d where d.deal_identifier = p.deal_identifier and d.status = 1))::int as orphans,
           coalesce((select published_total from deal_publish_batches order by id desc limit 1), 0)::int as published`);
  return { waiting: Number(row.waiting ?? 0), orphans: Number(row.orphans), published: Number(row.published) };
}

/** `{c1, c2}`: deals waiting for publication (withdrawals included), deals published. */
export async function dealStats(db: Db): Promise<DealStats> {
  const w = await pendingWork(db);
  return { c1: w.waiting + w.orphans, c2: w.published };
}
