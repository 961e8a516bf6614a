/**
 * Bulk actions of the deals list (/transactions, contract/bulk.ts): activate, deactivate or delete the deals of
 * the ticked rows, or of every row of the list's search. The list's rows are deal entities (alias `e`); an action
 * reaches each of their deals once, by the rules of the one-deal toggle and delete (server/modules/deals/deals.ts):
 * a status change bumps the deal's `revision` and `updated_at` (so that a published deal is published again), a
 * delete takes the entities with it (cascade). Counters (`deal_entity_counts`, `deal_publication_counts`) follow
 * through their statement triggers, in the same transaction.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { BulkBody } from '../../../contract/bulk';
import type { Db } from '../../db/client';
import { retryOnConflict } from '../../db/retry';
import { bulkStatement, type BulkSpec } from '../../http/bulk';
import { dealSearch } from './list';

/** A bulk action of the deals list. */
export type DealBulkAction = 'activate' | 'deactivate' | 'delete';

/** The statement of each action over the deals of the chosen rows (`ids`: the `deal_id`s of those rows). */
const STATEMENTS: Record<DealBulkAction, (ids: SQL) => SQL> = {
  activate: (ids) => sql`update deals d set status = 1, revision = d.revision + 1, updated_at = now() where d.status <> 1 and d.id in (${ids})`,
  deactivate: (ids) => sql`update deals d set status = 0, revision = d.revision + 1, updated_at = now() where d.status <> 0 and d.id in (${ids})`,
  delete: (ids) => sql`delete from deals d where d.id in (${ids})`,
};

/** The rows of the deals list a bulk action reaches (entities, alias `e`), its records being their deals. */
export const dealsBulkSpec = (search: SQL | undefined): BulkSpec => ({ id: sql`e.id`, search: () => search, target: 'deals' });

/**
 * The UPDATE or DELETE of `action` over the deals of the list rows matching `where` (a condition on `e`), without
 * `returning` (the bench times it alone beside the audited action: bench/audit.ts).
 */
export function dealsBulkChange(action: DealBulkAction, where: SQL): SQL {
  return STATEMENTS[action](sql`select e.deal_id from deal_entities e where ${where}`);
}

/**
 * Runs `action` on the deals of the rows a bulk body names, in one statement; their ids are the audit entry's targets.
 * @returns how many deals changed (a deal already in the asked status is not counted)
 * @throws AppError 422 errors.ids when the body names no row
 */
export async function bulkDeals(db: Db, action: DealBulkAction, body: BulkBody): Promise<number> {
  const term = body.all ? body.search?.trim() : undefined;
  const search = term ? await dealSearch(db, term) : undefined;
  // One transaction, run again when a publication deadlocks with it (server/db/retry.ts).
  return retryOnConflict(() =>
    bulkStatement(db, dealsBulkSpec(search?.cond), body, action, (where) => sql`${dealsBulkChange(action, where)} returning d.id`),
  );
}

/** Toast of a bulk action: how many deals it changed. */
export function bulkDealsMessage(action: DealBulkAction, count: number): string {
  const n = count.toLocaleString('fr-FR');
  const s = count > 1 ? 's' : '';
  if (count === 0) return 'Aucune transaction modifiée.';
  if (action === 'delete') return `${n} transaction${s} effacée${s}.`;
  return `${n} transaction${s} ${action === 'activate' ? 'activée' : 'désactivée'}${s}.`;
}
