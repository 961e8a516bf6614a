/**
 * Texts of the queue pages (SPEC section 2 "Supervision"): titles, the cards, the
 * banners, the tables. The words of the spec are kept as it gives them.
 */
import type { QueueName, QueueState } from './api';

/** Titles of the pages (the queues' names, contract `QUEUE_LABELS`). */
export const QUEUE_TITLES: Record<QueueName, string> = {
  accounts: 'Différentiel sur les comptes',
  officers: 'Différentiel sur les dirigeants',
};
/** Paths of the officers and live pages (the « Détails » button, the live page's breadcrumb). */
export const DIRIGEANTS_PATH = '/supervisions/dirigeants';
export const LIVE_PATH = '/supervisions/liveinpi';

/** Title of /supervisions/liveinpi. */
export const LIVE_TITLE = 'Traitement en direct';

/** Label of each card's total (SPEC). */
export const TOTAL_SIRENS = 'Total Sirens';
/** Names of the four cards, J to J-3. */
export const DAY_NAMES = ['J', 'J-1', 'J-2', 'J-3'] as const;

/** The accounts page's banner, as the spec writes it (its plain space before the colon kept): « File d'attente : 12 restent à traiter ». */
export function queueBannerText(remaining: number): string {
  return `File d'attente : ${remaining.toLocaleString('fr-FR')} restent à traiter`;
}
/** The officers page's banner while a worker holds a live lease (SPEC). */
export const PROCESSING_BANNER = 'Traitement en cours';
/** Why nothing moves, when no worker holds a lease (the banner then reads « Aucun traitement en cours : <why> »). */
export const IDLE_REASONS = {
  no_account: 'aucun compte utilisable',
  worker_stopped: 'worker arrêté',
  never: 'aucun traitement enregistré',
} as const;

/** « il y a 50 min » (under an hour), « il y a 3 h » (under two days), else « il y a 4 jours »; « il y a moins d’une minute » first. */
export function agoText(iso: string, now: number): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(iso)) / 60_000));
  if (minutes < 1) return 'il y a moins d’une minute';
  if (minutes < 60) return `il y a ${minutes}\u00a0min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `il y a ${hours}\u00a0h`;
  return `il y a ${Math.floor(hours / 24)}\u00a0jours`;
}

/**
 * The banner's title for the queue's state (contract `QueueState`): « Traitement en cours » only while a worker
 * holds a live lease; otherwise « Aucun traitement en cours : aucun compte utilisable », « … : worker arrêté » or
 * « … : dernier traitement il y a 50 min ». `now` in ms since the epoch.
 */
export function stateBannerTitle(state: QueueState, now: number): string {
  if (state.kind === 'processing') return PROCESSING_BANNER;
  const why =
    state.kind === 'no_account' || state.kind === 'worker_stopped'
      ? IDLE_REASONS[state.kind]
      : state.last_processed_at
        ? `dernier traitement ${agoText(state.last_processed_at, now)}`
        : IDLE_REASONS.never;
  return `Aucun traitement en cours\u00a0: ${why}`;
}
/** Its button to /supervisions/liveinpi (SPEC). */
export const DETAILS_BUTTON = 'Détails';

/** The export button of /supervisions/liveinpi (SPEC) and the file it saves. */
export const CSV_BUTTON = 'Télécharger CSV';
export const CSV_FILENAME = 'export.csv';
/** Title of the live table (SPEC, spacing included). */
export const LIVE_TABLE_TITLE = 'Différentiel sur les dirigeants : J , J-1';

/** Title of the processed entries' table. */
export const DONE_TABLE_TITLE = 'Sirens traités';
/** Title of the parked entries' table, with their count. */
export function parkedTitle(count: number | undefined): string {
  return count === undefined ? 'En échec' : `En échec (${count.toLocaleString('fr-FR')})`;
}
/** The requeue button of a parked entry. */
export const REQUEUE_BUTTON = 'Remettre en file';
/** Toast once an entry is back in its queue. */
export const REQUEUED = 'Le siren a été remis en file.';
/** Title of the manual add. */
export const ADD_SIRENS_TITLE = 'Ajouter des sirens à la file';

/** How often the figures and tables of the queue pages are read again (SPEC section 9: 10 s). */
export const QUEUE_POLL_MS = 10_000;

/** Title of the waiting entries' table (not yet taken by a worker). */
export const WAITING_TABLE_TITLE = 'En attente';
/** The bulk actions of the queue tables: requeue (parked entries) and remove (parked or waiting entries). */
export const BULK_REQUEUE = 'Remettre en file';
export const BULK_REMOVE = 'Retirer';
/** « 1 234 entrées » the French way. */
const entries = (count: number) => `${count.toLocaleString('fr-FR')} entrée${count > 1 ? 's' : ''}`;
/** The question before a bulk requeue of `count` parked entries. */
export const bulkRequeueQuestion = (count: number) => `Remettre ${entries(count)} en file\u202f?`;
/** The question before a bulk removal of `count` entries. */
export const bulkRemoveQuestion = (count: number) => `Retirer ${entries(count)} de la file\u202f?`;
/**
 * The sources (reasons) of the entries of each queue, as contract/rne.ts `QUEUE_SOURCES` lists them (the web takes
 * only types from the contract): the source chips, whose search is `motif:` then the reason.
 */
export const QUEUE_SOURCES: Record<QueueName, readonly string[]> = {
  accounts: ['BODACC C\u00a0: dépôt des comptes', 'Saisie manuelle', 'Flux externe'],
  officers: ['BODACC B\u00a0: modification des dirigeants', 'INSEE\u00a0: création', 'Saisie manuelle', 'Flux externe'],
};
/** Search term prefix of the entries of one source (contract/rne.ts `SOURCE_TERM_PREFIX`). */
export const SOURCE_TERM_PREFIX = 'motif:';
