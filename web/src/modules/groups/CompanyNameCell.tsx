/**
 * The company name beside a group's SIREN (issue 9 section 1): the name the INSEE register gives, or a
 * discreet « inconnu au répertoire » tag when the register does not know the SIREN.
 */
import { Tag, Typography } from 'antd';
import { UNKNOWN_TO_REGISTER } from './texts';

/** `name` (`data-testid="company-name"`), or the tag (`data-testid="company-unknown"`) when null. */
export function CompanyNameCell({ name }: { name: string | null | undefined }) {
  if (name) return <Typography.Text data-testid="company-name">{name}</Typography.Text>;
  return (
    <Tag variant="outlined" data-testid="company-unknown" style={{ color: '#475569' }}>
      {UNKNOWN_TO_REGISTER}
    </Tag>
  );
}
