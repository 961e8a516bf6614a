/** Dashboard call GET /api/dashboard/stats: active and total administrators and customers (not in the spec). */
import { apiGet } from '../../api/client';
import type { DashboardStats } from '../../api/types';

/** GET /api/dashboard/stats: active and total administrators and customers. */
export function fetchDashboardStats(): Promise<DashboardStats> {
  return apiGet<DashboardStats>('/api/dashboard/stats');
}
