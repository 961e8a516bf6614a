/**
 * The rows of an imported file whose SIREN was given as a SIRET (the article rules take a valid SIRET for its SIREN,
 * server/modules/news/article-rules.ts): a row keeps only the SIREN, so the import job's result says which lines
 * were reduced (`sirets_reduced`, `siret_notes`: `Ligne 4 : SIRET 55203253400703 → SIREN 552032534`, the first 50),
 * and this note lists them above the rows.
 */
import { Alert } from 'antd';
import type { Job } from '../../../api/types';
import { lineCount } from '../texts';

/** The SIRET notes of a job's result, or null when it has none. */
export function siretNotesOf(job: Job | null): { count: number; notes: string[] } | null {
  const result = job?.result;
  const count = result?.sirets_reduced;
  const notes = result?.siret_notes;
  if (typeof count !== 'number' || count < 1 || !Array.isArray(notes)) return null;
  return { count, notes: notes.filter((n): n is string => typeof n === 'string') };
}

/** Title of the note: `1 ligne donne un SIRET : son SIREN est retenu.` */
export function siretNotesText(count: number): string {
  return count > 1 ? `${lineCount(count)} donnent un SIRET\u00a0: leur SIREN est retenu.` : `${lineCount(count)} donne un SIRET\u00a0: son SIREN est retenu.`;
}

/** An information note listing the lines reduced (`data-testid="import-siret-notes"`), nothing when none. */
export function ImportSiretNotes({ job }: { job: Job | null }) {
  const found = siretNotesOf(job);
  if (!found) return null;
  return (
    <Alert
      type="info"
      showIcon
      title={siretNotesText(found.count)}
      description={
        <ul style={{ margin: 0, paddingInlineStart: 18, fontFamily: 'ui-monospace, monospace' }}>
          {found.notes.map((note, i) => (
            <li key={i}>{note}</li>
          ))}
        </ul>
      }
      data-testid="import-siret-notes"
      style={{ marginBottom: 16 }}
    />
  );
}
