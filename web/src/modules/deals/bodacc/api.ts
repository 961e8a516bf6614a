/**
 * Legal-announcement transaction rows calls (SPEC section 7 "Transactions"; contract/deal-lists.ts):
 * `POST filterbodacc?page=n` (search by SIREN, sort id or b1) and `POST removebodacc {id}` (the row hidden, restorably);
 * the deleted rows: `POST filterdeletedbodacc?page=n` (sort deleted_at, id or b1) and `POST restorebodacc {id}`.
 */
import { api, ok } from '../../../api/client';
import type { ListFilter, MessageResponse, Paginated } from '../../../api/types';
import type { BodaccRow, DeletedBodaccRow } from '../../../../../contract/deal-lists';

/** Query key prefix of the rows. */
export const BODACC_KEY = ['deal-bodacc'] as const;

/** POST /api/transactions/filterbodacc?page=n. */
export function filterBodacc(filter: ListFilter, page: number, signal?: AbortSignal): Promise<Paginated<BodaccRow>> {
  return ok(api.POST('/api/transactions/filterbodacc', { params: { query: { page: String(page) } }, body: filter, signal }));
}

/** POST /api/transactions/removebodacc with body {id}. */
export function removeBodacc(id: number): Promise<MessageResponse> {
  return ok(api.POST('/api/transactions/removebodacc', { body: { id } }));
}

/** POST /api/transactions/filterdeletedbodacc?page=n: the deleted rows, each with its deletion date and author. */
export function filterDeletedBodacc(filter: ListFilter, page: number, signal?: AbortSignal): Promise<Paginated<DeletedBodaccRow>> {
  return ok(api.POST('/api/transactions/filterdeletedbodacc', { params: { query: { page: String(page) } }, body: filter, signal }));
}

/** POST /api/transactions/restorebodacc with body {id}: the row back in the list. */
export function restoreBodacc(id: number): Promise<MessageResponse> {
  return ok(api.POST('/api/transactions/restorebodacc', { body: { id } }));
}
