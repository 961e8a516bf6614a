/**
 * Columns of the two account tables of /supervisions/rne (SPEC section 3 "Register account"). First table: email, token ✓/✗, dirigeants, beneficiaireseffectifs, password (masked, with
 * reveal and copy), is_used, passage, last_change; second table: email, token, actes, bilans,
 * bilanssaisis, passage, last_change. The check button sits beside the token it sets; both tables end
 * with the account's status and the toggle and edit actions. Dates DD/MM/YYYY HH:mm:ss (Europe/Paris).
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

/** A counter column (items fetched today), right-aligned, sortable. */
function counter<T extends RneAccountRecord>(key: keyof T & string, title: string): DataColumn<T> {
  return {
    key,
    title,
    sortable: true,
    align: 'right',
    render: (row) => <span style={NUMBER}>{Number(row[key]).toLocaleString('fr-FR')}</span>,
  };
}

/** A date column (DD/MM/YYYY HH:mm:ss), sortable. */
function date<T extends RneAccountRecord>(key: 'passage' | 'last_change', title: string): DataColumn<T> {
  return {
    key,
    title,
    sortable: true,
    width: 160,
    sortValue: (row) => row[key] ?? '',
    render: (row) => <span style={NUMBER}>{formatDateTimeSeconds(row[key])}</span>,
  };
}

/** Email (the identifying column), then the token ✓/✗ (the ✗ a button whose popover gives the reason) and the check button. */
function leading<T extends RneAccountRecord>(): DataColumn<T>[] {
  return [
    { key: 'email', title: 'Email', sortable: true, identifying: true, minWidth: 180 },
    {
      key: 'token',
      title: 'Token',
      sortable: true,
      width: 100,
      render: (row) => (
        <Flex align="center" gap={8} wrap={false}>
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
    statusColumn<T>(100),
    statusActionColumn<T>({ toggle: actions.toggle, editPath: accountEditPath, width: null, gap: 'small' }),
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
      render: (row) => <SecretText value={row.password} copyLabel={`Copier le mot de passe de ${row.email}`} />,
    },
    {
      key: 'is_used',
      title: 'Utilisé',
      sortable: true,
      width: 90,
      render: (row) => (
        <Tag color={row.is_used === 1 ? 'processing' : 'default'} data-testid="account-used" data-used={row.is_used}>
          {row.is_used === 1 ? 'Oui' : 'Non'}
        </Tag>
      ),
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
