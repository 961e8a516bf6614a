/**
 * A table of feed file records (SPEC section 2 "Supervision") on the shared list:
 * Fichier, status icon, Date (DD/MM/YYYY HH:mm:ss, Europe/Paris), Lignes for the INSEE tables, Résultat (what
 * the import did: rows read, created, updated, unchanged, log entries, SIRENs queued for the RNE), Erreur
 * (text only when present); sortable, page sizes, footer, « Aucun résultat trouvé ». Read again every
 * IDLE_POLL_MS, so that files imported by the inbox, the CLI or the scheduled fetch appear without a reload.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { FEED_HEALTH_KEY } from '../../components/feeds/api';
import { DataList, type DataColumn } from '../../components/list/DataList';
import type { ClientListSource } from '../../components/list/useDataList';
import { importSummaryText } from '../../components/imports/summaryText';
import { formatDateTimeSeconds } from '../../lib/dates';
import { fetchFeedFiles, type FeedFileList, type FeedFileRecord } from './api';
import { FileStatusIcon } from './FileStatusIcon';
import { feedFilesKey } from './queries';
import { IDLE_POLL_MS, STATUS_LABELS } from './texts';

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
    // The identifying column keeps its words whole (a file name is read whole); the table scrolls in its card.
    { key: 'filename', title: 'Fichier', sortable: true, identifying: true, minWidth: 200, csv: (row) => row.filename },
    {
      key: 'status',
      title: 'Statut',
      sortable: true,
      // On a phone the status, date and lines are in the row's details (the row expands), beside the name.
      secondary: true,
      width: 90,
      align: 'center',
      render: (row) => <FileStatusIcon status={row.status} />,
      csv: (row) => (row.status === 1 ? STATUS_LABELS.ok : STATUS_LABELS.failed),
    },
    {
      key: 'date_creation',
      title: 'Date',
      sortable: true,
      secondary: true,
      width: 190,
      render: (row) => <span style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>{formatDateTimeSeconds(row.date_creation)}</span>,
      csv: (row) => formatDateTimeSeconds(row.date_creation),
    },
    ...(withLines
      ? [
          {
            key: 'lines',
            title: 'Lignes',
            sortable: true,
            secondary: true,
            width: 110,
            align: 'right' as const,
            render: (row: FeedFileRecord) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{row.lines.toLocaleString('fr-FR')}</span>,
            csv: (row: FeedFileRecord) => row.lines,
          },
        ]
      : []),
    {
      key: 'summary',
      title: 'Résultat',
      // Narrow enough for the table to fit a laptop's width beside the error; its parts wrap between them.
      minWidth: 96,
      render: (row) => (row.summary ? <span data-testid="file-summary" style={{ overflowWrap: 'anywhere' }}>{importSummaryText(row.summary)}</span> : null),
      csv: (row) => (row.summary ? importSummaryText(row.summary) : null),
    },
    {
      key: 'error',
      title: 'Erreur',
      // Kept on a phone too (the table scrolls): a failed file's reason is what the operator looks for.
      minWidth: 240,
      // A long reason wraps, even inside a word (a header quoted whole), instead of widening the table.
      render: (row) => (row.error ? <span data-testid="file-error" style={{ overflowWrap: 'anywhere' }}>{row.error}</span> : null),
      csv: (row) => row.error,
    },
  ];
}

/**
 * The file records of `list` (GET bodaccall / inseeCompanies / inseeLocations), sorted in the browser,
 * newest first by default, searchable by file name or error.
 */
export function FeedFilesTable({ list, withLines = false, urlNamespace, testId }: FeedFilesTableProps) {
  const queryClient = useQueryClient();
  // Read again every IDLE_POLL_MS: a file that came by the inbox, the CLI or the scheduled fetch may have been
  // imported whole between two reads of the jobs under way, and is then seen only here.
  const query = useQuery({ queryKey: feedFilesKey(list), queryFn: ({ signal }) => fetchFeedFiles(list, signal), refetchInterval: IDLE_POLL_MS });
  const newest = query.data?.reduce((max, row) => Math.max(max, row.id), 0);
  const seenNewest = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (newest === undefined) return;
    // A new record (success or failure) moves the feed's health: read it again at once.
    if (seenNewest.current !== undefined && newest !== seenNewest.current) void queryClient.invalidateQueries({ queryKey: FEED_HEALTH_KEY });
    seenNewest.current = newest;
  }, [newest, queryClient]);
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
      exportCsv={{ name: `fichiers-${list}` }}
    />
  );
}
