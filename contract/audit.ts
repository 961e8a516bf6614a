/**
 * The audit trail's contract (docs/audit.md; server/lib/audit.ts): one entry of `POST /api/audit/filter`,
 * the filters both the list and its « Exporter CSV » take in their query string (administrator, resource and its
 * id, action, dates from/to as Paris calendar days), and the French labels of the resources and actions, shared by
 * the page, the CSV and the « Historique » links of the edit pages (./audit-text.ts, with the texts of an entry).
 */
import { z } from 'zod';
import { listExportQuery } from './list-export';
import { pageQuery, pageResponse } from './listing';

/** One field change: `[before, after]` (JSON values; a secret reads `[masqué]`). */
export const auditChange = z.tuple([z.unknown(), z.unknown()]);

export const auditEntry = z
  .object({
    id: z.number(),
    /** ISO 8601 UTC instant. */
    created_at: z.string(),
    /** `admin` or `system`. */
    actor: z.string(),
    admin_id: z.number().nullable(),
    /** The administrator's email at the time of the write. */
    admin_email: z.string().nullable(),
    /** The job of a system write. */
    job_id: z.string().nullable(),
    ip: z.string().nullable(),
    user_agent: z.string().nullable(),
    /** First 16 hex characters of the session id. */
    session_ref: z.string().nullable(),
    resource: z.string(),
    resource_id: z.string().nullable(),
    action: z.string(),
    changes: z.record(z.string(), auditChange).nullable(),
    details: z.record(z.string(), z.unknown()).nullable(),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditPage = pageResponse(auditEntry).meta({ id: 'AuditPage' });

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (label: string) =>
  z
    .string()
    .regex(DAY, { error: `La date ${label} doit être au format AAAA-MM-JJ.` })
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), {
      error: `La date ${label} n’est pas une date valide.`,
    })
    .optional();

/** The filters of the audit list and of its export: every one optional, all of them applied together. */
export const auditFilters = z.object({
  admin_id: z.coerce.number({ error: 'L’administrateur doit être un identifiant numérique.' }).int().min(1).max(2147483647).optional(),
  resource: z.string().max(32).optional(),
  resource_id: z.string().max(64).optional(),
  action: z.string().max(48).optional(),
  /** First day (Europe/Paris), inclusive. */
  from: day('de début'),
  /** Last day (Europe/Paris), inclusive. */
  to: day('de fin'),
});
export type AuditFilters = z.output<typeof auditFilters>;

/** `?page=n` and the filters of `POST /api/audit/filter`. */
export const auditListQuery = pageQuery.extend(auditFilters.shape);
/** `?search=&column=&direction=` and the filters of `GET /api/audit/export.csv`. */
export const auditExportQuery = listExportQuery.extend(auditFilters.shape);

export * from './audit-text';
