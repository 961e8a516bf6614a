/**
 * /news screen 'News': the pending news, paged on the server, with Import CSV, Synchroniser and
 * Gérer les catégories (SPEC section 2 "News").
 */
import { CloudUploadOutlined, SyncOutlined, TagsOutlined } from '@ant-design/icons';
import { Button, Card } from 'antd';
import type { NewsItem } from '../../../api/types';
import { ButtonLink } from '../../../components/ButtonLink';
import { PageHeader } from '../../../components/layout/PageHeader';
import { DataList, type DataColumn } from '../../../components/list/DataList';
import type { ServerListSource } from '../../../components/list/useDataList';
import { formatDateTime } from '../../../lib/dates';
import { NEWS_SEARCH_PLACEHOLDER, NEWS_TITLE } from '../texts';
import { filterNews } from './api';
import { PENDING_NEWS_KEY } from './queries';
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

/**
 * Pending news (/news): ID, Siren, Titre, Catégorie, Date, every column sortable, searched by SIREN,
 * title or category on the server. 'Synchroniser' asks « Publier N articles ? », then publishes them all
 * (spins while running, toasts the count, reloads the list).
 */
export default function NewsListPage() {
  const sync = useConfirmedSyncAll();
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
        <DataList<NewsItem> source={source} columns={columns} search={{ placeholder: NEWS_SEARCH_PLACEHOLDER }} testId="news-list" />
      </Card>
    </>
  );
}
