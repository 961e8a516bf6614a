/**
 * /news/synchronisations screen « Synchronisations »: every Synchroniser that published something, as a numbered
 * batch, newest first: N°, Date, Par, Articles (published by it), Encore publiés, État (« En ligne », or « Annulée
 * le … par … »), and « Annuler » on a standing batch: confirmed first (« Annuler la synchronisation n° 12 ? » with
 * the count), it puts the batch's articles still published back among the pending news, toasts the server's count
 * and reloads this list and the pending news.
 */
import { UndoOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Tag } from 'antd';
import { useCallback, useMemo } from 'react';
import { ButtonLink } from '../../../components/ButtonLink';
import { useConfirm } from '../../../components/feedback/useConfirmAction';
import { useNotify } from '../../../components/feedback/useNotify';
import { PageHeader } from '../../../components/layout/PageHeader';
import { DataList, type DataColumn } from '../../../components/list/DataList';
import type { ServerListSource } from '../../../components/list/useDataList';
import { formatDateTime } from '../../../lib/dates';
import { PENDING_NEWS_KEY } from '../pending/queries';
import { NEWS_TITLE } from '../texts';
import { SYNC_BATCHES_KEY, filterSyncBatches, undoSyncBatch, type SyncBatch } from './api';
import { SYNC_BATCHES_TITLE, UNDO_KEEP, UNDO_OK, undoQuestion } from './texts';

const source: ServerListSource<SyncBatch> = { mode: 'server', queryKey: [...SYNC_BATCHES_KEY], fetch: filterSyncBatches };

const figure = (n: number) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{n.toLocaleString('fr-FR')}</span>;

/** The state of a batch: « En ligne » while it stands, else when and by whom it was undone. */
function stateOf(batch: SyncBatch) {
  if (!batch.undone_at) return <Tag color="success" variant="outlined" data-testid="sync-batch-state">En ligne</Tag>;
  const by = batch.undone_by ? ` par ${batch.undone_by}` : '';
  return (
    <Tag color="default" variant="outlined" data-testid="sync-batch-state">
      Annulée le {formatDateTime(batch.undone_at)}
      {by}
    </Tag>
  );
}

/** The batches, paged on the server, with the undo of a standing one. */
export default function SyncBatchesPage() {
  const confirm = useConfirm();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const undo = useCallback(
    (batch: SyncBatch) =>
      confirm({
        content: undoQuestion(batch.id, batch.published),
        okText: UNDO_OK,
        cancelText: UNDO_KEEP,
        danger: true,
        onOk: async () => {
          try {
            const answer = await undoSyncBatch(batch.id);
            notify.success(answer.message);
          } catch (error) {
            notify.apiError(error, 'id');
          }
          await Promise.all([SYNC_BATCHES_KEY, PENDING_NEWS_KEY].map((key) => queryClient.invalidateQueries({ queryKey: [...key] })));
        },
      }),
    [confirm, notify, queryClient],
  );
  const columns = useMemo<DataColumn<SyncBatch>[]>(
    () => [
      { key: 'id', title: 'N°', sortable: true, width: 90, identifying: true, render: (b) => figure(b.id) },
      { key: 'created_at', title: 'Date', width: 150, render: (b) => formatDateTime(b.created_at) },
      { key: 'created_by', title: 'Par', minWidth: 140, render: (b) => b.created_by ?? '-' },
      { key: 'articles', title: 'Articles', width: 110, align: 'right', render: (b) => figure(b.articles) },
      { key: 'published', title: 'Encore publiés', width: 140, align: 'right', render: (b) => figure(b.published) },
      { key: 'state', title: 'État', minWidth: 220, render: stateOf },
      {
        key: 'action',
        title: 'Action',
        width: 130,
        render: (b) =>
          b.undone_at ? null : (
            <Button
              size="small"
              danger
              icon={<UndoOutlined aria-hidden />}
              aria-label={`Annuler la synchronisation n° ${b.id}`}
              data-testid="sync-batch-undo"
              onClick={() => undo(b)}
            >
              Annuler
            </Button>
          ),
      },
    ],
    [undo],
  );
  return (
    <>
      <PageHeader
        title={SYNC_BATCHES_TITLE}
        breadcrumb={[{ title: NEWS_TITLE, to: '/news' }, { title: SYNC_BATCHES_TITLE }]}
        extra={<ButtonLink to="/news">News en attente</ButtonLink>}
      />
      <Card>
        <DataList<SyncBatch> source={source} columns={columns} testId="sync-batches-list" exportCsv={{ path: '/api/news/syncbatches/export.csv' }} />
      </Card>
    </>
  );
}
