/**
 * Icon link to the external register manager page of a SIREN in a new tab (update-log
 * last column, SPEC section 2 'Update log'). A plain anchor with the browser's tooltip (`title`): it is
 * drawn once per row of 200-row tables, so it holds no hook and no antd component.
 */
import { BankOutlined } from '@ant-design/icons';
import type { CSSProperties } from 'react';
import { sirenUrl } from '../../lib/sirenUrl';

/** Accessible name (and tooltip) of the register manager link. */
export const REGISTER_LINK_LABEL = 'Gestionnaire du registre';

/** Props of `RegisterPageLink`. */
export interface RegisterPageLinkProps {
  siren: string;
  /** `register_page_url` of GET /api/config (`{siren}` is replaced); none yet or empty: nothing. */
  template: string | null | undefined;
}

const ICON_LINK_STYLE: CSSProperties = { fontSize: 16 };

/**
 * Icon link to the external register manager page of a SIREN (`template` with `{siren}` replaced), in a
 * new tab; accessible name 'Gestionnaire du registre (SIREN)', tooltip 'Gestionnaire du registre'
 * (`data-testid="register-link"`). Nothing until the configuration is loaded.
 */
export function RegisterPageLink({ siren, template }: RegisterPageLinkProps) {
  const href = sirenUrl(template, siren);
  if (!href) return null;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`${REGISTER_LINK_LABEL} (${siren})`}
      title={REGISTER_LINK_LABEL}
      data-testid="register-link"
      style={ICON_LINK_STYLE}
    >
      <BankOutlined aria-hidden />
    </a>
  );
}
