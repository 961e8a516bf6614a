/**
 * SIREN rendered as a link to the external company page in a new tab (update-log Siren
 * column, SPEC section 2 'Update log'). A plain anchor (antd's global link style colours it): it is drawn
 * once per row of 200-row tables, so it holds no hook and no antd component.
 */
import type { CSSProperties } from 'react';
import { sirenUrl } from '../../lib/sirenUrl';

/** Props of `CompanyPageLink`. */
export interface CompanyPageLinkProps {
  siren: string;
  /** `company_page_url` of GET /api/config (`{siren}` is replaced); none yet or empty: plain text. */
  template: string | null | undefined;
}

const SIREN_STYLE: CSSProperties = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' };

/**
 * A SIREN linking to the external company page (`template` with `{siren}` replaced), in a new tab
 * (`data-testid="company-link"`); plain text until the configuration is loaded or when no URL is configured.
 */
export function CompanyPageLink({ siren, template }: CompanyPageLinkProps) {
  const href = sirenUrl(template, siren);
  if (!href) return <span style={SIREN_STYLE}>{siren}</span>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" data-testid="company-link" style={SIREN_STYLE}>
      {siren}
    </a>
  );
}
