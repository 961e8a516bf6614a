/**
 * One environment's API credentials in one list cell: `id ⧉ · •••••••• 👁 ⧉`, the
 * Client_id (shortened with an ellipsis when the column is narrow, whole in its tooltip and its copy
 * button) and the masked Client_secret (SPEC section 2 'API customers').
 */
import { Flex, Typography } from 'antd';
import { CopyButton } from '../../components/CopyButton';
import { SecretText } from '../../components/SecretText';

/** Props of `CredentialsCell`. */
export interface CredentialsCellProps {
  /** 'Prod' or 'Sandbox': names the copy buttons ('Copier le Client_id (Prod)'). */
  environment: 'Prod' | 'Sandbox';
  clientId: string;
  clientSecret: string;
}

/**
 * Widest Client_id shown before the ellipsis, like a short commit hash (the whole id is in the tooltip and the
 * clipboard); narrow enough for the list's every column, « Appels aujourd’hui » included, to fit a 1440 px screen.
 */
const ID_MAX_WIDTH = '6ch';

/**
 * The Client_id and Client_secret of one environment (`data-testid="credentials-prod"` or
 * `credentials-sandbox`): the id (`client-id`, whole in its `title`) with its copy button, a middle
 * dot, then `SecretText` (masked secret, reveal and copy buttons).
 */
export function CredentialsCell({ environment, clientId, clientSecret }: CredentialsCellProps) {
  return (
    <Flex align="center" gap={2} wrap={false} data-testid={`credentials-${environment.toLowerCase()}`}>
      {clientId ? (
        <>
          <Typography.Text
            data-testid="client-id"
            title={clientId}
            style={{
              fontFamily: 'ui-monospace, monospace',
              fontSize: 13,
              whiteSpace: 'nowrap',
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              maxWidth: ID_MAX_WIDTH,
              display: 'inline-block',
              verticalAlign: 'middle',
            }}
          >
            {clientId}
          </Typography.Text>
          <CopyButton text={clientId} label={`Copier le Client_id (${environment})`} />
        </>
      ) : (
        <Typography.Text type="secondary">-</Typography.Text>
      )}
      <span aria-hidden style={{ color: '#5c6370' }}>
        ·
      </span>
      <SecretText value={clientSecret} copyLabel={`Copier le Client_secret (${environment})`} />
    </Flex>
  );
}
