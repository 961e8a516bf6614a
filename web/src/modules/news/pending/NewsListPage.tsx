/**
 * /news screen 'News': the pending news, paged on the server, with Import CSV, Synchroniser and
 * Gérer les catégories (SPEC section 2 "News"), and their deletion: one row, a selection, or every row of
 * one import (its chip, then « Tout sélectionner »).
 */
import { CloudUploadOutlined, DeleteOutlined, SyncOutlined, TagsOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import type { NewsItem, PendingImport } from '../../../api/types';
import { ButtonLink } from '../../../components/ButtonLink';
import { useConfirmAction } from '../../../components/feedback/useConfirmAction';
import { PageHeader } from '../../../components/layout/PageHeader';
import type { BulkOptions } from '../../../components/list/BulkBar';
import { DataList, type DataColumn } from '../../../components/list/DataList';
import { deleteColumn } from '../../../components/list/deleteColumn';
import type { QuickSearchOption } from '../../../components/list/QuickSearchTags';
import type { ServerListSource } from '../../../components/list/useDataList';
import { formatDateTime } from '../../../lib/dates';
import { NEWS_SEARCH_PLACEHOLDER, NEWS_TITLE, deletePendingQuestion, removePendingQuestion } from '../texts';
import { deletePending, filterNews, pendingImports, removePending } from './api';
import { PENDING_IMPORTS_KEY, PENDING_NEWS_KEY } from './queries';
import { useConfirmedSyncAll } from './useSyncAll';

const source: ServerListSource<NewsItem> = { mode: 'server', queryKey: [...PENDING_NEWS_KEY], fetch: filterNews };

const columns: DataColumn<NewsItem>[] = [
  { key: 'id', title: 'ID', sortable: true, width: 90, secondary: true },
  {
    key: 'siren',
    title: 'Siren',
    sortable: true,
    identifying: true,
    minWidth: 110,
    render: (item) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{item.siren}</span>,
  },
  { key: 'title', title: 'Titre', sortable: true, minWidth: 240 },
  { key: 'newscategory', title: 'Catégorie', sortable: true, render: (item) => item.newscategory.name_fr },
  { key: 'posted', title: 'Date', sortable: true, width: 150, render: (item) => formatDateTime(item.posted) },
];

const bulk: BulkOptions = {
  actions: [{ key: 'delete', label: 'Supprimer', icon: <DeleteOutlined aria-hidden />, danger: true, question: deletePendingQuestion, run: deletePending }],
  invalidate: [[...PENDING_IMPORTS_KEY]],
};

/**
 * The import chips: « Toutes », then one per import that has pending rows (file, upload time, rows), whose
 * search `import:<id>` lists its rows; an import emptied while the page is open keeps its chip, at (0), so that
 * its search stays a chip. None while no import has rows.
 */
function useImportChips(): QuickSearchOption[] | undefined {
  const imports = useQuery({ queryKey: [...PENDING_IMPORTS_KEY], queryFn: ({ signal }) => pendingImports(signal) });
  const [seen, setSeen] = useState<PendingImport[]>([]);
  const data = imports.data;
  useEffect(() => {
    if (!data) return;
    setSeen((before) => [...data, ...before.filter((old) => !data.some((i) => i.id === old.id)).map((old) => ({ ...old, count: 0 }))]);
  }, [data]);
  return useMemo(() => {
    if (!seen.length) return undefined;
    return [
      { value: '', label: 'Toutes', isDefault: true },
      ...seen.map((i) => ({ value: `import:${i.id}`, label: `${i.filename} du ${formatDateTime(i.created_at)} (${i.count.toLocaleString('fr-FR')})` })),
    ];
  }, [seen]);
}

/**
 * Pending news (/news): ID, Siren, Titre, Catégorie, Date, every column sortable, searched by SIREN,
 * title or category on the server. 'Synchroniser' asks « Publier N articles ? », then publishes them all
 * (spins while running, toasts the count, reloads the list). Each row has 'Effacer' (a confirmation naming
 * the article); ticked rows, or the whole list of the search, are deleted by 'Supprimer' (`BulkBar`); a chip per
 * import lists the rows that came from it.
 */
export default function NewsListPage() {
  const sync = useConfirmedSyncAll();
  const confirmAction = useConfirmAction();
  const quick = useImportChips();
  const listColumns = useMemo(
    () => [
      ...columns,
      deleteColumn<NewsItem>({
        label: (item) => `Effacer l’article ${item.title}`,
        testId: 'remove-pending',
        fixed: 'right',
        onDelete: (item) =>
          confirmAction({
            content: removePendingQuestion(item.title),
            okText: 'Effacer',
            danger: true,
            action: () => removePending(item.id),
            invalidate: [[...PENDING_NEWS_KEY], [...PENDING_IMPORTS_KEY]],
          }),
      }),
    ],
    [confirmAction],
  );
  return (
    <>
      <PageHeader
        title={NEWS_TITLE}
        breadcrumb={[{ title: NEWS_TITLE }]}
        extra={
          <>
            <ButtonLink to="/news/import" icon={<CloudUploadOutlined aria-hidden />} data-testid="news-import-link">
              Import CSV
            </ButtonLink>
            <Button
              type="primary"
              icon={<SyncOutlined aria-hidden />}
              loading={sync.busy}
              onClick={() => void sync.start()}
              data-testid="news-sync"
            >
              Synchroniser
            </Button>
            <ButtonLink to="/news/categories" icon={<TagsOutlined aria-hidden />} data-testid="news-categories-link">
              Gérer les catégories
            </ButtonLink>
          </>
        }
      />
      <Card>
        <DataList<NewsItem>
          source={source}
          columns={listColumns}
          search={{ placeholder: NEWS_SEARCH_PLACEHOLDER, quick }}
          bulk={bulk}
          testId="news-list"
          exportCsv={{ path: '/api/news/export.csv' }}
        />
      </Card>
    </>
  );
}
