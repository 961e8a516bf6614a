/**
 * Deal calls (SPEC section 7 "Transactions"; issue 10 sections 1 and 2): the paged list (`POST filter?page=n`),
 * the countries, and the deal itself as a status resource (getDealRoles/{id}, storedeal, updatedeal/{id},
 * toggledeal/{id}, removedeal with the deal's id in the body).
 */
import { apiGet, apiPost } from '../../../api/client';
import type { CrudResource } from '../../../api/resource';
import type { ListFilter, Paginated } from '../../../api/types';
import { CONFIRM_DEAL, CONFIRM_DELETE, ITEM_NOT_FOUND } from '../texts';
import type { Country, Deal, DealInput, DealListRow } from '../types';

const BASE = '/api/transactions';

/** POST /api/transactions/filter?page=n: one page of deal entities with their deal's listed columns. */
export function filterDeals(filter: ListFilter, page: number, signal?: AbortSignal): Promise<Paginated<DealListRow>> {
  return apiPost<Paginated<DealListRow>>(`${BASE}/filter`, filter, { query: { page }, signal });
}

/** GET /api/transactions/allcountries: id, iso_alpha2 and French name of every country. */
export function fetchCountries(): Promise<Country[]> {
  return apiGet<Country[]>(`${BASE}/allcountries`);
}

/**
 * The deal as a status resource, for the shared edit hooks (load with the not-found toast, toggle and delete
 * behind their confirmations, create then list, update then reload in place). It has no `all` list: the deals
 * are listed one page at a time by `filterDeals`.
 */
export const dealsResource: CrudResource<Deal, DealInput> = {
  key: 'deals',
  listPath: '/transactions',
  createPath: '/transactions/createdeal',
  list: () => Promise.reject(new Error('The deals are listed by filterDeals')),
  get: (id) => apiGet<Deal>(`${BASE}/getDealRoles/${id}`),
  create: (input) => apiPost<Deal>(`${BASE}/storedeal`, input),
  update: (id, input) => apiPost<Deal>(`${BASE}/updatedeal/${id}`, input),
  toggleStatus: (id) => apiPost<Deal>(`${BASE}/toggledeal/${id}`),
  remove: (id) => apiPost(`${BASE}/removedeal`, { id }),
  texts: { notFound: ITEM_NOT_FOUND, confirmDisable: CONFIRM_DEAL.disable, confirmEnable: CONFIRM_DEAL.enable, confirmDelete: CONFIRM_DELETE },
};
