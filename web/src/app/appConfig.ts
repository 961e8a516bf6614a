/**
 * Query options of the front-end configuration (GET /api/config: API docs URL, external company and
 * register page templates), fetched once per session; shared by `useAppConfig` and the route prefetches
 * that need it. No hook here: module descriptors import it.
 */
import { queryOptions } from '@tanstack/react-query';
import { api, ok } from '../api/client';

/** Query options of GET /api/config (key `['config']`, fresh for the whole session). */
export const appConfigQuery = queryOptions({ queryKey: ['config'], queryFn: () => ok(api.GET('/api/config')), staleTime: Infinity });
