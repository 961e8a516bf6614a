/**
 * /supervisions/rne 'Services RNE' (SPEC section 2 "Supervision", the register-services page): the two tables of register accounts, officers / beneficial owners (`inpiall`) and deeds /
 * balance sheets / seized balance sheets (`rneall`), each row with its check button (toast of the
 * answer), its enable / disable toggle (confirmation) and its edit link (where it is deleted); 'Ajouter'
 * adds an account to either pool.
 */
import { PlusOutlined } from '@ant-design/icons';
import { Flex, Typography } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import { useMemo } from 'react';
import { ButtonLink } from '../../../components/ButtonLink';
import { PageHeader } from '../../../components/layout/PageHeader';
import { DataList, type DataColumn } from '../../../components/list/DataList';
import { DenseCells } from '../../../components/list/DenseCells';
import type { ClientListSource } from '../../../components/list/useDataList';
import { useResourceActions } from '../../../components/resource/useResourceActions';
import { Section } from '../Section';
import { SUPERVISION_TITLE } from '../texts';
import { filingsColumns, officersColumns } from './accountColumns';
import type { RneAccountRecord } from './api';
import { rneAccountsResource } from './resource';
import { POOL_LABELS, RNE_TITLE } from './texts';
import { useFilingsAccounts, useOfficersAccounts } from './useAccounts';

/** The shared list's client source over one account list, searchable by email. */
function accountSource<T extends RneAccountRecord>(query: UseQueryResult<T[]>): ClientListSource<T> {
  return {
    mode: 'client',
    rows: query.data,
    loading: query.isPending || (query.isError && query.isFetching),
    error: query.error,
    retry: () => void query.refetch(),
    searchText: (row) => row.email,
  };
}

/** One pool's table in its section (`data-testid="rne-{pool}-accounts"`), dense so that every column fits 1440 px. */
function AccountTable<T extends RneAccountRecord>(props: { title: string; query: UseQueryResult<T[]>; columns: DataColumn<T>[]; pool: string }) {
  return (
    <Section title={props.title}>
      <DenseCells>
        <DataList<T>
          source={accountSource(props.query)}
          columns={props.columns}
          defaultSort={{ column: 'email', direction: 'asc' }}
          urlNamespace={props.pool}
          search={{ placeholder: 'Email' }}
          testId={`rne-${props.pool}-accounts`}
          // « Exporter CSV » of the loaded accounts; the token and the password give no `csv` cell: never exported.
          exportCsv={{ name: `rne-comptes-${props.pool}` }}
        />
      </DenseCells>
    </Section>
  );
}

/** The page. */
export default function RneAccountsPage() {
  const { toggleStatus } = useResourceActions(rneAccountsResource);
  const officers = useOfficersAccounts();
  const filings = useFilingsAccounts();
  const officerColumns = useMemo(() => officersColumns({ toggle: toggleStatus }), [toggleStatus]);
  const filingColumns = useMemo(() => filingsColumns({ toggle: toggleStatus }), [toggleStatus]);
  return (
    <>
      <PageHeader
        title={RNE_TITLE}
        breadcrumb={[{ title: SUPERVISION_TITLE, to: '/supervisions' }, { title: RNE_TITLE }]}
        extra={
          <ButtonLink type="primary" icon={<PlusOutlined aria-hidden />} to={rneAccountsResource.createPath} data-testid="add-button">
            Ajouter
          </ButtonLink>
        }
      />
      <Typography.Paragraph type="secondary">
        Comptes du service RNE de l’INPI par lesquels les dirigeants et les dépôts sont lus. Les compteurs sont ceux
        d’aujourd’hui.
      </Typography.Paragraph>
      <Flex vertical gap={16}>
        <AccountTable title={POOL_LABELS.officers} query={officers} columns={officerColumns} pool="officers" />
        <AccountTable title={POOL_LABELS.filings} query={filings} columns={filingColumns} pool="filings" />
      </Flex>
    </>
  );
}
