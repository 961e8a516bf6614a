/**
 * SIREN rendered as a link to the external company page in a new tab (update-log Siren
 * column, SPEC section 2 'Update log').
 */
import { Typography } from 'antd';
import { useAppConfig } from '../../app/useAppConfig';
import { sirenUrl } from '../../lib/sirenUrl';

/** Props of `CompanyPageLink`. */
export interface CompanyPageLinkProps {
  siren: string;
}

/**
 * A SIREN linking to the external company page (`company_page_url` of GET /api/config with
 * `{siren}` replaced), in a new tab (`data-testid="company-link"`); plain text until the
 * configuration is loaded or when no URL is configured.
 */
export function CompanyPageLink({ siren }: CompanyPageLinkProps) {
  const { data } = useAppConfig();
  const href = sirenUrl(data?.company_page_url, siren);
  const text = <span style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>{siren}</span>;
  if (!href) return text;
  return (
    <Typography.Link href={href} target="_blank" rel="noopener noreferrer" data-testid="company-link">
      {text}
    </Typography.Link>
  );
}
