/**
 * French wording of a feed's health, e.g. « il y a 3 h — attendu chaque jour ». Pure functions.
 */
import type { FeedHealth } from '../../../../contract/feeds';

type Level = FeedHealth['level'];

/** What each level means, as the card says it beside its coloured dot (never the colour alone). */
export const LEVEL_LABELS: Record<Level, string> = {
  green: 'À jour',
  orange: 'En retard',
  red: 'Très en retard',
  none: 'Aucun fichier',
};

/** The tag shown beside the level while the imports since the last success failed. */
export const FAILING_LABEL = 'Dernier import en échec';

/** antd colour (Tag / Badge status) of each level. */
export const LEVEL_COLORS: Record<Level, 'success' | 'warning' | 'error' | 'default'> = {
  green: 'success',
  orange: 'warning',
  red: 'error',
  none: 'default',
};

/** `1 234` with the French grouping (a narrow no-break space). */
export function frenchNumber(n: number): string {
  return n.toLocaleString('fr-FR');
}

/**
 * How long ago, from hours: « il y a moins d’une minute », « il y a 25 min », « il y a 3 h » (under two
 * days), « il y a 12 j » beyond.
 */
export function agoText(hours: number): string {
  const minutes = Math.floor(hours * 60);
  if (minutes < 1) return 'il y a moins d’une minute';
  if (minutes < 60) return `il y a ${minutes}\u00a0min`;
  if (hours < 48) return `il y a ${Math.floor(hours)}\u00a0h`;
  return `il y a ${frenchNumber(Math.floor(hours / 24))}\u00a0j`;
}

/** The expected period: « attendu chaque jour » (24 h), « attendu chaque mois » (744 h), else in hours or days. */
export function expectedText(hours: number): string {
  if (hours === 24) return 'attendu chaque jour';
  if (hours === 24 * 7) return 'attendu chaque semaine';
  if (hours >= 28 * 24 && hours <= 31 * 24) return 'attendu chaque mois';
  if (hours % 24 === 0) return `attendu tous les ${frenchNumber(hours / 24)}\u00a0jours`;
  return `attendu toutes les ${frenchNumber(hours)}\u00a0h`;
}

/** « il y a 3 h — attendu chaque jour », or « aucun import réussi — attendu chaque jour ». */
export function ageText(health: Pick<FeedHealth, 'age_hours' | 'expected_hours'>): string {
  const age = health.age_hours === null ? 'aucun import réussi' : agoText(health.age_hours);
  return `${age} — ${expectedText(health.expected_hours)}`;
}

/** « Aucun échec », « 1 échec consécutif », « 3 échecs consécutifs ». */
export function failuresText(n: number): string {
  if (n === 0) return 'Aucun échec';
  return `${frenchNumber(n)} ${n > 1 ? 'échecs consécutifs' : 'échec consécutif'}`;
}

/** « Récupération planifiée : activée » / « … : désactivée » (FEED_BODACC_URL / FEED_SIRENE_URL set or not). */
export function scheduledText(scheduled: boolean): string {
  return `Récupération planifiée\u00a0: ${scheduled ? 'activée' : 'désactivée'}`;
}
