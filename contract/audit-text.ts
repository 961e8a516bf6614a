/**
 * The texts of the audit trail shared by the server (CSV export) and the web (« Journal d’audit », the « Historique »
 * links): the French labels of resources and actions, « champ : avant → après », who acted, an entry's detail.
 * Free of zod, so that the web may import it as a value (docs/audit.md).
 *
 * A bulk action's entry (server/http/bulk.ts) keeps what the action did (`change`), to which records (`target`, the
 * audit resource under which their ids are kept in the side table `audit_targets`), how many it changed (`count`),
 * and how the administrator chose the rows (`selection`: the number of rows ticked one by one, or « the whole list »
 * with its search and the number of rows unticked afterwards). It never keeps the ids of the selection: those of
 * the records changed are the entry's targets, which the history of each record reads.
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

/**
 * French names of the audited resources: the table name of a status resource, or the resource a route declares
 * (server/http/audit.ts), or the kind of a job for the entry of its end.
 */
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
  news: 'News en attente',
  news_temporaries: 'Import de news (revue)',
  published_articles: 'Articles publiés',
  hows: 'Articles publiés (ancien nom)',
  jobs: 'Imports',
  'news-import': 'Import de news',
  'deal-import': 'Import de transactions',
  'feed-sirene': 'Flux INSEE Sirene',
  'feed-bodacc': 'Flux BODACC',
  transactions: 'Transactions (listes)',
  bodacc_transactions: 'Transactions BODACC',
  supervisions: 'Supervision',
  feeds: 'Alimentation RNE',
  audit_log: 'Journal d’audit',
  sessions: 'Connexions',
  rne_queue: 'Files RNE',
};

/** The bulk actions of the RNE queues, as their routes name them (`queues/<queue>/…`). */
const QUEUE_BULK: Record<string, string> = {
  'queues/officers/parked/bulk/requeue': 'Remise en file groupée (dirigeants)',
  'queues/officers/parked/bulk/remove': 'Retrait groupé de la file (dirigeants, en échec)',
  'queues/officers/waiting/bulk/remove': 'Retrait groupé de la file (dirigeants, en attente)',
  'queues/accounts/parked/bulk/requeue': 'Remise en file groupée (comptes)',
  'queues/accounts/parked/bulk/remove': 'Retrait groupé de la file (comptes, en échec)',
  'queues/accounts/waiting/bulk/remove': 'Retrait groupé de la file (comptes, en attente)',
};

/** French names of the actions (each code names one kind of write, whatever its resource). */
export const AUDIT_ACTION_LABELS: Readonly<Record<string, string>> = {
  create: 'Création',
  update: 'Modification',
  delete: 'Suppression',
  status: 'Changement de statut',
  restore: 'Restauration',
  reveal: 'Lecture de secrets',
  job: 'Traitement',
  purge: 'Purge',
  sign_in: 'Connexion',
  sign_in_code: 'Connexion (second facteur)',
  sign_out: 'Déconnexion',
  step_up: 'Code de second facteur (opération sensible)',
  mfa_failed: 'Code de second facteur refusé',
  revoke: 'Fin d’une session',
  revoke_others: 'Fin des autres sessions',
  revoke_all: 'Fin de toutes les sessions',
  profile: 'Modification du profil',
  password: 'Changement de mot de passe',
  avatar: 'Nouvel avatar',
  avatar_remove: 'Suppression de l’avatar',
  mfa_setup: 'Préparation du second facteur',
  mfa_enable: 'Activation du second facteur',
  mfa_disable: 'Désactivation du second facteur',
  add_sirens: 'Ajout de sirens',
  remove_siren: 'Retrait d’un siren',
  import: 'Import d’un fichier',
  process: 'Traitement de l’import (Process)',
  discard: 'Abandon de l’import',
  'temporaries/bulkdelete': 'Suppression groupée de lignes d’import',
  sync: 'Synchronisation des news',
  sync_undo: 'Annulation d’une synchronisation',
  'pending/bulkdelete': 'Suppression groupée de news en attente',
  cancel: 'Annulation d’un import en cours',
  confirm: 'Confirmation d’un import',
  abandon: 'Abandon d’un import à confirmer',
  publish: 'Publication des transactions',
  publish_undo: 'Annulation de la dernière écriture',
  'bulk/activate': 'Activation groupée',
  'bulk/deactivate': 'Désactivation groupée',
  'bulk/delete': 'Suppression groupée',
  rne_sync: 'Synchronisation du compte RNE',
  requeue: 'Remise en file',
  push: 'Ajout par le flux externe',
  ...QUEUE_BULK,
};

/** What a bulk action does to each record it changes. */
export type BulkChange = 'activate' | 'deactivate' | 'delete' | 'requeue';

/** How the rows of a bulk action were chosen (contract/bulk.ts `BulkBody`, without its ids). */
export type BulkSelection = { ticked: number } | { all: true; search?: string; except?: number };

/** The `details` of a bulk action's entry. */
export interface BulkDetails {
  /** The records the action changed (as many as its targets). */
  count: number;
  /** The audit resource of the records (`deals`, `news`, `news_temporaries`, `rne_queue`). */
  target: string;
  change: BulkChange;
  selection: BulkSelection;
}

/** A French noun: singular, plural, and whether it is feminine (for the participle's agreement). */
interface Noun {
  one: string;
  many: string;
  feminine: boolean;
}

/** The noun of the records of each target resource (the lists' own words: « 2 transactions désactivées »). */
export const BULK_TARGET_NOUNS: Readonly<Record<string, Noun>> = {
  deals: { one: 'transaction', many: 'transactions', feminine: true },
  news: { one: 'actualité en attente', many: 'actualités en attente', feminine: true },
  news_temporaries: { one: 'ligne d’import', many: 'lignes d’import', feminine: true },
  rne_queue: { one: 'entrée de file RNE', many: 'entrées de file RNE', feminine: true },
};
/** The noun of records of a resource the table does not name. */
const ROW: Noun = { one: 'ligne', many: 'lignes', feminine: true };

/** The past participle of each change: masculine, feminine (the wording of the one-record labels). */
export const BULK_CHANGE_PARTICIPLES: Readonly<Record<BulkChange, readonly [string, string]>> = {
  activate: ['activé', 'activée'],
  deactivate: ['désactivé', 'désactivée'],
  delete: ['supprimé', 'supprimée'],
  requeue: ['remis en file', 'remise en file'],
};

/** « n noun », plural from 2 (French: « 0 transaction », « 1 transaction », « 2 transactions »), n grouped as fr-FR. */
function counted(n: number, noun: Pick<Noun, 'one' | 'many'>): string {
  return `${n.toLocaleString('fr-FR')} ${n >= 2 ? noun.many : noun.one}`;
}

/** `details` as a bulk action's, or null for any other entry (one written before the targets kept no `change`). */
export function bulkDetailsOf(details: Record<string, unknown> | null | undefined): BulkDetails | null {
  if (!details || typeof details.count !== 'number' || typeof details.target !== 'string') return null;
  if (typeof details.change !== 'string' || !Object.hasOwn(BULK_CHANGE_PARTICIPLES, details.change)) return null;
  return details as unknown as BulkDetails;
}

/** « désactivée (action groupée, 2 transactions) »: the change, agreed with the records' noun, and their count. */
export function bulkActionText(d: BulkDetails): string {
  const noun = BULK_TARGET_NOUNS[d.target] ?? ROW;
  const participle = BULK_CHANGE_PARTICIPLES[d.change][noun.feminine ? 1 : 0];
  return `${participle} (action groupée, ${counted(d.count, noun)})`;
}

/** « 3 lignes cochées », or « toute la liste de la recherche « acme », sauf 2 lignes décochées ». */
export function bulkSelectionText(s: BulkSelection): string {
  if (!('all' in s)) return counted(s.ticked, { one: 'ligne cochée', many: 'lignes cochées' });
  const search = s.search ? ` de la recherche « ${s.search} »` : '';
  const except = s.except ? `, sauf ${counted(s.except, { one: 'ligne décochée', many: 'lignes décochées' })}` : '';
  return `toute la liste${search}${except}`;
}

/** The label of a resource (its code when it has none). */
export const auditResourceLabel = (resource: string) => AUDIT_RESOURCE_LABELS[resource] ?? resource;
/** The label of an action (its code when it has none). */
export const auditActionLabel = (action: string) => AUDIT_ACTION_LABELS[action] ?? action;

/**
 * What an entry did, as the « Action » column and the CSV say it: a bulk action's change, count and noun
 * (« désactivée (action groupée, 2 transactions) », `bulkActionText`), else the label of its action.
 */
export function auditActionText(e: Pick<AuditEntryText, 'details'> & { action: string }): string {
  const bulk = bulkDetailsOf(e.details);
  return bulk ? bulkActionText(bulk) : auditActionLabel(e.action);
}

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

/** French names of the second-factor steps (`details.step` of a refused code). */
const MFA_STEPS: Record<string, string> = { sign_in: 'connexion', step_up: 'opération sensible', enable: 'activation', disable: 'désactivation' };

/** Detail lines of plain values: the key, its French label (`details.<key>` shown when it is a string or a number). */
const DETAIL_LABELS: ReadonlyArray<readonly [string, string]> = [
  ['filename', 'fichier'],
  ['rows', 'lignes lues'],
  ['siren', 'siren'],
  ['name', 'nom'],
  ['title', 'titre'],
  ['queue', 'file'],
  ['already_present', 'déjà présents'],
  ['already_waiting', 'déjà en attente'],
  ['skipped', 'déjà en attente, non dupliqués'],
  ['result', 'résultat'],
  ['session', 'session'],
];

/**
 * The detail lines: the field changes, then the selection of a bulk action (its count is in `auditActionText`), or
 * the count and selection of a bulk entry written before the targets, the rows of a job, the file of an import, …
 */
export function auditDetailLines(e: Pick<AuditEntryText, 'changes' | 'details'>): string[] {
  const lines = auditChangeLines(e.changes);
  const bulk = bulkDetailsOf(e.details);
  if (bulk) return [...lines, `sélection\u00a0: ${bulkSelectionText(bulk.selection)}`];
  const d = e.details ?? {};
  if (typeof d.kind === 'string') lines.push(`import\u00a0: ${auditResourceLabel(d.kind)}`);
  if (typeof d.count === 'number') lines.push(`lignes\u00a0: ${d.count}`);
  for (const [key, label] of DETAIL_LABELS) {
    const v = d[key];
    if (typeof v === 'string' || typeof v === 'number') lines.push(`${label}\u00a0: ${v}`);
  }
  if (typeof d.step === 'string') lines.push(`étape\u00a0: ${MFA_STEPS[d.step] ?? d.step}`);
  if (Array.isArray(d.jobs) && d.jobs.length) lines.push(`imports\u00a0: ${d.jobs.join(', ')}`);
  if (d.selection !== undefined) lines.push(`sélection\u00a0: ${JSON.stringify(d.selection)}`);
  if (typeof d.rows_read === 'number') lines.push(`lignes lues\u00a0: ${d.rows_read}`);
  if (typeof d.processed === 'number') lines.push(`sirens traités\u00a0: ${d.processed}`);
  if (typeof d.failed === 'number') lines.push(`échecs\u00a0: ${d.failed}`);
  if (typeof d.parked === 'number') lines.push(`mis de côté\u00a0: ${d.parked}`);
  if (typeof d.route === 'string') lines.push(`appel\u00a0: ${d.route}`);
  return lines;
}
