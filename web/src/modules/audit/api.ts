/** Audit-log calls: POST /api/audit/filter (docs/audit.md) and the administrators for its filter. */
import type { AuditFilters } from '../../../../contract/audit';
import { api, ok, type components } from '../../api/client';
import type { Admin, ListFilter, Paginated } from '../../api/types';

/** One entry of the audit log. */
export type AuditEntry = components['schemas']['AuditEntry'];

/** The filters as the URL and the export's query string hold them (text). */
export type AuditQuery = Partial<Record<keyof AuditFilters, string>>;

/** POST /api/audit/filter?page=n&<filters>: one page of the audit log. */
export function filterAudit(filters: AuditQuery, filter: ListFilter, page: number, signal?: AbortSignal): Promise<Paginated<AuditEntry>> {
  const { admin_id, ...rest } = filters;
  const query = { ...rest, ...(admin_id ? { admin_id: Number(admin_id) } : {}), page: String(page) };
  return ok(api.POST('/api/audit/filter', { params: { query }, body: filter, signal }));
}

/** GET /api/admins/all: the administrators offered by the « Administrateur » filter. */
export function fetchAdmins(signal?: AbortSignal): Promise<Admin[]> {
  return ok(api.GET('/api/admins/all', { signal }));
}
