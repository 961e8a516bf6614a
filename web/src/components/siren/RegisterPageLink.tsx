/**
 * Icon link to the external register manager page of a SIREN in a new tab (update-log
 * last column, SPEC section 2 'Update log').
 */
import { BankOutlined } from '@ant-design/icons';
import { Tooltip, Typography } from 'antd';
import { useAppConfig } from '../../app/useAppConfig';
import { sirenUrl } from '../../lib/sirenUrl';

/** Accessible name (and tooltip) of the register manager link. */
export const REGISTER_LINK_LABEL = 'Gestionnaire du registre';

/** Props of `RegisterPageLink`. */
export interface RegisterPageLinkProps {
  siren: string;
}

/**
 * Icon link to the external register manager page of a SIREN (`register_page_url` of
 * GET /api/config with `{siren}` replaced), in a new tab; accessible name 'Gestionnaire du
 * registre' (`data-testid="register-link"`). Nothing until the configuration is loaded.
 */
export function RegisterPageLink({ siren }: RegisterPageLinkProps) {
  const { data } = useAppConfig();
  const href = sirenUrl(data?.register_page_url, siren);
  if (!href) return null;
  return (
    <Tooltip title={REGISTER_LINK_LABEL}>
      <Typography.Link
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={`${REGISTER_LINK_LABEL} (${siren})`}
        data-testid="register-link"
        style={{ fontSize: 16 }}
      >
        <BankOutlined aria-hidden />
      </Typography.Link>
    </Tooltip>
  );
}
