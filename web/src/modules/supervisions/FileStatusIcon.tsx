/** The status of a file record as the spec draws it (SPEC section 2 "Supervision": 1 green check, 0 red cross). */
import { StatusIcon } from './StatusIcon';
import { STATUS_LABELS } from './texts';

/**
 * A green check (status 1) or a red cross (0), named « Réussi » / « Échoué » for screen readers and in a
 * tooltip (`data-testid="file-status"`, `data-status`).
 */
export function FileStatusIcon({ status }: { status: number }) {
  const ok = status === 1;
  return <StatusIcon ok={ok} label={ok ? STATUS_LABELS.ok : STATUS_LABELS.failed} testId="file-status" />;
}
