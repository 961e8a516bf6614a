/**
 * Columns of the update-log table: Traitement, Siren, Résultat and the register link
 * (SPEC section 2 'Update log'). The table shows up to 200 rows at once, so its cells are plain text and
 * anchors, built once per configuration ("lighter cells").
 */
import { useMemo, type CSSProperties } from 'react';
import type { AppConfig, LogEntry } from '../../api/types';
import { useAppConfig } from '../../app/useAppConfig';
import type { DataColumn } from '../../components/list/DataList';
import { CompanyPageLink } from '../../components/siren/CompanyPageLink';
import { REGISTER_LINK_LABEL, RegisterPageLink } from '../../components/siren/RegisterPageLink';
import { SourceLink } from '../../components/source/SourceLink';
import { VisuallyHidden } from '../../components/VisuallyHidden';
import { formatDateTime } from '../../lib/dates';

const NO_WRAP: CSSProperties = { whiteSpace: 'nowrap' };

/**
 * Columns of the update log: Traitement (sorted by code; the identifying column, fixed on the left when
 * the table scrolls), Siren (link to the company page, sorted by SIREN), Résultat (description, at least
 * 220 px wide, and under it the source a feed read it from, with its link) and the register manager link (hidden on a phone, where the Siren link leads to the company);
 * the links' URLs come from `config` (GET /api/config; plain SIREN and no register link while it is undefined).
 */
export function logColumns(config: AppConfig | undefined): DataColumn<LogEntry>[] {
  const companyTemplate = config?.company_page_url;
  const registerTemplate = config?.register_page_url;
  return [
    {
      key: 'code',
      title: 'Traitement',
      sortable: true,
      identifying: true,
      minWidth: 120,
      // '{code} - {created_at as DD/MM/YY HH:mm, Europe/Paris}', on one line when there is room; on a phone the line breaks between the code and the date only.
      render: (entry) => (
        <>
          <span style={NO_WRAP}>{entry.code} -</span> <span style={NO_WRAP}>{formatDateTime(entry.created_at)}</span>
        </>
      ),
    },
    {
      key: 'name',
      title: 'Siren',
      sortable: true,
      width: 130,
      render: (entry) => <CompanyPageLink siren={entry.name} template={companyTemplate} />,
    },
    {
      key: 'description',
      title: 'Résultat',
      minWidth: 220,
      render: (entry) => (
        <>
          {entry.description || '-'}
          {entry.source ? <SourceLink source={entry.source} /> : null}
        </>
      ),
    },
    {
      key: 'register',
      title: <VisuallyHidden>{REGISTER_LINK_LABEL}</VisuallyHidden>,
      width: 64,
      align: 'center',
      secondary: true,
      render: (entry) => <RegisterPageLink siren={entry.name} template={registerTemplate} />,
    },
  ];
}

/** The update log's columns for the loaded configuration, the same array until it changes. */
export function useLogColumns(): DataColumn<LogEntry>[] {
  const { data: config } = useAppConfig();
  return useMemo(() => logColumns(config), [config]);
}
