/**
 * What a file import did (contract/import-summary.ts), in French, compact, for the file tables and the news import
 * screen: « 1 200 lignes lues · 30 créées · 2 modifiées · 1 168 inchangées · 45 entrées au journal · 12 SIREN pour le RNE ».
 * Rows read and created always; the other counts when not zero.
 */
import type { ImportSummary } from '../../../../contract/import-summary';

export type { ImportSummary };

/** `n` and its noun, singular or plural by French rule (0 and 1 singular), grouped by thousands. */
function count(n: number, one: string, many: string): string {
  return `${n.toLocaleString('fr-FR')}\u00a0${n > 1 ? many : one}`;
}

/** Options of `importSummaryText`. */
export interface SummaryTextOptions {
  /** The words of the rows created, singular and plural (default « créée », « créées »; news: « prête », « prêtes »). */
  created?: [string, string];
}

/** The parts of the summary's text (see the module's doc). */
export function importSummaryParts(s: ImportSummary, opts: SummaryTextOptions = {}): string[] {
  const [one, many] = opts.created ?? ['créée', 'créées'];
  const parts = [count(s.rows_read, 'ligne lue', 'lignes lues'), count(s.created, one, many)];
  if (s.updated) parts.push(count(s.updated, 'modifiée', 'modifiées'));
  if (s.unchanged) parts.push(count(s.unchanged, 'inchangée', 'inchangées'));
  if (s.in_error) parts.push(`${s.in_error.toLocaleString('fr-FR')}\u00a0en erreur`);
  if (s.log_entries) parts.push(count(s.log_entries, 'entrée au journal', 'entrées au journal'));
  if (s.rne_queued) parts.push(`${s.rne_queued.toLocaleString('fr-FR')}\u00a0SIREN pour le RNE`);
  return parts;
}

/** The summary as one line: its parts joined by « · ». */
export function importSummaryText(s: ImportSummary, opts: SummaryTextOptions = {}): string {
  return importSummaryParts(s, opts).join(' · ');
}

/** The counts a summary must have. */
const COUNTS = ['rows_read', 'created', 'updated', 'unchanged', 'log_entries', 'rne_queued'] as const;

/** The summary in a job's result (`result.summary`), or null when it holds none. */
export function summaryOf(value: unknown): ImportSummary | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  return COUNTS.every((key) => typeof v[key] === 'number') ? (v as unknown as ImportSummary) : null;
}
