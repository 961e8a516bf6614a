/**
 * Group SIREN calls: POST /api/groups/addsirens and /removesiren/{id} (SPEC section 7 'Groups'),
 * plus the paged /filtersirens/{groupId}, which the spec does not list.
 */
import { api, ok } from '../../api/client';
import type { AddSirensInput, AddSirensResult, GroupSiren, ListFilter, MessageResponse, Paginated } from '../../api/types';

/** POST /api/groups/addsirens: adds SIRENs to a group (422 errors.sirens lists the invalid lines). */
export function addSirens(input: AddSirensInput): Promise<AddSirensResult> {
  return ok(api.POST('/api/groups/addsirens', { body: input }));
}

/** POST /api/groups/removesiren/{id}: removes one SIREN row (id from `filterGroupSirens`). */
export function removeGroupSiren(sirenRowId: number): Promise<MessageResponse> {
  return ok(api.POST('/api/groups/removesiren/{id}', { params: { path: { id: String(sirenRowId) } } }));
}

/** POST /api/groups/filtersirens/{groupId}?page=n: one page of a group's SIRENs. */
export function filterGroupSirens(
  groupId: number,
  filter: ListFilter,
  page: number,
  signal?: AbortSignal,
): Promise<Paginated<GroupSiren>> {
  return ok(
    api.POST('/api/groups/filtersirens/{id}', { params: { path: { id: String(groupId) }, query: { page: String(page) } }, body: filter, signal }),
  );
}
