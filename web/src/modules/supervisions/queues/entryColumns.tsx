/**
 * Columns and list settings shared by the queue tables (SPEC section 2 "Supervision": Siren / Date):
 * the SIREN linking to the company page (new tab, `noopener noreferrer`; the template of GET /api/config)
 * and a date DD/MM/YYYY HH:mm:ss (Europe/Paris); newest first, searched by SIREN.
 */
import type { CSSProperties } from 'react';
import type { DataColumn, DataListProps } from '../../../components/list/DataList';
import { CompanyPageLink } from '../../../components/siren/CompanyPageLink';
import { formatDateTimeSeconds } from '../../../lib/dates';

const NUMBERS: CSSProperties = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' };

/** The `DataList` settings of every queue table: newest entries first, a search box « Siren ». */
export const ENTRY_LIST: Pick<DataListProps<unknown>, 'defaultSort' | 'search'> = {
  defaultSort: { column: 'date_creation', direction: 'desc' },
  search: { placeholder: 'Siren' },
};

/** The Siren column, identifying and sortable, linking to the company page of `template`. */
export function sirenColumn<T extends { siren: string }>(template: string | null | undefined): DataColumn<T> {
  return {
    key: 'siren',
    title: 'Siren',
    sortable: true,
    identifying: true,
    minWidth: 110,
    render: (row) => <CompanyPageLink siren={row.siren} template={template} />,
  };
}

/** A date column (DD/MM/YYYY HH:mm:ss), sortable. */
export function dateColumn<T>(key: keyof T & string, title: string): DataColumn<T> {
  return {
    key,
    title,
    sortable: true,
    width: 190,
    render: (row) => <span style={NUMBERS}>{formatDateTimeSeconds(row[key] as string | null)}</span>,
  };
}

/** The reason an entry was queued (« BODACC C : dépôt des comptes », « Saisie manuelle »…); hidden on a phone. */
export function reasonColumn<T extends { reason: string }>(): DataColumn<T> {
  return { key: 'reason', title: 'Motif', minWidth: 200, secondary: true };
}
