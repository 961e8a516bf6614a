/** `useLogStats`: query of the update-log statistics (GET /api/messages/getdatas). */
import { useQuery } from '@tanstack/react-query';
import { fetchLogStats } from './api';

/** Statistics of the update log (query key `['messages', 'stats']`). */
export function useLogStats() {
  return useQuery({ queryKey: ['messages', 'stats'], queryFn: ({ signal }) => fetchLogStats(signal) });
}
