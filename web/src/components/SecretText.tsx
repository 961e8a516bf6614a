/**
 * Masked secret with reveal and copy buttons, used for the Client_secret columns of
 * the API customers list (SPEC section 2 'API customers').
 */
import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { Button, Flex, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { CopyButton } from './CopyButton';

/** Props of `SecretText`. */
export interface SecretTextProps {
  /** The secret; '-' is shown when empty. */
  value: string | null | undefined;
  /** Accessible name of the copy button ('Copier' by default), e.g. 'Copier le Client_secret (Prod)'. */
  copyLabel?: string;
  /** The two buttons may go under the secret when its column is narrow (a wide list that must fit the screen). */
  wrap?: boolean;
}

/** Shown instead of a hidden secret. */
export const SECRET_MASK = '••••••••';

/**
 * A secret masked as '••••••••' with an eye button (aria-label 'Afficher le secret', then
 * 'Masquer le secret') and a copy button (aria-label `copyLabel`, 'Copier' by default).
 */
export function SecretText({ value, copyLabel, wrap = false }: SecretTextProps) {
  const [revealed, setRevealed] = useState(false);
  if (!value) return <Typography.Text type="secondary">-</Typography.Text>;
  const label = revealed ? 'Masquer le secret' : 'Afficher le secret';
  return (
    <Flex align="center" gap={2} wrap={wrap} data-testid="secret">
      <Typography.Text code data-testid="secret-value" data-revealed={revealed ? 'true' : 'false'} style={{ whiteSpace: 'nowrap' }}>
        {revealed ? value : SECRET_MASK}
      </Typography.Text>
      <Tooltip title={label}>
        <Button
          type="text"
          size="small"
          aria-label={label}
          aria-pressed={revealed}
          icon={revealed ? <EyeInvisibleOutlined aria-hidden /> : <EyeOutlined aria-hidden />}
          onClick={() => setRevealed((shown) => !shown)}
          data-testid="secret-toggle"
        />
      </Tooltip>
      <CopyButton text={value} label={copyLabel} />
    </Flex>
  );
}
