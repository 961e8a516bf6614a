/**
 * Full-page error screen showing 'Une erreur est survenue!' (SPEC section 8) with one
 * action button; used when the session check fails and as the router's error element.
 */
import { Button } from 'antd';
import { GENERIC_ERROR } from '../api/errors';

/** Props of `ErrorScreen`. */
export interface ErrorScreenProps {
  /** Hint under the generic error title. */
  hint?: string;
  /** Button text. */
  actionLabel: string;
  onAction: () => void;
}

/**
 * Full-page 'Une erreur est survenue!' with one action (retry, reload). Deliberately light
 * (no antd Result illustrations): it is part of the initial bundle.
 */
export function ErrorScreen({ hint, actionLabel, onAction }: ErrorScreenProps) {
  return (
    <div role="alert" style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 12, padding: 24, textAlign: 'center' }}>
      <h1 style={{ fontSize: 22, margin: 0, color: '#0f172a' }}>{GENERIC_ERROR}</h1>
      {hint ? <p style={{ margin: 0, color: '#64748b' }}>{hint}</p> : null}
      <Button type="primary" onClick={onAction}>
        {actionLabel}
      </Button>
    </div>
  );
}
