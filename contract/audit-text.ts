/**
 * The texts of the audit trail shared by the server (CSV export) and the web (« Journal d’audit », the « Historique »
 * links): the French labels of resources and actions, « champ : avant → après », who acted, an entry's detail.
 * Free of zod, so that the web may import it as a value (docs/audit.md).
 */

/** What the texts read of an entry (contract/audit.ts `AuditEntry`). */
export interface AuditEntryText {
  actor: string;
  admin_email: string | null;
  job_id: string | null;
  /** `{field: [before, after]}`. */
  changes: Record<string, readonly unknown[]> | null;
  details: Record<string, unknown> | null;
}

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
  sessions: 'Connexions',
  rne_queue: 'Files RNE',
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
  sign_in: 'Connexion',
  sign_in_code: 'Connexion (second facteur)',
  sign_out: 'Déconnexion',
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
export function auditChangeLines(changes: Record<string, readonly unknown[]> | null | undefined): string[] {
  return Object.entries(changes ?? {}).map(([field, [before, after]]) => `${field}\u00a0: ${auditValueText(before)} → ${auditValueText(after)}`);
}

/** « email », or « Système (source, traitement <job>) » for a system entry. */
export function auditActorText(e: Pick<AuditEntryText, 'actor' | 'admin_email' | 'job_id' | 'details'>): string {
  if (e.actor === 'admin') return e.admin_email ?? '';
  const source = typeof e.details?.source === 'string' ? e.details.source : null;
  const parts = [source, e.job_id ? `traitement ${e.job_id}` : null, e.admin_email ? `lancé par ${e.admin_email}` : null].filter(Boolean);
  return parts.length ? `Système (${parts.join(', ')})` : 'Système';
}

/** The detail lines: the field changes, then the count and selection of a bulk action, the rows of a job. */
export function auditDetailLines(e: Pick<AuditEntryText, 'changes' | 'details'>): string[] {
  const lines = auditChangeLines(e.changes);
  const d = e.details ?? {};
  if (typeof d.count === 'number') lines.push(`lignes\u00a0: ${d.count}`);
  if (d.selection !== undefined) lines.push(`sélection\u00a0: ${JSON.stringify(d.selection)}`);
  if (typeof d.rows_read === 'number') lines.push(`lignes lues\u00a0: ${d.rows_read}`);
  if (typeof d.processed === 'number') lines.push(`sirens traités\u00a0: ${d.processed}`);
  if (typeof d.failed === 'number') lines.push(`échecs\u00a0: ${d.failed}`);
  if (typeof d.parked === 'number') lines.push(`mis de côté\u00a0: ${d.parked}`);
  if (typeof d.route === 'string') lines.push(`appel\u00a0: ${d.route}`);
  return lines;
}
