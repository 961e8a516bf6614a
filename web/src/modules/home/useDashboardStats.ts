/** `useDashboardStats`: query of the dashboard counters, invalidated by account changes. */
import { useQuery } from '@tanstack/react-query';
import { fetchDashboardStats } from './api';

/** Dashboard counters (query key `['dashboard', 'stats']`, invalidated by account changes). */
export function useDashboardStats() {
  return useQuery({ queryKey: ['dashboard', 'stats'], queryFn: fetchDashboardStats });
}
