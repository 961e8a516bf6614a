/**
 * The ✓ / ✗ of the supervision pages (SPEC section 2 "Supervision": a file's status, 1 green check and
 * 0 red cross; section 3: a register account's token, access ok 1 or 0).
 */
import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';

/** Props of `StatusIcon`. */
export interface StatusIconProps {
  /** Green check when true, red cross otherwise. */
  ok: boolean;
  /** Accessible name (and tooltip unless `title` is given), e.g. « Réussi ». */
  label: string;
  /** Tooltip, when it says more than the name (e.g. the error of the last check). */
  title?: string;
  testId: string;
}

/** A green check or a red cross (`role="img"`, named `label`, `data-status` 1 or 0). */
export function StatusIcon({ ok, label, title, testId }: StatusIconProps) {
  const Icon = ok ? CheckCircleFilled : CloseCircleFilled;
  return (
    <span role="img" aria-label={label} title={title ?? label} data-testid={testId} data-status={ok ? 1 : 0}>
      <Icon aria-hidden style={{ fontSize: 18, color: ok ? '#15803d' : '#b91c1c' }} />
    </span>
  );
}
