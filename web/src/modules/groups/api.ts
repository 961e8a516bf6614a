/**
 * Group SIREN calls: POST /api/groups/addsirens and /removesiren/{id} (SPEC section 7 'Groups'),
 * plus the paged /filtersirens/{groupId}, which the spec does not list.
 */
import { apiPost } from '../../api/client';
import type { AddSirensInput, AddSirensResult, GroupSiren, ListFilter, MessageResponse, Paginated } from '../../api/types';

/** POST /api/groups/addsirens: adds SIRENs to a group (422 errors.sirens lists the invalid lines). */
export function addSirens(input: AddSirensInput): Promise<AddSirensResult> {
  return apiPost<AddSirensResult>('/api/groups/addsirens', input);
}

/** POST /api/groups/removesiren/{id}: removes one SIREN row (id from `filterGroupSirens`). */
export function removeGroupSiren(sirenRowId: number): Promise<MessageResponse> {
  return apiPost<MessageResponse>(`/api/groups/removesiren/${sirenRowId}`);
}

/** POST /api/groups/filtersirens/{groupId}?page=n: one page of a group's SIRENs. */
export function filterGroupSirens(
  groupId: number,
  filter: ListFilter,
  page: number,
  signal?: AbortSignal,
): Promise<Paginated<GroupSiren>> {
  return apiPost<Paginated<GroupSiren>>(`/api/groups/filtersirens/${groupId}`, filter, { query: { page }, signal });
}
