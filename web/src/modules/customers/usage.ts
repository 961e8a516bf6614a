/**
 * A customer's use of the customer API over the last 30 Paris days (`GET /api/customers/{id}/usage`,
 * contract `customerUsageResponse`): the call and its query hook.
 */
import { useQuery } from '@tanstack/react-query';
import type { CustomerUsageResponse } from '../../../../contract/customers';
import { api, ok } from '../../api/client';
import { customersResource } from './resource';

export type { CustomerUsageResponse };

/** GET /api/customers/{id}/usage: 30 days, oldest first, zeros included, and their totals. @throws ApiError (404) */
export function fetchCustomerUsage(id: number, signal?: AbortSignal): Promise<CustomerUsageResponse> {
  return ok(api.GET('/api/customers/{id}/usage', { params: { path: { id: String(id) } }, signal }));
}

/**
 * The usage of customer `id` (query key `['customers', id, 'usage']`, under the resource's key, so that a change of the
 * customer reloads it too).
 */
export function useCustomerUsage(id: number) {
  return useQuery({ queryKey: [customersResource.key, id, 'usage'], queryFn: ({ signal }) => fetchCustomerUsage(id, signal) });
}
