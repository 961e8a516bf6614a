/**
 * Columns of the deals list (SPEC section 2 "Transactions (deals)"): Deal Nb, Deal date (DD/MM/YYYY), SIREN,
 * Company Name, Company Role, Deal Type 1, Deal Type 2, Deal Amount, Currency, Stake Percent (%), every one
 * sortable (its key is the sort column the server whitelists); '-' for an empty cell; amount and currency only
 * when the amount is above 0; Deal Nb links to the deal's edit page.
 */
import { Link } from 'react-router';
import type { DataColumn } from '../../../components/list/DataList';
import { cell, dayText, numberText, positiveAmount } from '../format';
import type { DealListRow } from '../types';

const numeric = { fontVariantNumeric: 'tabular-nums' } as const;

/** The ten columns of the deals list. */
export const DEAL_COLUMNS: DataColumn<DealListRow>[] = [
  {
    key: 'deal_identifier',
    title: 'Deal Nb',
    sortable: true,
    identifying: true,
    minWidth: 120,
    render: (row) => (
      <Link to={`/transactions/${row.deal.id}/editdeal`} data-testid="deal-link">
        {cell(row.deal.deal_identifier)}
      </Link>
    ),
  },
  { key: 'deal_date', title: 'Deal date', sortable: true, width: 120, render: (row) => <span style={numeric}>{dayText(row.deal.deal_date)}</span> },
  { key: 'siren', title: 'SIREN', sortable: true, width: 110, render: (row) => <span style={numeric}>{cell(row.siren)}</span> },
  { key: 'name', title: 'Company Name', sortable: true, minWidth: 180, render: (row) => cell(row.name) },
  { key: 'role_name', title: 'Company Role', sortable: true, render: (row) => cell(row.role?.name) },
  { key: 'type1_name', title: 'Deal Type 1', sortable: true, secondary: true, render: (row) => cell(row.deal.type1?.name) },
  { key: 'type2_name', title: 'Deal Type 2', sortable: true, secondary: true, render: (row) => cell(row.deal.type2?.name) },
  {
    key: 'amount',
    title: 'Deal Amount',
    sortable: true,
    align: 'right',
    render: (row) => <span style={numeric}>{positiveAmount(row.deal.amount) ? numberText(row.deal.amount) : '-'}</span>,
  },
  {
    key: 'currency',
    title: 'Currency',
    sortable: true,
    secondary: true,
    render: (row) => (positiveAmount(row.deal.amount) ? cell(row.deal.currency) : '-'),
  },
  {
    key: 'stake_percent',
    title: 'Stake Percent (%)',
    sortable: true,
    align: 'right',
    render: (row) => <span style={numeric}>{numberText(row.stake_percent)}</span>,
  },
];
