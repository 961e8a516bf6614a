/** Dashboard call GET /api/dashboard/stats: active and total records per module (not in the spec). */
import { api, ok } from '../../api/client';
import type { DashboardStats } from '../../api/types';

/** GET /api/dashboard/stats: active and total administrators, customers and groups, keyed by module name. */
export function fetchDashboardStats(): Promise<DashboardStats> {
  return ok(api.GET('/api/dashboard/stats'));
}
