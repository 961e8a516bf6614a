/**
 * The company name beside a group's SIREN: the name the INSEE register gives, a discreet
 * « connu seulement par ses établissements » tag when the register holds only establishments of it (no company
 * name), the name a stored BODACC notice gives with a « BODACC » tag when no INSEE file holds the SIREN
 * (« connu seulement par le BODACC » when the notice gives it no name), or « inconnu au répertoire » when nothing
 * names the SIREN; and « Siège fermé » when the register's head office of it is closed.
 */
import { Tag, Typography } from 'antd';
import type { GroupSiren } from '../../api/types';
import { HeadOfficeClosedTag } from '../../components/company/HeadOfficeClosedTag';
import { BODACC_NAME_TAG, BODACC_NAME_TITLE, KNOWN_BY_BODACC_ONLY, KNOWN_BY_ESTABLISHMENTS_ONLY } from '../../components/company/texts';
import { UNKNOWN_TO_REGISTER } from '../../components/company/texts';

/** Props of `CompanyNameCell`: the register's columns of a group's SIREN row. */
export interface CompanyNameCellProps {
  name: string | null | undefined;
  knownFrom?: GroupSiren['known_from'];
  headOfficeClosed?: boolean;
}

const TAG_STYLE = { color: '#475569' };

/**
 * `name` (`data-testid="company-name"`), or a tag when null: `company-establishments-only` or `company-unknown`;
 * followed by `head-office-closed` when the head office is closed.
 */
export function CompanyNameCell({ name, knownFrom, headOfficeClosed }: CompanyNameCellProps) {
  const closed = headOfficeClosed ? <HeadOfficeClosedTag /> : null;
  if (name)
    return (
      <span>
        <Typography.Text data-testid="company-name">{name}</Typography.Text>
        {knownFrom === 'bodacc' ? (
          <Tag variant="outlined" data-testid="company-from-bodacc" title={BODACC_NAME_TITLE} style={{ ...TAG_STYLE, marginInlineStart: 8 }}>
            {BODACC_NAME_TAG}
          </Tag>
        ) : null}
        {closed}
      </span>
    );
  if (knownFrom === 'bodacc')
    return (
      <Tag variant="outlined" data-testid="company-bodacc-only" style={TAG_STYLE}>
        {KNOWN_BY_BODACC_ONLY}
      </Tag>
    );
  if (knownFrom === 'establishments')
    return (
      <span>
        <Tag variant="outlined" data-testid="company-establishments-only" style={TAG_STYLE}>
          {KNOWN_BY_ESTABLISHMENTS_ONLY}
        </Tag>
        {closed}
      </span>
    );
  return (
    <Tag variant="outlined" data-testid="company-unknown" style={TAG_STYLE}>
      {UNKNOWN_TO_REGISTER}
    </Tag>
  );
}
