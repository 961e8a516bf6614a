/**
 * /transactions/files screen 'Fichiers importés' (SPEC sections 2 and 3 "Imported file"): table ID, Name, Date,
 * and Résultat: what the import did (rows read, deals created, updated, unchanged); « Exporter CSV » of the
 * loaded list's search and sort, written in the browser.
 */
import { useQuery } from '@tanstack/react-query';
import { Card } from 'antd';
import { PageHeader } from '../../../components/layout/PageHeader';
import { DataList, type DataColumn } from '../../../components/list/DataList';
import { importSummaryText } from '../../../components/imports/summaryText';
import { formatDateTimeInput } from '../../../lib/dates';
import { DEALS_CRUMB } from '../breadcrumbs';
import { FILES_TITLE } from '../texts';
import type { ImportedFile } from '../types';
import { FILES_KEY, fetchImportedFiles } from './api';

/** What an import did: rows read; created, updated and unchanged count deals (a deal spans several rows). */
function summaryText(summary: NonNullable<ImportedFile['summary']>): string {
  return importSummaryText(summary, { created: ['transaction créée', 'transactions créées'] });
}

const columns: DataColumn<ImportedFile>[] = [
  { key: 'id', title: 'ID', sortable: true, width: 90 },
  { key: 'name', title: 'Name', sortable: true, identifying: true },
  {
    key: 'created_at',
    title: 'Date',
    sortable: true,
    width: 170,
    render: (file) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatDateTimeInput(file.created_at)}</span>,
    csv: (file) => formatDateTimeInput(file.created_at),
  },
  {
    key: 'summary',
    title: 'Résultat',
    minWidth: 220,
    render: (file) => (file.summary ? <span data-testid="file-summary">{summaryText(file.summary)}</span> : null),
    csv: (file) => (file.summary ? summaryText(file.summary) : null),
  },
];

/** The imported files (GET /api/transactions/allfiles), paged and sorted in the browser, searched by name. */
export default function FilesPage() {
  const query = useQuery({ queryKey: FILES_KEY, queryFn: fetchImportedFiles });
  return (
    <>
      <PageHeader title={FILES_TITLE} breadcrumb={[DEALS_CRUMB, { title: FILES_TITLE }]} />
      <Card>
        <DataList<ImportedFile>
          source={{
            mode: 'client',
            rows: query.data,
            loading: query.isPending || (query.isError && query.isFetching),
            error: query.error,
            retry: () => void query.refetch(),
            searchText: (file) => file.name,
          }}
          columns={columns}
          search={{ placeholder: 'Nom du fichier' }}
          testId="deal-files-list"
          exportCsv={{ name: 'fichiers-importes' }}
        />
      </Card>
    </>
  );
}
