/**
 * The token cell of an RNE account (SPEC section 3 "Register account": token, access ok 1 or 0): a green
 * check when the last login succeeded; otherwise a red cross that is a button, named « Accès refusé : <reason> »,
 * whose popover gives the reason on hover and on focus (keyboard, or a tap, which focuses the button). The reason is the server's `last_error`
 * (refused credentials, locked account, service unreachable or too slow, unexpected answer with its HTTP status),
 * or, without one, why no token is held (never checked, or credentials changed since).
 */
import { CloseCircleFilled } from '@ant-design/icons';
import { Button, Popover } from 'antd';
import { StatusIcon } from '../StatusIcon';
import type { RneAccountRecord } from './api';
import { TOKEN_LABELS, TOKEN_REASONS } from './texts';

/** Why `account` holds no usable token, in French. */
export function tokenReason(account: Pick<RneAccountRecord, 'last_error' | 'passage'>): string {
  if (account.last_error) return account.last_error;
  return account.passage ? TOKEN_REASONS.noToken : TOKEN_REASONS.neverChecked;
}

/** ✓ (named « Accès ok »), or ✗ as a button whose popover says why access is refused. */
export function TokenStatus({ account }: { account: RneAccountRecord }) {
  if (account.token === 1) return <StatusIcon ok label={TOKEN_LABELS.ok} testId="account-token" />;
  const reason = tokenReason(account);
  return (
    <Popover content={<span data-testid="account-token-reason">{reason}</span>} title={TOKEN_LABELS.failed} trigger={['hover', 'focus']}>
      <Button
        type="text"
        size="small"
        aria-label={`${TOKEN_LABELS.failed}\u00a0: ${reason}`}
        data-testid="account-token"
        data-status={0}
        icon={<CloseCircleFilled aria-hidden style={{ fontSize: 18, color: '#b91c1c' }} />}
      />
    </Popover>
  );
}
