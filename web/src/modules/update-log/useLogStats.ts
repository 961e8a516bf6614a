/** `useLogStats`: query of the update-log statistics (GET /api/messages/getdatas). */
import { useQuery } from '@tanstack/react-query';
import { logStatsQuery } from './queries';

/** Statistics of the update log (query key `['messages', 'stats']`). */
export function useLogStats() {
  return useQuery(logStatsQuery);
}
