/**
 * Columns of the two account tables of /supervisions/rne (SPEC section 3 "Register account"). First table: email, token ✓/✗, dirigeants, beneficiaireseffectifs, password (masked, with
 * reveal and copy), is_used, passage, last_change; second table: email, token, actes, bilans,
 * bilanssaisis, passage, last_change. The check button sits beside the token it sets; both tables end
 * with the account's status and the toggle and edit actions. Dates DD/MM/YYYY HH:mm:ss (Europe/Paris). Every
 * column fits a 1440 px screen with the sidebar open: no fixed widths, the dates' time and the two actions wrap.
 */
import { Flex, Tag } from 'antd';
import type { CSSProperties } from 'react';
import type { DataColumn } from '../../../components/list/DataList';
import { statusActionColumn, statusColumn } from '../../../components/resource/statusColumns';
import { SecretText } from '../../../components/SecretText';
import { formatDateTimeSeconds } from '../../../lib/dates';
import type { RneAccountRecord, RneFilingsAccount, RneOfficersAccount } from './api';
import { accountEditPath } from './resource';
import { SyncButton } from './SyncButton';
import { TokenStatus } from './TokenStatus';

/** What the action columns do to a row. */
export interface AccountActions {
  /** Enables or disables the account, after its confirmation (`useResourceActions().toggleStatus`). */
  toggle: (account: RneAccountRecord) => void;
}

const NUMBER: CSSProperties = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' };
const DATE: CSSProperties = { fontVariantNumeric: 'tabular-nums' };

/** An e-mail that may break after its « @ » (a `<wbr>`), and nowhere else. */
function EmailText({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at < 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}

/** A counter column (items fetched today), right-aligned, sortable. */
function counter<T extends RneAccountRecord>(key: keyof T & string, title: string): DataColumn<T> {
  return {
    key,
    title,
    sortable: true,
    align: 'right',
    render: (row) => <span style={NUMBER}>{Number(row[key]).toLocaleString('fr-FR')}</span>,
    csv: (row) => Number(row[key]),
  };
}

/** A date column (DD/MM/YYYY HH:mm:ss), sortable. */
function date<T extends RneAccountRecord>(key: 'passage' | 'last_change', title: string): DataColumn<T> {
  return {
    key,
    title,
    sortable: true,
    sortValue: (row) => row[key] ?? '',
    // The time wraps under the date when the table is tight (every column fits 1440 px).
    render: (row) => <span style={DATE}>{formatDateTimeSeconds(row[key])}</span>,
    csv: (row) => (row[key] ? formatDateTimeSeconds(row[key]) : null),
  };
}

/** Email (the identifying column), then the token ✓/✗ (the ✗ a button whose popover gives the reason) and the check button. */
function leading<T extends RneAccountRecord>(): DataColumn<T>[] {
  return [
    // The login may go to a second line after its « @ » (every column fits 1440 px).
    { key: 'email', title: 'Email', sortable: true, identifying: true, minWidth: 120, render: (row) => <EmailText email={row.email} />, csv: (row) => row.email },
    {
      key: 'token',
      title: 'Token',
      sortable: true,
      render: (row) => (
        <Flex align="center" gap={4} wrap={false}>
          <TokenStatus account={row} />
          <SyncButton account={row} />
        </Flex>
      ),
    },
  ];
}

/** Status, then the toggle and edit actions. */
function trailing<T extends RneAccountRecord>(actions: AccountActions): DataColumn<T>[] {
  return [
    { ...statusColumn<T>(), width: undefined },
    statusActionColumn<T>({ toggle: actions.toggle, editPath: accountEditPath, width: null, gap: 'small', wrap: true }),
  ];
}

/** The first table (officers pool, `inpiall`). */
export function officersColumns(actions: AccountActions): DataColumn<RneOfficersAccount>[] {
  return [
    ...leading<RneOfficersAccount>(),
    counter<RneOfficersAccount>('dirigeants', 'Dirigeants'),
    counter<RneOfficersAccount>('beneficiaireseffectifs', 'Bénéficiaires effectifs'),
    {
      key: 'password',
      title: 'Mot de passe',
      render: (row) => <SecretText value={row.password} copyLabel={`Copier le mot de passe de ${row.email}`} wrap />,
    },
    {
      key: 'is_used',
      title: 'Utilisé',
      sortable: true,
      render: (row) => (
        <Tag color={row.is_used === 1 ? 'processing' : 'default'} data-testid="account-used" data-used={row.is_used}>
          {row.is_used === 1 ? 'Oui' : 'Non'}
        </Tag>
      ),
      csv: (row) => (row.is_used === 1 ? 'Oui' : 'Non'),
    },
    date<RneOfficersAccount>('passage', 'Passage'),
    date<RneOfficersAccount>('last_change', 'Dernier changement'),
    ...trailing<RneOfficersAccount>(actions),
  ];
}

/** The second table (filings pool, `rneall`). */
export function filingsColumns(actions: AccountActions): DataColumn<RneFilingsAccount>[] {
  return [
    ...leading<RneFilingsAccount>(),
    counter<RneFilingsAccount>('actes', 'Actes'),
    counter<RneFilingsAccount>('bilans', 'Bilans'),
    counter<RneFilingsAccount>('bilanssaisis', 'Bilans saisis'),
    date<RneFilingsAccount>('passage', 'Passage'),
    date<RneFilingsAccount>('last_change', 'Dernier changement'),
    ...trailing<RneFilingsAccount>(actions),
  ];
}
