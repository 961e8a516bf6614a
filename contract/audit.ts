/**
 * The audit trail's contract (README "Audit trail"; server/lib/audit.ts): one entry of `POST /api/audit/filter`,
 * the filters both the list and its « Exporter CSV » take in their query string (administrator, resource and its
 * id, action, dates from/to as Paris calendar days), and the French labels of the resources and actions, shared by
 * the page, the CSV and the « Historique » links of the edit pages, and the texts of an entry (who, detail).
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

/** French names of the audited resources (the table name of a status resource, or the route's `/api/<segment>`). */
export const AUDIT_RESOURCE_LABELS: Readonly<Record<string, string>> = {
  admins: 'Administrateurs',
  api_customers: 'Clients API',
  groups: 'Groupes',
  news_categories: 'Catégories',
  deal_roles: 'Rôles',
  deal_types: 'Types',
  deals: 'Transactions',
  rne_accounts: 'Comptes RNE',
  profile: 'Profil',
  news: 'Actualités',
  hows: 'Articles publiés',
  transactions: 'Transactions (listes)',
  supervisions: 'Supervision',
  feeds: 'Alimentation RNE',
  audit_log: 'Journal d’audit',
};

/** French names of the actions the shared mechanism writes (a route's own action shows as it is). */
export const AUDIT_ACTION_LABELS: Readonly<Record<string, string>> = {
  create: 'Création',
  update: 'Modification',
  delete: 'Suppression',
  status: 'Changement de statut',
  reveal: 'Lecture de secrets',
  job: 'Traitement',
  purge: 'Purge',
};

/** The label of a resource (its code when it has none). */
export const auditResourceLabel = (resource: string) => AUDIT_RESOURCE_LABELS[resource] ?? resource;
/** The label of an action (its code when it has none). */
export const auditActionLabel = (action: string) => AUDIT_ACTION_LABELS[action] ?? action;

/** The text of a value in « champ : avant → après » (null and empty show as `∅`). */
export function auditValueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '∅';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** The field changes as lines « champ : avant → après », in the entry's order. */
export function auditChangeLines(changes: Record<string, readonly [unknown, unknown]> | null | undefined): string[] {
  return Object.entries(changes ?? {}).map(([field, [before, after]]) => `${field}\u00a0: ${auditValueText(before)} → ${auditValueText(after)}`);
}

/** « email », or « Système (source, traitement <job>) » for a system entry. */
export function auditActorText(e: Pick<AuditEntry, 'actor' | 'admin_email' | 'job_id' | 'details'>): string {
  if (e.actor === 'admin') return e.admin_email ?? '';
  const source = typeof e.details?.source === 'string' ? e.details.source : null;
  const parts = [source, e.job_id ? `traitement ${e.job_id}` : null, e.admin_email ? `lancé par ${e.admin_email}` : null].filter(Boolean);
  return parts.length ? `Système (${parts.join(', ')})` : 'Système';
}

/** The detail lines: the field changes, then the count and selection of a bulk action, the rows of a job. */
export function auditDetailLines(e: Pick<AuditEntry, 'changes' | 'details'>): string[] {
  const lines = auditChangeLines(e.changes);
  const d = e.details ?? {};
  if (typeof d.count === 'number') lines.push(`lignes\u00a0: ${d.count}`);
  if (d.selection !== undefined) lines.push(`sélection\u00a0: ${JSON.stringify(d.selection)}`);
  if (typeof d.rows_read === 'number') lines.push(`lignes lues\u00a0: ${d.rows_read}`);
  if (typeof d.route === 'string') lines.push(`appel\u00a0: ${d.route}`);
  return lines;
}
