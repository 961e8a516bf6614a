/**
 * Texts and constants of the supervision pages (SPEC sections 2 "Supervision" and 9).
 */
import type { UploadFeed } from './api';

/** Title of /supervisions (and of the sidebar group and its first entry). */
export const SUPERVISION_TITLE = 'Surveillance';
/** Title of /supervisions/insee. */
export const INSEE_TITLE = 'Base INSEE';
/** The upload button of both pages. */
export const IMPORT_BUTTON = 'Importer un fichier';

/** How often the jobs under way are read while one runs (refreshed while they run). */
export const JOB_POLL_MS = 1_000;
/** How often they are read otherwise, to see a job started elsewhere (CLI, inbox, fetch); SPEC section 9: 10 s. */
export const IDLE_POLL_MS = 10_000;

/** File types each feed's upload accepts (the server checks them again). */
export const ACCEPTED_FILES: Record<UploadFeed, string> = {
  bodacc: '.xml,.json',
  sirene: '.csv,.zip',
};

/** What each feed's upload takes, said under the button. */
export const ACCEPTED_HINT: Record<UploadFeed, string> = {
  bodacc: 'Bulletin BODACC de la DILA (.xml) ou export Opendatasoft (.json)',
  sirene: 'Fichier stock INSEE Sirene, entreprises ou établissements (.csv ou .zip)',
};

/** Accessible label and tooltip of the status icons (1 / 0). */
export const STATUS_LABELS = { ok: 'Réussi', failed: 'Échoué' } as const;

/** Toast when a job ends well: « Import de « f » terminé : 29 lignes lues. » */
export function importDoneText(filename: string | null, lines: number): string {
  const name = filename ? `de «\u00a0${filename}\u00a0»` : 'du fichier';
  return `Import ${name} terminé\u00a0: ${lines.toLocaleString('fr-FR')} ${lines > 1 ? 'lignes lues' : 'ligne lue'}.`;
}

/** `n` and its noun, singular or plural by French rule (0 and 1 singular): « 1 avis nouveau », « 2 modifiées ». */
function count(n: number, one: string, many: string): string {
  return `${n.toLocaleString('fr-FR')} ${n > 1 ? many : one}`;
}

/**
 * Detail line of the toast when a job ends well: what the import did, from its result
 * (`{created, updated, unchanged, log_entries, sales}`), or undefined when the result does not say.
 * - INSEE: « 3 nouvelles lignes, 1 modifiée, 93 inchangées ; 4 entrées ajoutées au journal. »
 * - BODACC: « 29 avis nouveaux, 0 déjà connu, 29 transactions ; 55 entrées ajoutées au journal. »
 */
export function importOutcomeText(feed: UploadFeed, result: Record<string, unknown> | null | undefined): string | undefined {
  const n = (key: string) => (typeof result?.[key] === 'number' ? (result[key] as number) : undefined);
  const [created, updated, unchanged, log] = [n('created'), n('updated'), n('unchanged'), n('log_entries')];
  if (created === undefined || unchanged === undefined || log === undefined) return undefined;
  const logText = `${count(log, 'entrée ajoutée', 'entrées ajoutées')} au journal.`;
  if (feed === 'bodacc') {
    const sales = n('sales') ?? 0;
    return `${count(created, 'avis nouveau', 'avis nouveaux')}, ${count(unchanged, 'déjà connu', 'déjà connus')}, ${count(sales, 'transaction', 'transactions')}\u00a0; ${logText}`;
  }
  return `${count(created, 'nouvelle ligne', 'nouvelles lignes')}, ${count(updated ?? 0, 'modifiée', 'modifiées')}, ${count(unchanged, 'inchangée', 'inchangées')}\u00a0; ${logText}`;
}

/** Title of the toast when a job fails (its French error is the detail line). */
export function importFailedText(filename: string | null): string {
  return `L’import de ${filename ? `«\u00a0${filename}\u00a0»` : 'ce fichier'} a échoué`;
}

/** Toast of an upload abandoned instead of confirmed. */
export const IMPORT_ABANDONED = 'Import abandonné\u00a0: rien n’a été importé.';

/** What an import held for confirmation would write: « 55 entrées au journal et 12 SIREN pour le RNE ». */
export function heldCountsText(logEntries: number, rneQueued: number): string {
  const log = count(logEntries, 'entrée au journal des mises à jour', 'entrées au journal des mises à jour');
  return rneQueued ? `${log} et ${rneQueued.toLocaleString('fr-FR')}\u00a0SIREN mis en file pour le RNE` : log;
}

/** The question of « Importer » for an import held for confirmation: « Importer et écrire 55 entrées au journal des mises à jour ? » */
export function confirmImportQuestion(logEntries: number, rneQueued: number): string {
  return `Importer et écrire ${heldCountsText(logEntries, rneQueued)}\u00a0?`;
}

/** The question of « Abandonner »: « Abandonner l’import de « f » ? Rien ne sera importé. » */
export function abandonImportQuestion(filename: string | null): string {
  return `Abandonner l’import de ${filename ? `«\u00a0${filename}\u00a0»` : 'ce fichier'}\u00a0? Rien ne sera importé.`;
}
