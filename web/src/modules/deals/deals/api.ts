/**
 * Deal calls (SPEC section 7 "Transactions"): the paged list (`POST filter?page=n`),
 * the countries, and the deal itself as a status resource (getDealRoles/{id}, storedeal, updatedeal/{id},
 * toggledeal/{id}, removedeal with the deal's id in the body), and the list's bulk actions (bulk/{action}).
 */
import type { BulkResponse } from '../../../../../contract/bulk';
import { api, ok } from '../../../api/client';
import { standardResource } from '../../../api/resource';
import type { ListFilter, Paginated } from '../../../api/types';
import type { BulkSelection } from '../../../components/list/useListSelection';
import { CONFIRM_DEAL, CONFIRM_DELETE, ITEM_NOT_FOUND } from '../texts';
import type { Country, Deal, DealInput, DealListRow } from '../types';

/** POST /api/transactions/filter?page=n: one page of deal entities with their deal's listed columns. */
export function filterDeals(filter: ListFilter, page: number, signal?: AbortSignal): Promise<Paginated<DealListRow>> {
  return ok(api.POST('/api/transactions/filter', { params: { query: { page: String(page) } }, body: filter, signal }));
}

/** GET /api/transactions/allcountries: id, iso_alpha2 and French name of every country. */
export function fetchCountries(): Promise<Country[]> {
  return ok(api.GET('/api/transactions/allcountries'));
}

/**
 * The deal as a status resource, for the shared edit hooks (load with the not-found toast, toggle and delete
 * behind their confirmations, create then list, update then reload in place). It has no `all` list: the deals
 * are listed one page at a time by `filterDeals`.
 */
export const dealsResource = standardResource<Deal, DealInput>({
  key: 'deals',
  auditResource: 'deals',
  listPath: '/transactions',
  createPath: '/transactions/createdeal',
  paths: {
    get: '/api/transactions/getDealRoles/{id}',
    store: '/api/transactions/storedeal',
    update: '/api/transactions/updatedeal/{id}',
    toggle: '/api/transactions/toggledeal/{id}',
    remove: '/api/transactions/removedeal',
    removeWithBody: true,
  },
  texts: { notFound: ITEM_NOT_FOUND, confirmDisable: CONFIRM_DEAL.disable, confirmEnable: CONFIRM_DEAL.enable, confirmDelete: CONFIRM_DELETE },
});

/** POST /api/transactions/bulk/{action}: activates, deactivates or deletes the deals of the chosen rows; answers the count of deals changed. */
export function bulkDeals(action: 'activate' | 'deactivate' | 'delete', selection: BulkSelection): Promise<BulkResponse> {
  return ok(api.POST('/api/transactions/bulk/{action}', { params: { path: { action } }, body: selection }));
}
