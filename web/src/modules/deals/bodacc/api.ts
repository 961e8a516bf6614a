/**
 * Legal-announcement transaction rows calls (SPEC section 7 "Transactions"; contract/deal-lists.ts):
 * `POST filterbodacc?page=n` (search by SIREN, sort id or b1) and `POST removebodacc {id}`.
 */
import { api, ok } from '../../../api/client';
import type { ListFilter, MessageResponse, Paginated } from '../../../api/types';
import type { BodaccRow } from '../../../../../contract/deal-lists';

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
