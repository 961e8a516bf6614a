/**
 * Columns of the update-log table: Traitement, Siren, Résultat and the register link
 * (SPEC section 2 'Update log').
 */
import { Typography } from 'antd';
import type { LogEntry } from '../../api/types';
import type { DataColumn } from '../../components/list/DataList';
import { CompanyPageLink } from '../../components/siren/CompanyPageLink';
import { REGISTER_LINK_LABEL, RegisterPageLink } from '../../components/siren/RegisterPageLink';
import { VisuallyHidden } from '../../components/VisuallyHidden';
import { formatDateTime } from '../../lib/dates';

/** 'Traitement' cell: '{code} - {created_at as DD/MM/YY HH:mm, Europe/Paris}'. */
export function treatmentText(entry: LogEntry): string {
  return `${entry.code} - ${formatDateTime(entry.created_at)}`;
}

/**
 * Columns of the update log: Traitement (sorted by code), Siren (link to the company page, sorted
 * by SIREN), Résultat (description) and the register manager link.
 */
export const LOG_COLUMNS: DataColumn<LogEntry>[] = [
  {
    key: 'code',
    title: 'Traitement',
    sortable: true,
    width: 260,
    render: (entry) => <span style={{ whiteSpace: 'nowrap' }}>{treatmentText(entry)}</span>,
  },
  { key: 'name', title: 'Siren', sortable: true, width: 130, render: (entry) => <CompanyPageLink siren={entry.name} /> },
  {
    key: 'description',
    title: 'Résultat',
    render: (entry) => <Typography.Text>{entry.description || '-'}</Typography.Text>,
  },
  {
    key: 'register',
    title: <VisuallyHidden>{REGISTER_LINK_LABEL}</VisuallyHidden>,
    width: 64,
    align: 'center',
    render: (entry) => <RegisterPageLink siren={entry.name} />,
  },
];
