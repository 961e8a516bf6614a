/** Update-log calls: GET /api/messages/getdatas and POST /api/messages/filter (SPEC section 7 'Update log'). */
import { api, ok } from '../../api/client';
import type { ListFilter, LogEntry, LogStats, Paginated } from '../../api/types';

/** GET /api/messages/getdatas: counts of processed SIRENs (year, last year, month, per month, per day). */
export function fetchLogStats(signal?: AbortSignal): Promise<LogStats> {
  return ok(api.GET('/api/messages/getdatas', { signal }));
}

/** POST /api/messages/filter?page=n: one page of the update log for a filter body. */
export function filterLog(filter: ListFilter, page: number, signal?: AbortSignal): Promise<Paginated<LogEntry>> {
  return ok(api.POST('/api/messages/filter', { params: { query: { page: String(page) } }, body: filter, signal }));
}
