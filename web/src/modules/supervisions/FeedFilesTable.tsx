/**
 * A table of feed file records (SPEC section 2 "Supervision"; issue 9 section 4) on the shared list:
 * Fichier, status icon, Date (DD/MM/YYYY HH:mm:ss, Europe/Paris), Lignes for the INSEE tables, Erreur
 * (text only when present); sortable, page sizes, footer, « Aucun résultat trouvé ».
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { DataList, type DataColumn } from '../../components/list/DataList';
import type { ClientListSource } from '../../components/list/useDataList';
import { formatDateTimeSeconds } from '../../lib/dates';
import { fetchFeedFiles, type FeedFileList, type FeedFileRecord } from './api';
import { FileStatusIcon } from './FileStatusIcon';
import { feedFilesKey } from './queries';

/** Props of `FeedFilesTable`. */
export interface FeedFilesTableProps {
  list: FeedFileList;
  /** Shows the Lignes column (INSEE: companies or establishments read). */
  withLines?: boolean;
  /** URL prefix of the list's state when the page shows two lists. */
  urlNamespace?: string;
  testId: string;
}

/** The columns; Lignes only when asked. */
function fileColumns(withLines: boolean): DataColumn<FeedFileRecord>[] {
  return [
    { key: 'filename', title: 'Fichier', sortable: true, identifying: true, minWidth: 200 },
    {
      key: 'status',
      title: 'Statut',
      sortable: true,
      width: 90,
      align: 'center',
      render: (row) => <FileStatusIcon status={row.status} />,
    },
    {
      key: 'date_creation',
      title: 'Date',
      sortable: true,
      width: 190,
      render: (row) => <span style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>{formatDateTimeSeconds(row.date_creation)}</span>,
    },
    ...(withLines
      ? [
          {
            key: 'lines',
            title: 'Lignes',
            sortable: true,
            width: 110,
            align: 'right' as const,
            render: (row: FeedFileRecord) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{row.lines.toLocaleString('fr-FR')}</span>,
          },
        ]
      : []),
    {
      key: 'error',
      title: 'Erreur',
      // Kept on a phone too (the table scrolls): a failed file's reason is what the operator looks for.
      minWidth: 240,
      render: (row) => (row.error ? <span data-testid="file-error">{row.error}</span> : null),
    },
  ];
}

/**
 * The file records of `list` (GET bodaccall / inseeCompanies / inseeLocations), sorted in the browser,
 * newest first by default, searchable by file name or error.
 */
export function FeedFilesTable({ list, withLines = false, urlNamespace, testId }: FeedFilesTableProps) {
  const query = useQuery({ queryKey: feedFilesKey(list), queryFn: ({ signal }) => fetchFeedFiles(list, signal) });
  const source: ClientListSource<FeedFileRecord> = {
    mode: 'client',
    rows: query.data,
    loading: query.isPending,
    error: query.error,
    retry: () => void query.refetch(),
    searchText: (row) => `${row.filename} ${row.error ?? ''}`,
  };
  const columns = useMemo(() => fileColumns(withLines), [withLines]);
  return (
    <DataList<FeedFileRecord>
      source={source}
      columns={columns}
      urlNamespace={urlNamespace}
      search={{ placeholder: 'Fichier ou erreur' }}
      testId={testId}
    />
  );
}
