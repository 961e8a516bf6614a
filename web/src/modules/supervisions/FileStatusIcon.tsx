/** The status of a file record as the spec draws it (SPEC section 2 "Supervision": 1 green check, 0 red cross). */
import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { STATUS_LABELS } from './texts';

/**
 * A green check (status 1) or a red cross (0), named « Réussi » / « Échoué » for screen readers and in a
 * tooltip (`data-testid="file-status"`, `data-status`).
 */
export function FileStatusIcon({ status }: { status: number }) {
  const ok = status === 1;
  const label = ok ? STATUS_LABELS.ok : STATUS_LABELS.failed;
  const Icon = ok ? CheckCircleFilled : CloseCircleFilled;
  return (
    <span role="img" aria-label={label} title={label} data-testid="file-status" data-status={ok ? 1 : 0}>
      <Icon aria-hidden style={{ fontSize: 18, color: ok ? '#15803d' : '#b91c1c' }} />
    </span>
  );
}
