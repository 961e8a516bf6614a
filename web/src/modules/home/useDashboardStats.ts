/** `useDashboardStats`: query of the dashboard counters, invalidated by every resource change. */
import { useQuery } from '@tanstack/react-query';
import { fetchDashboardStats } from './api';

/** Dashboard counters (query key `['dashboard', 'stats']`, invalidated by every resource change). */
export function useDashboardStats() {
  return useQuery({ queryKey: ['dashboard', 'stats'], queryFn: fetchDashboardStats });
}
