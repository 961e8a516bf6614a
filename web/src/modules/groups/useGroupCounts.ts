/** `useGroupCounts`: active and total groups for the dashboard, derived from the cached groups list. */
import { useMemo } from 'react';
import type { ActiveTotal } from '../../api/types';
import { useResourceList } from '../../components/resource/useResourceQueries';
import { groupsResource } from './resource';

/**
 * Active and total groups, computed from GET /api/groups/all (shares the groups list cache, so
 * any group change refreshes it). Undefined while loading.
 */
export function useGroupCounts(): { counts: ActiveTotal | undefined; isError: boolean } {
  const { data, isError } = useResourceList(groupsResource);
  const counts = useMemo(
    () => (data ? { active: data.filter((group) => group.status === 1).length, total: data.length } : undefined),
    [data],
  );
  return { counts, isError };
}
